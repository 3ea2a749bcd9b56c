"""CallCounter: LLM calls, tool calls, ratio, tokens, errors occasional vs repeated, alarms."""

from __future__ import annotations

from agent_run import tool_done

from helpers.agent import AgentStats
from helpers.events import Event
from helpers.widgets import CallCounter


def test_one_tool_call_two_llm_calls(run_events: list[Event]) -> None:
    counter = CallCounter()
    for event in run_events:
        counter.handle(event)
    assert (counter.llm_calls, counter.tool_calls, counter.ratio) == (2, 1, 2.0)
    assert (counter.prompt_tokens, counter.completion_tokens) == (100, 20)
    assert "<td><b>2.0</b></td>" in counter.value
    assert repr(counter) == (
        "CallCounter: 2 LLM calls, 1 tool call\n"
        "  LLM calls per tool call: 2.0\n"
        "  tokens (prompt / completion): 100 / 20\n"
        "  errors (occasional / repeated): 0 (0 / 0)"
    )


def test_no_tool_calls_means_no_ratio_yet() -> None:
    counter = CallCounter()
    counter.handle(Event("request", 2, {"request": {}}))
    counter.handle(Event("decision", 4, {"usage": None}))
    assert counter.ratio is None
    assert "LLM calls per tool call: –" in repr(counter)
    assert counter.prompt_tokens == 0


def test_failures_in_a_row_count_as_repeated_like_the_agent_counts_them() -> None:
    counter = CallCounter()
    for event in [
        tool_done("weather_lookup", 0, 1, "unknown_tool"),
        tool_done("weather_lookup", 1, 2, "unknown_tool"),
        tool_done("get_weather", 2, 3),
        tool_done("get_weather", 3, 4, "invalid_arguments"),
    ]:
        counter.handle(event)
    assert (counter.errors, counter.occasional_errors, counter.repeated_errors) == (3, 2, 1)
    assert counter.tool_calls == 4


def test_a_new_question_starts_a_new_error_count() -> None:
    counter = CallCounter()
    counter.handle(tool_done("weather_lookup", 0, 1, "unknown_tool"))
    counter.handle(Event("message", 2, {"message": {"role": "user", "content": "again"}}))
    counter.handle(tool_done("weather_lookup", 1, 2, "unknown_tool"))
    assert (counter.occasional_errors, counter.repeated_errors) == (2, 0)


def test_alarms_are_shown_in_red_and_in_the_repr() -> None:
    counter = CallCounter()
    counter.handle(Event("alarm", None, {"reason": "the same <error>", "count": 3,
                                          "function": "weather_lookup", "error": "x"}))
    expected = ("weather_lookup failed 3 times in a row (the same <error>): "
                "fix the descriptions or the prompt")
    assert "🚨 alarm:</b> weather_lookup failed 3 times in a row (the same &lt;error&gt;)" in (
        counter.value)
    assert repr(counter).endswith(f"alarm: {expected}")


def test_other_events_change_nothing(run_events: list[Event]) -> None:
    counter = CallCounter()
    before = counter.value
    for event in run_events:
        if event.type in {"message", "tool_start", "answer"}:
            counter.handle(event)
    assert counter.value == before


def test_show_stats_takes_the_agents_numbers() -> None:
    counter = CallCounter()
    counter.show_stats(AgentStats(llm_calls=3, tool_calls=2, prompt_tokens=400,
                                  completion_tokens=40, errors=1, occasional_errors=1))
    assert (counter.llm_calls, counter.ratio, counter.errors) == (3, 1.5, 1)
    assert "<td><b>400 / 40</b></td>" in counter.value
