"""Agent: the seven steps against a scripted model behind the real SDK and httpx2.MockTransport."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import httpx2
import pytest
from history_invariant import assert_history_invariant
from scripted_model import ScriptedModel, completion_json

from helpers.agent import Agent
from helpers.backend import sdk_client
from helpers.demo_tools import demo_registry
from helpers.errors import IncompleteReply, IterationLimitReached, RepeatedToolError
from helpers.events import Event
from helpers.registry import ToolRegistry, ToolResult
from helpers.stats import ErrorStreaks

WEATHER_CALL = ("get_weather", '{"city": "베이징"}')
ANSWER = {"content": "베이징은 오늘 맑고 28도입니다."}


def agent_for(model: ScriptedModel, *, sync: bool = True, **options: Any) -> Agent:
    client = model.client() if sync else model.async_client()
    return Agent(client, options.pop("registry", demo_registry()), model="scripted", **options)


def tool_messages(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [m for m in messages if m["role"] == "tool"]


def test_one_tool_call_costs_two_llm_calls() -> None:
    model = ScriptedModel([{"tool_calls": [WEATHER_CALL]}, ANSWER])
    agent = agent_for(model)
    assert agent.run("베이징 날씨 어때?") == ANSWER["content"]
    assert (agent.stats.llm_calls, agent.stats.tool_calls, agent.stats.ratio) == (2, 1, 2.0)
    assert (agent.stats.prompt_tokens, agent.stats.completion_tokens) == (10 + 20, 5 + 5)
    assert [m["role"] for m in agent.messages] == ["user", "assistant", "tool", "assistant"]
    assert_history_invariant(agent.messages)


def test_the_model_sees_the_result_paired_with_its_call() -> None:
    model = ScriptedModel([{"tool_calls": [WEATHER_CALL]}, ANSWER])
    agent_for(model).run("베이징 날씨 어때?")
    second = model.requests[1]["messages"]
    assert second[1]["tool_calls"][0]["id"] == "call_1_0"
    assert second[2]["role"] == "tool" and second[2]["tool_call_id"] == "call_1_0"
    assert json.loads(second[2]["content"])["summary"] == "맑음, 28도"


def test_every_request_carries_every_tool_and_the_system_prompt() -> None:
    model = ScriptedModel([{"tool_calls": [WEATHER_CALL]}, ANSWER])
    registry = demo_registry()
    agent_for(model, registry=registry, system_prompt="Choose only from the listed tools.").run(
        "베이징 날씨 어때?")
    for request in model.requests:
        assert request["model"] == "scripted"
        assert request["tools"] == registry.definitions()
        assert request["messages"][0] == {"role": "system",
                                          "content": "Choose only from the listed tools."}
        assert "stream" not in request


def test_an_answer_without_tools_is_one_llm_call() -> None:
    model = ScriptedModel([{"content": "안녕하세요!"}])
    agent = agent_for(model)
    assert agent.run("안녕") == "안녕하세요!"
    assert (agent.stats.llm_calls, agent.stats.tool_calls, agent.stats.ratio) == (1, 0, None)


def test_history_carries_over_to_the_next_question() -> None:
    model = ScriptedModel([ANSWER, {"content": "천만에요."}])
    agent = agent_for(model)
    agent.run("베이징 날씨 어때?")
    agent.run("고마워")
    assert [m["content"] for m in model.requests[1]["messages"]] == [
        "베이징 날씨 어때?", ANSWER["content"], "고마워"]


# ---- errors are context: each bad input becomes a tool message and the loop goes on ----

BAD_CALLS = {
    "unknown_tool": ("weather_lookup", '{"city": "베이징"}'),
    "invalid_json": ("get_weather", '{"city": "베이'),
    "invalid_arguments": ("get_weather", '{"city": "베이징", "unit": "kelvin"}'),
    "tool_failed": ("get_stock_price", '{"ticker": "AAPL"}'),
}


@pytest.mark.parametrize("kind", BAD_CALLS)
def test_a_bad_call_is_fed_back_and_the_model_heals(kind: str) -> None:
    model = ScriptedModel([{"tool_calls": [BAD_CALLS[kind]]}, {"tool_calls": [WEATHER_CALL]},
                           ANSWER])
    agent = agent_for(model)
    assert agent.run("베이징 날씨 어때?") == ANSWER["content"]
    error_message = tool_messages(model.requests[1]["messages"])[0]
    assert "error" in json.loads(error_message["content"])
    assert agent.stats.error_kinds == {kind: 1}
    assert (agent.stats.errors, agent.stats.occasional_errors, agent.stats.repeated_errors) == (
        1, 1, 0)
    assert_history_invariant(agent.messages)


def test_a_result_that_is_not_json_and_a_timeout_are_fed_back_too() -> None:
    registry = ToolRegistry()
    registry.register(lambda: {1}, name="give_set", description="Returns a set, which is a bug.",
                      parameters={"type": "object", "properties": {}})
    registry.register(lambda: time.sleep(0.5), name="hang",
                      description="Takes longer than the agent waits.",
                      parameters={"type": "object", "properties": {}})
    model = ScriptedModel([{"tool_calls": [("give_set", "{}"), ("hang", "{}")]}, ANSWER])
    agent = agent_for(model, registry=registry, tool_timeout=0.1)
    assert agent.run("?") == ANSWER["content"]
    contents = [m["content"] for m in tool_messages(agent.messages)]
    assert "cannot be sent as JSON" in contents[0] and "did not finish within 0.1 s" in contents[1]
    assert agent.stats.error_kinds == {"not_serialisable": 1, "timeout": 1}
    assert_history_invariant(agent.messages)


# ---- occasional vs repeated: the alarm ----

def test_the_same_unknown_tool_three_times_raises_the_alarm() -> None:
    bad = {"tool_calls": [BAD_CALLS["unknown_tool"]]}
    model = ScriptedModel([bad, bad, bad, ANSWER])
    events: list[Event] = []
    agent = agent_for(model, on_event=events.append, max_iterations=10)
    with pytest.raises(RepeatedToolError) as raised:
        agent.run("베이징 날씨 어때?")
    assert raised.value.function == "weather_lookup" and raised.value.count == 3
    message = str(raised.value)
    assert "3 times in a row" in message and "Unknown tool 'weather_lookup'" in message
    assert "description" in message and "system prompt" in message
    assert len(model.requests) == 3
    assert (agent.stats.occasional_errors, agent.stats.repeated_errors) == (1, 2)
    assert events[-1].type == "alarm" and events[-1].data["count"] == 3
    assert_history_invariant(agent.messages)
    assert agent.messages[-1]["role"] == "tool"


def test_errors_separated_by_successes_are_occasional() -> None:
    bad, good = {"tool_calls": [BAD_CALLS["invalid_arguments"]]}, {"tool_calls": [WEATHER_CALL]}
    model = ScriptedModel([bad, good, bad, good, bad, ANSWER])
    agent = agent_for(model, max_iterations=10)
    assert agent.run("?") == ANSWER["content"]
    assert (agent.stats.errors, agent.stats.occasional_errors, agent.stats.repeated_errors) == (
        3, 3, 0)


def test_alarm_after_is_configurable_and_counts_the_same_tool_failing() -> None:
    model = ScriptedModel([{"tool_calls": [("get_weather", '{"city": 1}')]},
                           {"tool_calls": [("get_weather", "{")]}, ANSWER])
    with pytest.raises(RepeatedToolError, match="the same tool failing"):
        agent_for(model, alarm_after=2).run("?")


def test_error_streaks_count_the_same_error_across_names() -> None:
    streaks = ErrorStreaks()
    error = ToolResult('{"error": "service down"}', ok=False, error_kind="tool_failed")
    assert streaks.record("a", error) == (1, "the same tool failing")
    assert streaks.record("b", error) == (2, "the same error")
    assert streaks.record("c", ToolResult("ok", ok=True)) == (0, "")
    assert streaks.record("a", error) == (2, "the same tool failing")  # c's success is not a's
    assert streaks.record("a", ToolResult("ok", ok=True)) == (0, "")
    assert streaks.record("a", error) == (1, "the same tool failing")


def test_the_iteration_limit_raises_with_a_clear_message() -> None:
    call = {"tool_calls": [WEATHER_CALL]}
    model = ScriptedModel([call, call, call])
    agent = agent_for(model, max_iterations=2)
    with pytest.raises(IterationLimitReached, match="2 model calls without getting a final answer"):
        agent.run("베이징 날씨 어때?")
    assert len(model.requests) == 2
    assert_history_invariant(agent.messages)


def test_calls_without_ids_get_ids_so_results_can_be_paired() -> None:
    def handler(request: httpx2.Request) -> httpx2.Response:
        number = len(json.loads(request.content)["messages"])
        body = completion_json({"tool_calls": [WEATHER_CALL, WEATHER_CALL]} if number == 1
                               else ANSWER, number)
        for call in body["choices"][0]["message"].get("tool_calls", []):
            call["id"] = ""
        return httpx2.Response(200, json=body)

    client = sdk_client(httpx2.MockTransport(handler), base_url="http://m.test/v1", api_key="t")
    agent = Agent(client, demo_registry(), model="scripted")
    agent.run("?")
    assert [m["tool_call_id"] for m in tool_messages(agent.messages)] == ["call_1_0", "call_1_1"]
    assert_history_invariant(agent.messages)


# ---- events ----

def test_events_follow_the_seven_steps_in_order() -> None:
    events: list[Event] = []
    model = ScriptedModel([{"tool_calls": [WEATHER_CALL]}, ANSWER])
    agent = agent_for(model, on_event=events.append)
    agent.run("베이징 날씨 어때?")
    assert [(e.type, e.step) for e in events] == [
        ("message", 2), ("request", 2), ("decision", 4), ("message", 4), ("tool_start", 5),
        ("tool_done", 5), ("message", 6), ("request", 2), ("decision", 4), ("message", 7),
        ("answer", 7)]
    messages = [e.data for e in events if e.type == "message"]
    assert [m["position"] for m in messages] == [0, 1, 2, 3]
    assert [m["message"] for m in messages] == agent.messages
    start, done = events[4].data, events[5].data
    assert start == {"id": "call_1_0", "function": "get_weather", "args": {"city": "베이징"}}
    assert done["ok"] and done["error_kind"] is None and 0 <= done["started"] <= done["finished"]
    assert events[1].data["tool_names"] == demo_registry().names
    assert events[2].data["usage"] == {"prompt_tokens": 10, "completion_tokens": 5}
    assert all(e.to_sse().startswith(f'data: {{"type": "{e.type}"') for e in events)


def test_a_broken_listener_is_reported_and_the_run_goes_on() -> None:
    model = ScriptedModel([{"tool_calls": [WEATHER_CALL]}, ANSWER])
    agent = agent_for(model)
    agent.subscribe(lambda event: 1 / 0)
    with pytest.warns(RuntimeWarning, match="ZeroDivisionError"):
        assert agent.run("?") == ANSWER["content"]


def test_the_wrong_client_kind_is_named() -> None:
    model = ScriptedModel([ANSWER])
    with pytest.raises(TypeError, match=r"helpers\.connect\(\)"):
        agent_for(model, sync=False).run("?")
    with pytest.raises(TypeError, match=r"helpers\.connect_async\(\)"):
        asyncio.run(agent_for(model).run_async("?"))


def test_an_empty_question_is_refused() -> None:
    with pytest.raises(ValueError, match="non-empty string"):
        agent_for(ScriptedModel([ANSWER])).run("  ")


# ---- async: the turn's calls run concurrently ----

def test_run_async_runs_one_turns_calls_concurrently() -> None:
    cities = ["서울", "도쿄", "파리"]
    calls = [("get_weather", json.dumps({"city": c}, ensure_ascii=False)) for c in cities]
    model = ScriptedModel([{"tool_calls": calls}, ANSWER])
    events: list[Event] = []
    agent = agent_for(model, sync=False, registry=demo_registry(delay=0.3),
                      on_event=events.append)
    assert asyncio.run(agent.run_async("세 도시 날씨는?")) == ANSWER["content"]
    steps = [e.type for e in events if e.type in ("tool_start", "tool_done")]
    assert steps == ["tool_start"] * 3 + ["tool_done"] * 3  # all three ran at once
    results = tool_messages(agent.messages)
    assert [json.loads(m["content"])["city"] for m in results] == cities
    assert [m["tool_call_id"] for m in results] == ["call_1_0", "call_1_1", "call_1_2"]
    assert (agent.stats.llm_calls, agent.stats.tool_calls) == (2, 3)


# ---- streaming ----

async def collect(agent: Agent, question: str) -> list[Event]:
    return [event async for event in agent.run_stream(question)]


def test_run_stream_streams_text_and_emits_the_same_steps_as_run() -> None:
    script = [{"content": "확인해 볼게요.", "tool_calls": [WEATHER_CALL]}, ANSWER]
    streamed = ScriptedModel(script)
    agent = agent_for(streamed, sync=False)
    events = asyncio.run(collect(agent, "베이징 날씨 어때?"))
    deltas = [e for e in events if e.type == "text_delta"]
    assert "".join(e.data["delta"] for e in deltas) == "확인해 볼게요." + ANSWER["content"]
    fragments = [e.data for e in events if e.type == "fragment"]
    assert fragments[-1]["arguments"] == WEATHER_CALL[1] and fragments[0]["name"] == "get_weather"
    plain_events: list[Event] = []
    agent_for(ScriptedModel(script), on_event=plain_events.append).run("베이징 날씨 어때?")
    stepwise = [(e.type, e.step) for e in events if e.type not in ("text_delta", "fragment")]
    assert stepwise == [(e.type, e.step) for e in plain_events]
    assert agent.messages[1]["content"] == "확인해 볼게요."
    assert agent.messages[-1] == {"role": "assistant", "content": ANSWER["content"]}
    assert (agent.stats.llm_calls, agent.stats.prompt_tokens) == (2, 30)
    assert all(r["stream"] and r["stream_options"] == {"include_usage": True}
               for r in streamed.requests)
    assert_history_invariant(agent.messages)


def test_text_arrives_before_the_answer_is_complete() -> None:
    async def first_delta_before_answer() -> bool:
        agent = agent_for(ScriptedModel([ANSWER]), sync=False)
        kinds = [event.type async for event in agent.run_stream("?")]
        return kinds.index("text_delta") < kinds.index("decision") < kinds.index("answer")

    assert asyncio.run(first_delta_before_answer())


def test_run_stream_raises_the_alarm_after_yielding_it() -> None:
    bad = {"tool_calls": [BAD_CALLS["unknown_tool"]]}
    agent = agent_for(ScriptedModel([bad, bad, bad]), sync=False)
    seen: list[Event] = []

    async def consume() -> None:
        async for event in agent.run_stream("?"):
            seen.append(event)

    with pytest.raises(RepeatedToolError):
        asyncio.run(consume())
    assert seen[-1].type == "alarm"
    assert_history_invariant(agent.messages)
    assert agent._listeners == [agent.stats.handle]  # the stream's queue is gone


# ---- a run stopped during step 5 still leaves a valid history ----

def test_ctrl_c_during_a_tool_answers_every_call_of_the_turn() -> None:
    registry = ToolRegistry()

    @registry.register
    def wait_for_user(prompt: str) -> str:
        """Wait for a person to type something (stopped with Ctrl-C here)."""
        raise KeyboardInterrupt

    model = ScriptedModel([{"tool_calls": [("wait_for_user", '{"prompt": "a"}'),
                                           ("wait_for_user", '{"prompt": "b"}')]}, ANSWER])
    agent = agent_for(model, registry=registry)
    with pytest.raises(KeyboardInterrupt):
        agent.run("?")
    assert_history_invariant(agent.messages)
    assert [m["role"] for m in agent.messages] == ["user", "assistant", "tool", "tool"]
    assert "stopped before this tool call finished" in agent.messages[-1]["content"]
    assert agent.run("again?") == ANSWER["content"]  # the history is fit for the next request


def test_leaving_a_stream_during_a_tool_cancels_it_and_keeps_history_valid() -> None:
    registry = ToolRegistry()
    finished: list[str] = []

    @registry.register
    async def slow_lookup(key: str) -> str:
        """Look a key up in a slow remote store."""
        await asyncio.sleep(5)
        finished.append(key)
        return key

    agent = agent_for(ScriptedModel([{"tool_calls": [("slow_lookup", '{"key": "k"}')]}]),
                      sync=False, registry=registry)

    async def leave_after_tool_start() -> None:
        stream = agent.run_stream("?")
        async for event in stream:
            if event.type == "tool_start":
                break
        await stream.aclose()

    started = time.monotonic()
    asyncio.run(leave_after_tool_start())
    assert time.monotonic() - started < 3 and finished == []
    assert_history_invariant(agent.messages)
    assert agent.messages[-1]["role"] == "tool"


# ---- issue 10: replies the loop must not take at face value ----

MODES = ("run", "run_async", "run_stream")
TRANSCRIPTS = Path(__file__).resolve().parents[1] / "fixtures" / "real-transcripts"


def ask(model: ScriptedModel, mode: str, question: str = "?", **options: Any) -> Agent:
    """Run `question` with `mode` on a fresh agent; return the agent (its history, its stats)."""
    agent = agent_for(model, sync=mode == "run", **options)
    if mode == "run":
        agent.run(question)
    elif mode == "run_async":
        asyncio.run(agent.run_async(question))
    else:
        asyncio.run(collect(agent, question))
    return agent


def city_call(city: str, call_id: str) -> tuple[str, str, str]:
    return ("get_weather", json.dumps({"city": city}, ensure_ascii=False), call_id)


def results_by_city(agent: Agent) -> list[tuple[str, str]]:
    """(tool_call_id, the city its result is about) for every tool message."""
    return [(m["tool_call_id"], json.loads(m["content"])["city"])
            for m in tool_messages(agent.messages)]


@pytest.mark.parametrize("mode", MODES)
def test_a_filled_in_id_never_takes_the_id_of_a_later_call(mode: str) -> None:
    model = ScriptedModel([{"tool_calls": [city_call("서울", ""), city_call("도쿄", "call_1_0")]},
                           ANSWER])
    agent = ask(model, mode)
    assert results_by_city(agent) == [("call_1_0", "서울"), ("call_1_0_2", "도쿄")]
    assert_history_invariant(agent.messages)
    assert_history_invariant(model.requests[1]["messages"])  # what the model saw, too


@pytest.mark.parametrize("mode", MODES)
def test_ids_a_model_repeats_are_renamed_and_results_stay_paired(mode: str) -> None:
    model = ScriptedModel([
        {"tool_calls": [city_call("서울", "call_x"), city_call("도쿄", "call_x")]},
        {"tool_calls": [city_call("파리", "call_x")]},  # the next turn reuses it again
        ANSWER])
    agent = ask(model, mode)
    assert results_by_city(agent) == [("call_x", "서울"), ("call_x_2", "도쿄"),
                                      ("call_x_3", "파리")]
    assert_history_invariant(agent.messages)


def test_the_decision_event_shows_the_ids_the_history_uses() -> None:
    events: list[Event] = []
    model = ScriptedModel([{"tool_calls": [city_call("서울", "c"), city_call("도쿄", "c")]},
                           ANSWER])
    agent_for(model, on_event=events.append).run("?")
    decision = next(e for e in events if e.type == "decision")
    assert [call["id"] for call in decision.data["tool_calls"]] == ["c", "c_2"]
    assert [e.data["id"] for e in events if e.type == "tool_done"] == ["c", "c_2"]


CUT_TEXT = {"content": "베이징은 오늘 맑고 기온은", "finish_reason": "length"}
CUT_CALL = {"tool_calls": [("get_weather", '{"city": "베')], "finish_reason": "length"}


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("reply", [CUT_TEXT, CUT_CALL], ids=["text", "tool_call"])
def test_a_reply_cut_at_the_token_limit_is_an_error_that_names_the_cause(
    mode: str, reply: dict[str, Any]
) -> None:
    events: list[Event] = []
    with pytest.raises(IncompleteReply) as raised:
        ask(ScriptedModel([reply, ANSWER]), mode, on_event=events.append)
    message = str(raised.value)
    assert "token limit" in message and "finish_reason 'length'" in message
    assert "max_tokens" in message and "max_completion_tokens" in message
    if "tool_calls" in reply:
        assert "arguments are incomplete" in message
    assert raised.value.cause == "length"
    assert [e.type for e in events][-2:] == ["decision", "incomplete"]
    assert events[-1].data["cause"] == "length" and events[-1].data["message"] == message
    assert "tool_start" not in [e.type for e in events]  # cut arguments are never run


@pytest.mark.parametrize("mode", MODES)
def test_a_cut_reply_is_counted_and_leaves_a_valid_history(mode: str) -> None:
    model = ScriptedModel([CUT_CALL, ANSWER])
    agent = agent_for(model, sync=mode == "run")
    with pytest.raises(IncompleteReply):
        ask_again(agent, mode)
    assert (agent.stats.llm_calls, agent.stats.incomplete_replies) == (1, 1)
    assert [m["role"] for m in agent.messages] == ["user"]
    assert_history_invariant(agent.messages)
    ask_again(agent, mode)  # the next question works
    assert agent.messages[-1]["content"] == ANSWER["content"]


def ask_again(agent: Agent, mode: str) -> None:
    if mode == "run":
        agent.run("?")
    elif mode == "run_async":
        asyncio.run(agent.run_async("?"))
    else:
        asyncio.run(collect(agent, "?"))


def empty_tool_calls(request: httpx2.Request) -> httpx2.Response:
    """A server that says tool_calls but sends an empty list and no text."""
    body = completion_json({"content": None, "finish_reason": "tool_calls"}, 1)
    body["choices"][0]["message"]["tool_calls"] = []
    return httpx2.Response(200, json=body)


def test_a_reply_with_empty_tool_calls_and_no_text_is_an_error() -> None:
    client = sdk_client(
        httpx2.MockTransport(empty_tool_calls), base_url="http://m.test/v1", api_key="t"
    )
    with pytest.raises(IncompleteReply, match="neither text nor tool calls") as raised:
        Agent(client, demo_registry(), model="scripted").run("?")
    assert raised.value.cause == "empty" and "'tool_calls'" in str(raised.value)


@pytest.mark.parametrize("mode", MODES)
def test_empty_text_without_tool_calls_is_an_error_not_an_empty_answer(mode: str) -> None:
    with pytest.raises(IncompleteReply, match="neither text nor tool calls"):
        ask(ScriptedModel([{"content": ""}]), mode)


def plus_registry() -> ToolRegistry:
    registry = ToolRegistry()

    @registry.register
    def plus(a: int, b: int) -> int:
        """Add two whole numbers.

        Args:
            a: The first number.
            b: The second number.
        """
        return a + b

    return registry


@pytest.mark.parametrize("mode", MODES)
def test_tool_calls_run_whatever_the_finish_reason_says(mode: str) -> None:
    """gpt-4o ends a forced named tool_choice with finish_reason 'stop': the calls decide."""
    forced = {"tool_calls": [("plus", '{"a": 2, "b": 3}')], "finish_reason": "stop"}
    agent = ask(ScriptedModel([forced, ANSWER]), mode, registry=plus_registry())
    assert [m["content"] for m in tool_messages(agent.messages)] == ["5"]
    assert agent.messages[-1]["content"] == ANSWER["content"]


def test_a_recorded_forced_tool_stream_ending_in_stop_runs_the_tool() -> None:
    """openai__chat-stream-forced-named-tool: gpt-4o's stream, finish_reason 'stop'."""
    recorded = (TRANSCRIPTS / "openai__chat-stream-forced-named-tool.response.sse").read_bytes()
    model = ScriptedModel([{"body": recorded}, ANSWER])
    agent = ask(model, "run_stream", registry=plus_registry())
    call = agent.messages[1]["tool_calls"][0]
    assert (call["id"], call["function"]) == ("call_I4rgKPZdvSkKA3XnEcMYmHN2",
                                              {"name": "plus", "arguments": '{"a":2,"b":3}'})
    assert tool_messages(agent.messages) == [
        {"role": "tool", "tool_call_id": "call_I4rgKPZdvSkKA3XnEcMYmHN2", "content": "5"}]
    assert agent.messages[-1]["content"] == ANSWER["content"]


