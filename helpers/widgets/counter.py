"""CallCounter: LLM calls, tool calls, their ratio, tokens, errors (occasional vs repeated).

Seed 000's insight 3 (one tool call costs two LLM calls) and 추가 질문 2 (an occasional error
heals itself, a repeated one needs a human), counted live from the agent's events.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from helpers.agent import ErrorStreaks
from helpers.registry import ToolResult
from helpers.widgets.style import WARNING_COLOUR, FullTextRepr, plural


class CallCounter(FullTextRepr, widgets.HTML):
    """A small table of counts, updated by the agent's events (or filled from AgentStats)."""

    def __init__(self) -> None:
        super().__init__()
        self.llm_calls = 0
        self.tool_calls = 0
        self.prompt_tokens = 0
        self.completion_tokens = 0
        self.occasional_errors = 0
        self.repeated_errors = 0
        self.alarms: list[str] = []
        self._streaks = ErrorStreaks()
        self._redraw()

    @property
    def errors(self) -> int:
        """Every failed tool call, occasional or repeated."""
        return self.occasional_errors + self.repeated_errors

    @property
    def ratio(self) -> float | None:
        """LLM calls per tool call (2.0 for one tool call answered in one run), None before any."""
        return self.llm_calls / self.tool_calls if self.tool_calls else None

    def handle(self, event: Any) -> None:
        """Agent subscriber: count answered LLM calls, usage, tool calls, errors and alarms."""
        if event.type == "message" and event.data["message"].get("role") == "user":
            self._streaks = ErrorStreaks()  # a new question starts a new error count, as in Agent
        elif event.type == "decision":
            self.llm_calls += 1
            self._add_usage(event.data.get("usage"))
        elif event.type == "tool_done":
            self._count_tool_call(event.data)
        elif event.type == "alarm":
            self.alarms.append(_alarm_text(event.data))
        else:
            return
        self._redraw()

    def show_stats(self, stats: Any) -> None:
        """Show an AgentStats (`agent.stats`) instead of counting events."""
        self.llm_calls = stats.llm_calls
        self.tool_calls = stats.tool_calls
        self.prompt_tokens = stats.prompt_tokens
        self.completion_tokens = stats.completion_tokens
        self.occasional_errors = stats.occasional_errors
        self.repeated_errors = stats.repeated_errors
        self._redraw()

    def _add_usage(self, usage: dict[str, int] | None) -> None:
        """Add a `decision` event's token usage (None when the server sent none)."""
        if usage:
            self.prompt_tokens += usage.get("prompt_tokens") or 0
            self.completion_tokens += usage.get("completion_tokens") or 0

    def _count_tool_call(self, data: dict[str, Any]) -> None:
        """The Agent's rule: the first failure in a row is occasional, the next ones repeated."""
        self.tool_calls += 1
        result = ToolResult(str(data["content"]), bool(data["ok"]), data.get("error_kind"))
        in_a_row, _rule = self._streaks.record(str(data["function"]), result)
        if in_a_row == 1:
            self.occasional_errors += 1
        elif in_a_row > 1:
            self.repeated_errors += 1

    def _rows(self) -> list[tuple[str, str]]:
        """(label, value) for each line of the table."""
        ratio = "–" if self.ratio is None else f"{self.ratio:.1f}"
        return [
            ("LLM calls", str(self.llm_calls)),
            ("tool calls", str(self.tool_calls)),
            ("LLM calls per tool call", ratio),
            ("tokens (prompt / completion)", f"{self.prompt_tokens} / {self.completion_tokens}"),
            ("errors (occasional / repeated)",
             f"{self.errors} ({self.occasional_errors} / {self.repeated_errors})"),
        ]

    def _redraw(self) -> None:
        cells = "".join(
            f'<tr><td style="padding:0 8px">{name}</td><td><b>{value}</b></td></tr>'
            for name, value in self._rows()
        )
        alarms = "".join(
            f'<div style="color:{WARNING_COLOUR}"><b>🚨 alarm:</b> {escape(reason)}</div>'
            for reason in self.alarms
        )
        self.value = f"<table>{cells}</table>{alarms}"

    def __repr__(self) -> str:
        lines = [f"CallCounter: {plural(self.llm_calls, 'LLM call')}, "
                 f"{plural(self.tool_calls, 'tool call')}"]
        lines += [f"{name}: {value}" for name, value in self._rows()[2:]]
        lines += [f"alarm: {reason}" for reason in self.alarms]
        return "\n  ".join(lines)


def _alarm_text(data: dict[str, Any]) -> str:
    """One line for an `alarm` event: which tool, how often, by which rule."""
    return (
        f"{data.get('function')} failed {data.get('count')} times in a row "
        f"({data.get('reason')}): fix the descriptions or the prompt"
    )
