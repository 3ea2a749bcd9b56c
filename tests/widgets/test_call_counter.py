"""CallCounter: LLM calls, tool calls, ratio, tokens, errors occasional vs repeated, alarms."""

from __future__ import annotations

from agent_run import tool_done

from helpers.events import AlarmEvent, DecisionEvent, Event, IncompleteEvent, MessageEvent
from helpers.stats import AgentStats
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
    counter.handle(DecisionEvent(iteration=1, content="hi", tool_calls=[], finish_reason="stop",
                                 usage=None))
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
    counter.handle(MessageEvent(step=2, message={"role": "user", "content": "again"},
                                position=2))
    counter.handle(tool_done("weather_lookup", 1, 2, "unknown_tool"))
    assert (counter.occasional_errors, counter.repeated_errors) == (2, 0)


def test_alarms_are_shown_in_red_and_in_the_repr() -> None:
    counter = CallCounter()
    counter.handle(AlarmEvent(reason="the same <error>", count=3, function="weather_lookup",
                              error="x"))
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


def test_a_cut_reply_gets_a_row_once_there_is_one(run_events: list[Event]) -> None:
    counter = CallCounter()
    for event in run_events:
        counter.handle(event)
    assert "cut off" not in repr(counter)
    counter.handle(IncompleteEvent(iteration=3, cause="length", finish_reason="length",
                                   message="The model's reply was cut at the token limit"))
    assert counter.stats.incomplete_replies == 1
    assert repr(counter).endswith("replies cut off or empty: 1")


def test_the_counter_and_the_agent_count_alike() -> None:
    """The same AgentStats: a counter subscribed to an agent ends with the agent's numbers."""
    from agent_run import calls, scripted_client, text

    from helpers.agent import Agent
    from helpers.demo_tools import demo_registry

    replies = [calls(("weather_lookup", "{}")), calls(("get_weather", '{"city": "Seoul"}')),
               text("맑음")]
    agent = Agent(scripted_client(replies), demo_registry(), model="scripted")
    counter = CallCounter()
    agent.subscribe(counter.handle)
    agent.run("서울 날씨?")
    assert counter.stats == agent.stats
    assert (counter.llm_calls, counter.tool_calls, counter.errors) == (3, 2, 1)