def custom_then_answer(request: httpx2.Request) -> httpx2.Response:
    """A reply with a `custom` tool call beside a function call, then the answer."""
    number = len([m for m in json.loads(request.content)["messages"] if m["role"] != "tool"])
    if number > 1:
        return httpx2.Response(200, json=completion_json(ANSWER, 2))
    body = completion_json({"tool_calls": [WEATHER_CALL]}, 1)
    body["choices"][0]["message"]["tool_calls"].insert(0, {
        "id": "call_custom", "type": "custom",
        "custom": {"name": "get_weather", "input": "베이징"}})
    return httpx2.Response(200, json=body)


def test_a_custom_tool_call_gets_an_error_result_naming_the_functions() -> None:
    client = sdk_client(
        httpx2.MockTransport(custom_then_answer), base_url="http://m.test/v1", api_key="t"
    )
    agent = Agent(client, demo_registry(), model="scripted")
    assert agent.run("베이징 날씨 어때?") == ANSWER["content"]
    refused, weather = tool_messages(agent.messages)
    assert refused["tool_call_id"] == "call_custom"
    error = json.loads(refused["content"])["error"]
    assert "Tool call type 'custom' is not supported" in error
    assert "call one of the functions: " + ", ".join(demo_registry().names) in error
    assert json.loads(weather["content"])["city"] == "베이징"
    custom, function = agent.messages[1]["tool_calls"]
    assert custom == {"id": "call_custom", "type": "custom",
                      "custom": {"name": "get_weather", "input": "베이징"}}  # as the API sent it
    assert list(function) == ["id", "type", "function"]  # the order the API documents
    assert agent.stats.error_kinds == {"unknown_tool": 1}
    assert_history_invariant(agent.messages)


def test_request_options_go_into_every_request_and_the_cut_message_names_them() -> None:
    model = ScriptedModel([CUT_TEXT])
    agent = agent_for(model, request_options={"max_completion_tokens": 8})
    with pytest.raises(IncompleteReply, match=r"request_options=\{'max_completion_tokens'"):
        agent.run("?")
    assert model.requests[0]["max_completion_tokens"] == 8
    assert model.requests[0]["tools"] == demo_registry().definitions()
