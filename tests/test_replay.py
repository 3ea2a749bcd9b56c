"""helpers.replay: real recordings through the real SDK, the accumulator and the Agent.

The Agent tests give the recorded tool calls to stub tools with the recorded names. The
second request of a conversation is served only from what was recorded: where the whole
conversation was recorded (non-streamed: Crumpet's dragons, three requests; streamed: the
capital of the UK, two requests), the agent's own follow-up requests are compared with the
recorded ones. Where only the call was recorded (parallel calls, forced tools, other
providers), the second reply is a recorded final answer from another conversation: those
tests check that the loop carried and answered every call, not the final words.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx2
import openai
import pytest

from helpers import Agent, ToolCallAccumulator, ToolRegistry
from helpers.replay import (
    Recording,
    Replay,
    recording,
    replay_async_client,
    replay_client,
    sse_data,
    stems,
    wire_shapes,
)

NEEDED = [  # the recordings the lessons use (issue 11, section 2)
    "openai__chat-nonstream-parallel-calls",
    "openai__chat-nonstream-forced-named-tool",
    "openai__chat-stream-forced-named-tool",
    "openai__chat-nonstream-final-answer",
    "openai__chat-stream-single-call",
    "openai__chat-stream-parallel-calls",
    "openai__chat-stream-final-answer-after-tool",
    "ollama__chat-stream-qwen3-whole-call",
    "mistral__chat-stream-call-finish-usage-one-chunk",
    "groq__chat-stream-tool-use-failed-midstream",
    "openrouter__chat-stream-deepseek-via-baseten",
    "gemini-openai-compat__chat-nonstream-empty-call-id",
    "openai-responses__nonstream-parallel-function-calls",
    "openai-responses__stream-after-function-output",
    "openai-responses__stream-function-call",
    "anthropic__nonstream-parallel-tool-use",
    "anthropic__stream-tool-use",
]
CHAT = [stem for stem in stems() if recording(stem).api == "chat.completions"]
CHAT_STREAMS = [stem for stem in CHAT if recording(stem).kind == "sse"]
EXPECTED_STREAMS = {  # stem: (tool names, finish_reason, text), read off the recordings
    "openai__chat-stream-single-call": (["get_capital"], "tool_calls", ""),
    "openai__chat-stream-parallel-calls": (["plus", "minus"], "tool_calls", ""),
    "openai__chat-stream-forced-named-tool": (["plus"], "stop", ""),
    "openai__chat-stream-final-answer-after-tool": ([], "stop", "The capital of the UK is London."),
    "ollama__chat-stream-qwen3-whole-call": (["weather"], "tool_calls", ""),
    "mistral__chat-stream-call-finish-usage-one-chunk": (["weather"], "tool_calls", ""),
    "openrouter__chat-stream-deepseek-via-baseten": (["plus"], "tool_calls", ""),
}
STUB_RESULTS = {  # what each recorded tool name returns here
    "lookup_population": 123124,
    "can_have_dragons": True,
    "get_capital": "London",
    "plus": 5,
    "minus": 1,
    "delete_file": "deleted",
    "create_file": "created",
    "get_weather": "sunny",
    "weather": "15°C, clear",
    "get_current_time": "12:00",
}


def stub_registry(*names: str) -> ToolRegistry:
    """Tools with the recorded names that accept any arguments and return STUB_RESULTS."""
    registry = ToolRegistry()
    for name in names:
        registry.register(
            lambda _value=STUB_RESULTS[name], **_: _value,
            name=name,
            description=f"A stub for the recorded tool {name}.",
            parameters={"type": "object", "properties": {}, "additionalProperties": True},
        )
    return registry


def stream_through_sdk(stem: str, chunk_size: int | None) -> tuple[ToolCallAccumulator, int]:
    """The SDK reads one recorded stream; the accumulator takes every chunk it hands over."""
    client = replay_client(stem, chunk_size=chunk_size)
    accumulator, chunks = ToolCallAccumulator(), 0
    for chunk in client.chat.completions.create(model="replay", messages=[], stream=True):
        accumulator.add(chunk)
        chunks += 1
    return accumulator, chunks


# ---- the vendored files ----


def test_every_recording_the_lessons_use_is_vendored_with_its_source() -> None:
    assert set(NEEDED) <= set(stems())
    for stem in stems():
        found = recording(stem)
        assert found.note("license").startswith(("MIT", "Apache-2.0")), stem
        assert found.note("repository").startswith("https://github.com/"), stem
        assert found.api in ("chat.completions", "responses", "messages"), stem
        assert found.request, stem


def test_an_unknown_stem_is_named_with_the_ones_that_exist() -> None:
    with pytest.raises(KeyError, match="openai__chat-stream-single-call"):
        recording("openai__no-such-thing")


def test_sse_bodies_are_served_byte_for_byte_in_slices() -> None:
    found = recording("openrouter__chat-stream-deepseek-via-baseten")
    response = Replay([found], chunk_size=3).respond(
        httpx2.Request("POST", "http://replay.invalid/v1/chat/completions", content=b"{}")
    )
    pieces = list(response.iter_raw())
    assert b"".join(pieces) == found.body
    assert b": OPENROUTER PROCESSING" in found.body
    assert max(len(piece) for piece in pieces) == 3


def test_a_bad_chunk_size_is_named_at_once() -> None:
    with pytest.raises(ValueError, match="chunk_size"):
        replay_client("openai__chat-stream-single-call", chunk_size=0)


# ---- every chat recording through the real SDK ----


@pytest.mark.parametrize("chunk_size", [None, 7])
@pytest.mark.parametrize("stem", sorted(EXPECTED_STREAMS))
def test_every_stream_survives_the_accumulator(stem: str, chunk_size: int | None) -> None:
    accumulator, _ = stream_through_sdk(stem, chunk_size)
    names, finish_reason, text = EXPECTED_STREAMS[stem]
    assert [call["function"]["name"] for call in accumulator.tool_calls] == names
    assert accumulator.finish_reason == finish_reason
    assert accumulator.content == text
    for call in accumulator.tool_calls:
        assert call["id"], stem
        assert isinstance(json.loads(call["function"]["arguments"]), dict)
    assert accumulator.usage and accumulator.usage["completion_tokens"] > 0


def test_every_chat_stream_has_an_expectation() -> None:
    groq = "groq__chat-stream-tool-use-failed-midstream"
    assert set(CHAT_STREAMS) == set(EXPECTED_STREAMS) | {groq}


def test_a_whole_call_in_one_chunk_with_finish_and_usage() -> None:
    """Mistral: the call, finish_reason and usage all in one chunk; nothing of it is dropped."""
    accumulator, chunks = stream_through_sdk("mistral__chat-stream-call-finish-usage-one-chunk", 5)
    assert chunks == 2
    assert json.loads(accumulator.tool_calls[0]["function"]["arguments"]) == {
        "latitude": "52.5200",
        "longitude": "13.4050",
    }
    assert accumulator.usage["prompt_tokens"] == 159


def test_a_forced_named_tool_can_end_with_stop() -> None:
    """gpt-4o, forced tool: finish_reason 'stop' although the message carries a tool call."""
    accumulator, _ = stream_through_sdk("openai__chat-stream-forced-named-tool", None)
    assert accumulator.finish_reason == "stop"
    assert accumulator.message()["tool_calls"][0]["function"]["arguments"] == '{"a":2,"b":3}'


def test_an_error_event_mid_stream_raises_after_every_earlier_chunk() -> None:
    """Groq: HTTP 200, reasoning deltas, then `event: error`. The SDK raises APIError carrying
    the failed generation; every chunk before it reached the accumulator."""
    stem = "groq__chat-stream-tool-use-failed-midstream"
    client = replay_client(stem, chunk_size=11)
    accumulator, chunks = ToolCallAccumulator(), 0
    with pytest.raises(openai.APIError) as raised:
        for chunk in client.chat.completions.create(model="replay", messages=[], stream=True):
            accumulator.add(chunk)
            chunks += 1
    assert raised.value.code == "tool_use_failed"
    assert "get_something_by_name" in raised.value.body["failed_generation"]
    assert chunks == len(sse_data(recording(stem).body)) - 1  # all but the error's own data
    assert accumulator.tool_calls == []


@pytest.mark.parametrize("stem", [s for s in CHAT if recording(s).kind == "json"])
def test_every_non_streamed_chat_recording_parses(stem: str) -> None:
    completion = replay_client(stem).chat.completions.create(model="replay", messages=[])
    expected = recording(stem).response()["choices"][0]
    assert completion.choices[0].finish_reason == expected["finish_reason"]
    calls = completion.choices[0].message.tool_calls or []
    assert [c.function.name for c in calls] == [
        c["function"]["name"] for c in expected["message"].get("tool_calls", [])
    ]


def test_the_async_client_replays_in_slices() -> None:
    async def read() -> ToolCallAccumulator:
        client = replay_async_client("openai__chat-stream-parallel-calls", chunk_size=4)
        accumulator = ToolCallAccumulator()
        stream = await client.chat.completions.create(model="replay", messages=[], stream=True)
        async for chunk in stream:
            accumulator.add(chunk)
        return accumulator

    accumulator = asyncio.run(read())
    assert [json.loads(c["function"]["arguments"]) for c in accumulator.tool_calls] == [
        {"a": 2, "b": 3},
        {"a": 3, "b": 2},
    ]


def test_a_request_past_the_recordings_is_refused_with_the_reason() -> None:
    client = replay_client("openai__chat-nonstream-final-answer")
    client.chat.completions.create(model="replay", messages=[])
    with pytest.raises(openai.BadRequestError, match="request 2 was never recorded"):
        client.chat.completions.create(model="replay", messages=[])


def test_a_recording_is_served_only_on_its_endpoint() -> None:
    client = replay_client("openai-responses__stream-function-call")
    with pytest.raises(openai.BadRequestError, match="answers /responses"):
        client.chat.completions.create(model="replay", messages=[])


def test_a_responses_stream_replays_through_the_sdk() -> None:
    client = replay_client("openai-responses__stream-function-call", chunk_size=9)
    events = list(client.responses.create(model="replay", input="x", stream=True))
    done = [e for e in events if e.type == "response.function_call_arguments.done"]
    assert len(done) == 1 and json.loads(done[0].arguments) == {"a": 1231, "b": 2331}
    assert events[-1].type == "response.completed"


# ---- through the Agent ----


def request_messages(found: Recording) -> list[dict[str, Any]]:
    """A recorded request's messages, compared field by field (keys order and nulls aside)."""
    return [comparable(message) for message in found.request["messages"]]


