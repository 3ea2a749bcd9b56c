"""Plots of agent runs, each split into the data (a pure function) and a small plotting function.

- timeline: when each tool call ran (sequential vs parallel, seed 001)      `timeline_spans`
- tokens vs number of tools: every tool is sent every turn (seed 000, tip)   `tokens_by_tool_count`
- LLM calls vs tool calls per run: one tool call, two LLM calls (insight 3)  `calls_per_run`
- error kinds over a run: occasional vs repeated (extra question 2)          `error_kinds_over_run`

The plotting functions draw with pyplot and return the Figure. In a notebook, assign it
(`figure = plot_timeline(...)`) or end the cell with `plt.show()`: a trailing `;` does not
hide the returned Figure under nbval, which runs cells without storing history.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import matplotlib.pyplot as plt
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from helpers.errors import ERROR_KINDS
from helpers.events import Event, ToolDoneEvent
from helpers.stats import AgentStats
from helpers.tokens import tool_definition_tokens

OK = "ok"


@dataclass(frozen=True)
class Span:
    """One tool call on the timeline: seconds since the run began."""

    label: str
    start: float
    end: float
    ok: bool

    @property
    def seconds(self) -> float:
        """The bar's length: how long the call took."""
        return self.end - self.start


def tool_done_events(events: Iterable[Event]) -> list[ToolDoneEvent]:
    """Every `tool_done` event (step 5), in the order they arrived."""
    return [event for event in events if isinstance(event, ToolDoneEvent)]


def timeline_spans(events: Iterable[Event]) -> list[Span]:
    """Each finished tool call as a Span, numbered in finishing order, sorted by start."""
    spans = [
        Span(f"{done.function} #{number}", done.started, done.finished, done.ok)
        for number, done in enumerate(tool_done_events(events), start=1)
    ]
    return sorted(spans, key=lambda span: span.start)


def wall_seconds(spans: Sequence[Span]) -> float:
    """From the first start to the last end (the sum of `seconds` when calls run one by one)."""
    return max(span.end for span in spans) - min(span.start for span in spans) if spans else 0.0


def plot_timeline(runs: Mapping[str, Iterable[Event]]) -> Figure:
    """One panel per run (e.g. {"sequential": events, "parallel": events}), a bar per tool call."""
    figure, axes = plt.subplots(len(runs), 1, sharex=True, squeeze=False,
                                figsize=(7, 1.2 + 1.2 * len(runs)))
    for ax, (name, events) in zip(axes[:, 0], runs.items(), strict=True):
        spans = timeline_spans(events)
        for row, span in enumerate(spans):
            ax.barh(row, span.seconds, left=span.start, color="tab:blue" if span.ok else "tab:red")
        ax.set_yticks(range(len(spans)), [span.label for span in spans])
        ax.invert_yaxis()
        total = sum(span.seconds for span in spans)
        ax.set_title(f"{name}: {len(spans)} tool calls, {wall_seconds(spans):.2f} s wall time "
                     f"({total:.2f} s of calls)", fontsize=10)
    axes[-1, 0].set_xlabel("seconds since the run began")
    figure.tight_layout()
    return figure


def tokens_by_tool_count(tools: Sequence[dict[str, Any]]) -> list[tuple[int, int]]:
    """(n, prompt tokens of the first n tool definitions) for n = 0 .. len(tools)."""
    return [(count, tool_definition_tokens(list(tools[:count]))) for count in range(len(tools) + 1)]


def plot_tokens_by_tool_count(tools: Sequence[dict[str, Any]]) -> Figure:
    """A line: the tokens every request spends on tool definitions, as tools are added."""
    points = tokens_by_tool_count(tools)
    figure, ax = plt.subplots(figsize=(6, 3.5))
    ax.plot([count for count, _ in points], [tokens for _, tokens in points], marker="o")
    ax.set_xlabel("number of tools registered (all are sent every turn)")
    ax.set_ylabel("prompt tokens for tool definitions")
    ax.set_title("Tokens vs number of tools", fontsize=10)
    figure.tight_layout()
    return figure


def calls_per_run(runs: Mapping[str, AgentStats]) -> list[tuple[str, int, int]]:
    """(run name, LLM calls, tool calls) from each run's AgentStats."""
    return [(name, stats.llm_calls, stats.tool_calls) for name, stats in runs.items()]


def plot_calls_per_run(runs: Mapping[str, AgentStats]) -> Figure:
    """Paired bars per run: LLM calls beside tool calls."""
    rows = calls_per_run(runs)
    positions = range(len(rows))
    figure, ax = plt.subplots(figsize=(6, 3.5))
    ax.bar([x - 0.2 for x in positions], [llm for _, llm, _ in rows], 0.4, label="LLM calls")
    ax.bar([x + 0.2 for x in positions], [tools for _, _, tools in rows], 0.4, label="tool calls")
    ax.set_xticks(list(positions), [name for name, _, _ in rows])
    ax.set_ylabel("calls")
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))  # calls are whole numbers
    ax.set_title("LLM calls vs tool calls per run", fontsize=10)
    ax.legend()
    figure.tight_layout()
    return figure


def error_kinds_over_run(events: Iterable[Event]) -> list[tuple[int, str]]:
    """(tool call number, its error kind or 'ok') for every finished tool call, in order."""
    return [
        (number, OK if done.ok else str(done.error_kind))
        for number, done in enumerate(tool_done_events(events), start=1)
    ]


def error_counts(events: Iterable[Event]) -> Counter[str]:
    """How often each error kind occurred (calls that went well are not counted)."""
    return Counter(kind for _, kind in error_kinds_over_run(events) if kind != OK)


def kinds_in_order(kinds: Iterable[str]) -> list[str]:
    """The given error kinds in the order of ERROR_KINDS, any others after them."""
    found = set(kinds)
    return [kind for kind in ERROR_KINDS if kind in found] + sorted(found - set(ERROR_KINDS))


def plot_error_kinds(events: Iterable[Event]) -> Figure:
    """Left: each tool call's outcome over the run. Right: how often each error kind occurred."""
    events = list(events)
    outcomes = error_kinds_over_run(events)
    counts = error_counts(events)
    kinds = [OK, *kinds_in_order(counts)]
    figure, (over_run, totals) = plt.subplots(1, 2, figsize=(9, 3.5), width_ratios=(2, 1))
    over_run.scatter([number for number, _ in outcomes],
                     [kinds.index(kind) for _, kind in outcomes],
                     c=["tab:green" if kind == OK else "tab:red" for _, kind in outcomes])
    over_run.set_yticks(range(len(kinds)), kinds)
    over_run.set_xlabel("tool call number")
    over_run.xaxis.set_major_locator(MaxNLocator(integer=True))
    over_run.set_title("Outcome of each tool call", fontsize=10)
    error_kinds = kinds[1:]
    totals.barh(error_kinds, [counts[kind] for kind in error_kinds], color="tab:red")
    totals.set_xlabel("count")
    totals.xaxis.set_major_locator(MaxNLocator(integer=True))
    totals.set_title("Errors by kind", fontsize=10)
    figure.tight_layout()
    return figure
