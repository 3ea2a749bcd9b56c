"""The data behind each plot, and that each plot draws it."""

from __future__ import annotations

from types import SimpleNamespace

import matplotlib.pyplot as plt
import pytest
from agent_run import one_tool_run, tool_done

from helpers.plots import (
    Span,
    calls_per_run,
    error_counts,
    error_kinds_over_run,
    kinds_in_order,
    plot_calls_per_run,
    plot_error_kinds,
    plot_timeline,
    plot_tokens_by_tool_count,
    timeline_spans,
    tokens_by_tool_count,
    wall_seconds,
)
from helpers.tokens import tool_definition_tokens

SEQUENTIAL = [tool_done("get_weather", 0.0, 1.0), tool_done("get_time", 1.0, 2.0),
              tool_done("search_docs", 2.0, 3.0)]
PARALLEL = [tool_done("get_time", 0.0, 0.9), tool_done("search_docs", 0.0, 1.0),
            tool_done("get_weather", 0.0, 1.1)]
ERRORS = [tool_done("weather_lookup", 0, 1, "unknown_tool"),
          tool_done("weather_lookup", 1, 2, "unknown_tool"),
          tool_done("get_weather", 2, 3, "invalid_arguments"),
          tool_done("get_weather", 3, 4)]


def tool(name: str) -> dict:
    return {"type": "function", "function": {
        "name": name, "description": f"Look up {name.replace('_', ' ')}.",
        "parameters": {"type": "object", "properties": {"query": {"type": "string"}}}}}


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def test_timeline_spans_come_from_tool_done_events_only() -> None:
    spans = timeline_spans(one_tool_run())
    assert spans == [Span("get_weather #1", 0.1, 0.3, True)]
    assert spans[0].seconds == pytest.approx(0.2)


def test_parallel_calls_take_the_longest_call_sequential_ones_the_sum() -> None:
    assert wall_seconds(timeline_spans(SEQUENTIAL)) == pytest.approx(3.0)
    assert wall_seconds(timeline_spans(PARALLEL)) == pytest.approx(1.1)
    assert wall_seconds([]) == 0.0


def test_spans_are_sorted_by_start_and_numbered_by_finish() -> None:
    events = [tool_done("late", 0.5, 0.6), tool_done("early", 0.0, 1.0)]
    assert [span.label for span in timeline_spans(events)] == ["early #2", "late #1"]


def test_plot_timeline_draws_one_panel_per_run_and_one_bar_per_call() -> None:
    figure = plot_timeline({"sequential": SEQUENTIAL, "parallel": PARALLEL, "none": []})
    assert [len(ax.patches) for ax in figure.axes] == [3, 3, 0]
    assert figure.axes[0].get_title().startswith("sequential: 3 tool calls")


def test_tokens_grow_with_every_tool_added() -> None:
    tools = [tool(name) for name in ["get_weather", "search_docs", "get_time", "convert"]]
    points = tokens_by_tool_count(tools)
    assert [count for count, _ in points] == [0, 1, 2, 3, 4]
    tokens = [value for _, value in points]
    assert tokens[0] == 0 and all(a < b for a, b in zip(tokens, tokens[1:], strict=False))
    assert tokens[-1] == tool_definition_tokens(tools)
    line = plot_tokens_by_tool_count(tools).axes[0].lines[0]
    assert list(line.get_ydata()) == tokens


def test_calls_per_run_reads_each_runs_stats() -> None:
    runs = {"one tool": SimpleNamespace(llm_calls=2, tool_calls=1),
            "no tool": SimpleNamespace(llm_calls=1, tool_calls=0)}
    assert calls_per_run(runs) == [("one tool", 2, 1), ("no tool", 1, 0)]
    bars = plot_calls_per_run(runs).axes[0].patches
    assert [bar.get_height() for bar in bars] == [2, 1, 1, 0]


def test_error_kinds_over_a_run_and_their_counts() -> None:
    assert error_kinds_over_run(ERRORS) == [
        (1, "unknown_tool"), (2, "unknown_tool"), (3, "invalid_arguments"), (4, "ok")]
    assert error_counts(ERRORS) == {"unknown_tool": 2, "invalid_arguments": 1}
    assert kinds_in_order(["made_up", "invalid_arguments", "unknown_tool"]) == [
        "unknown_tool", "invalid_arguments", "made_up"]


def test_plot_error_kinds_draws_every_call_and_every_kind() -> None:
    over_run, totals = plot_error_kinds(iter(ERRORS)).axes
    assert len(over_run.collections[0].get_offsets()) == 4
    assert [tick.get_text() for tick in over_run.get_yticklabels()] == [
        "ok", "unknown_tool", "invalid_arguments"]
    assert [bar.get_width() for bar in totals.patches] == [2, 1]