def comparable(message: dict[str, Any]) -> dict[str, Any]:
    """role, content, tool_call_id and each call's id, name and parsed arguments."""
    calls = [
        (c["id"], c["function"]["name"], json.loads(c["function"]["arguments"]))
        for c in message.get("tool_calls", [])
    ]
    return {
        "role": message["role"],
        "content": message.get("content"),
        "tool_call_id": message.get("tool_call_id"),
        "calls": calls,
    }


def test_agent_run_replays_a_whole_recorded_conversation() -> None:
    """gpt-4o-mini, two chained calls then YES: the agent sends what the real client sent."""
    chain = [
        "openai__chat-nonstream-single-call",
        "openai__chat-nonstream-chained-second-call",
        "openai__chat-nonstream-final-answer",
    ]
    replay = Replay([recording(stem) for stem in chain])
    agent = Agent(
        replay.client(), stub_registry("lookup_population", "can_have_dragons"), model="gpt-4o-mini"
    )
    answer = agent.run(recording(chain[0]).request["messages"][0]["content"])
    assert answer == "YES"
    for sent, stem in zip(replay.requests, chain, strict=True):
        assert [comparable(m) for m in sent["messages"]] == request_messages(recording(stem))
    assert agent.stats.llm_calls == 3 and agent.stats.tool_calls == 2


def test_agent_run_stream_replays_a_whole_recorded_stream() -> None:
    """gpt-4o-mini streamed: get_capital, then the streamed answer, as recorded."""
    chain = ["openai__chat-stream-single-call", "openai__chat-stream-final-answer-after-tool"]
    replay = Replay([recording(stem) for stem in chain], chunk_size=16)
    agent = Agent(replay.async_client(), stub_registry("get_capital"), model="gpt-4o-mini")

    async def run() -> list[Any]:
        question = recording(chain[0]).request["messages"][0]["content"]
        return [event async for event in agent.run_stream(question)]

    events = asyncio.run(run())
    answer = [e for e in events if e.type == "answer"][0].data["content"]
    assert answer == "The capital of the UK is London."
    text = "".join(e.data["delta"] for e in events if e.type == "text_delta")
    assert text == answer
    assert [comparable(m) for m in replay.requests[1]["messages"]] == request_messages(
        recording(chain[1])
    )


FINAL = {
    "json": "openai__chat-nonstream-final-answer",
    "sse": "openai__chat-stream-final-answer-after-tool",
}


def run_with_final_answer(stem: str) -> Agent:
    """One recorded reply with tool calls, then a recorded final answer; run() or run_stream()."""
    found = recording(stem)
    names = [c["function"]["name"] for c in recorded_calls(found)]
    registry = stub_registry(*dict.fromkeys(names))
    chain = [found, recording(FINAL[found.kind])]
    if found.kind == "json":
        agent = Agent(replay_client(*chain), registry, model="replay")
        agent.run("the recorded question")
        return agent
    agent = Agent(replay_async_client(*chain, chunk_size=13), registry, model="replay")

    async def run() -> None:
        async for _ in agent.run_stream("the recorded question"):
            pass

    asyncio.run(run())
    return agent


def recorded_calls(found: Recording) -> list[dict[str, Any]]:
    """The tool calls in a recording, read with the accumulator (streams) or from the JSON."""
    if found.kind == "json":
        return found.response()["choices"][0]["message"].get("tool_calls", [])
    accumulator = ToolCallAccumulator()
    for chunk in found.response():
        accumulator.add(chunk)
    return accumulator.tool_calls


WITH_CALLS = [
    "openai__chat-nonstream-parallel-calls",
    "openai__chat-nonstream-forced-named-tool",
    "openai__chat-stream-forced-named-tool",
    "openai__chat-stream-parallel-calls",
    "ollama__chat-stream-qwen3-whole-call",
    "mistral__chat-stream-call-finish-usage-one-chunk",
    "openrouter__chat-stream-deepseek-via-baseten",
    "gemini-openai-compat__chat-nonstream-empty-call-id",
]


@pytest.mark.parametrize("stem", WITH_CALLS)
def test_the_agent_runs_every_recorded_call_and_answers_each_by_id(stem: str) -> None:
    agent = run_with_final_answer(stem)
    calls = recorded_calls(recording(stem))
    assistant = [m for m in agent.messages if m.get("tool_calls")]
    assert len(assistant) == 1
    assert [c["function"]["name"] for c in assistant[0]["tool_calls"]] == [
        c["function"]["name"] for c in calls
    ]
    results = [m for m in agent.messages if m["role"] == "tool"]
    assert [m["tool_call_id"] for m in results] == [c["id"] for c in assistant[0]["tool_calls"]]
    assert all(m["tool_call_id"] for m in results)  # an empty recorded id was filled in
    assert [m["content"] for m in results] == [
        json.dumps(STUB_RESULTS[c["function"]["name"]], ensure_ascii=False).strip('"')
        for c in calls
    ]
    assert agent.stats.tool_calls == len(calls)


def test_a_forced_call_that_ends_with_stop_is_still_executed() -> None:
    """Deciding by finish_reason == 'tool_calls' would drop this call; the agent does not."""
    agent = run_with_final_answer("openai__chat-stream-forced-named-tool")
    assert [m["content"] for m in agent.messages if m["role"] == "tool"] == ["5"]


def test_an_error_event_mid_stream_reaches_the_caller_and_the_history_stays_valid() -> None:
    agent = Agent(
        replay_async_client("groq__chat-stream-tool-use-failed-midstream"),
        stub_registry("get_weather"),
        model="replay",
    )

    async def run() -> None:
        async for _ in agent.run_stream("the recorded question"):
            pass

    with pytest.raises(openai.APIError, match="Tool call validation failed"):
        asyncio.run(run())
    assert agent.messages == [{"role": "user", "content": "the recorded question"}]


# ---- seed 000, insight 7 ----


def test_wire_shapes_are_read_from_the_three_recordings() -> None:
    rows = {row["part"]: row for row in wire_shapes()}
    assert list(rows) == [
        "recorded from",
        "definition",
        "call",
        "arguments",
        "result",
        "stop signal",
    ]
    assert "'weather'" in rows["call"]["OpenAI chat"]
    assert "'weather'" in rows["call"]["OpenAI Responses"]
    assert "'weather'" in rows["call"]["Anthropic messages"]
    assert rows["stop signal"]["OpenAI chat"] == "finish_reason: 'tool_calls'"
    assert rows["stop signal"]["Anthropic messages"] == "stop_reason: 'tool_use'"
    assert "input_schema" in rows["definition"]["Anthropic messages"]
    assert "tool_call_id 'call_ZR5UUuTt3pf61kjwAJIYdVMj'" in rows["result"]["OpenAI chat"]
    assert "function_call_output" in rows["result"]["OpenAI Responses"]
    assert "already parsed" in rows["arguments"]["Anthropic messages"]
