"""ResponsesAgent: the same loop on the Responses API, against the offline model and against
the real recordings (helpers/transcripts/openai-responses__*), read by the same code."""

from __future__ import annotations

import asyncio
import json
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import openai
import pytest
from history_invariant import assert_history_invariant
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from helpers.agent import Agent
from helpers.backend import connect, connect_async
from helpers.demo_tools import weather_registry
from helpers.errors import IncompleteReply
from helpers.events import Event, FragmentEvent, RequestEvent
from helpers.registry import ToolRegistry
from helpers.replay import Replay, recording
from helpers.responses import (
    ResponsesAgent,
    ResponseStreamAccumulator,
    definitions,
    function_call_output,
    input_items,
    reply_from_response,
)

SCHEMAS = Path(__file__).resolve().parents[1] / "fixtures" / "openai-responses-schemas.json"
STREAM_CALL = "openai-responses__stream-function-call"
STREAM_ANSWER = "openai-responses__stream-after-function-output"
PARALLEL = "openai-responses__nonstream-parallel-function-calls"


@pytest.fixture(autouse=True)
def offline(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WORKBOOK_FORCE_OFFLINE", "1")


def nullable_to_union(node: Any) -> Any:
    """OpenAPI's `nullable: true` written the JSON Schema 2020-12 way."""
    if isinstance(node, list):
        return [nullable_to_union(item) for item in node]
    if not isinstance(node, dict):
        return node
    node = {key: nullable_to_union(value) for key, value in node.items()}
    return {"anyOf": [node, {"type": "null"}]} if node.pop("nullable", False) else node


@cache
def validator(name: str) -> jsonschema.Draft202012Validator:
    spec = nullable_to_union(json.loads(SCHEMAS.read_text()))
    registry = Registry().with_resource(
        "urn:openai", Resource.from_contents(spec, default_specification=DRAFT202012)
    )
    return jsonschema.Draft202012Validator(
        {"$ref": f"urn:openai#/components/schemas/{name}"}, registry=registry
    )


def multiply_registry() -> ToolRegistry:
    """The recorded conversation's tool: multiply(a, b)."""
    registry = ToolRegistry()

    @registry.register(description="Multiply two numbers.")
    def multiply(a: int, b: int) -> int:
        return a * b

    return registry


def parallel_registry() -> ToolRegistry:
    """The recorded parallel calls' two tools."""
    registry = ToolRegistry()

    @registry.register(description="Gets current weather for a location")
    def weather(latitude: str, longitude: str) -> dict[str, Any]:
        return {"latitude": latitude, "longitude": longitude, "temperature_c": 18}

    @registry.register(description="Gets the best language to learn")
    def best_language_to_learn() -> str:
        return "Python"

    return registry


# ---- step 2 and step 6 in the Responses API's shapes ----


def test_definitions_are_flat_function_tools() -> None:
    flat = definitions(weather_registry())
    chat = weather_registry().definitions()
    assert [tool["name"] for tool in flat] == [tool["function"]["name"] for tool in chat]
    for tool, original in zip(flat, chat, strict=True):
        validator("FunctionTool").validate(tool)
        assert "function" not in tool and tool["parameters"] == original["function"]["parameters"]
        assert tool["strict"] is False


def test_the_history_becomes_instructions_and_items_keyed_by_call_id() -> None:
    call = {
        "id": "call_7",
        "type": "function",
        "function": {"name": "get_weather", "arguments": '{"city": "Seoul"}'},
    }
    history = [
        {"role": "system", "content": "Be brief."},
        {"role": "user", "content": "Seoul?"},
        {"role": "assistant", "content": None, "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "call_7", "content": '{"temp": 3}'},
    ]
    instructions, items = input_items(history)
    assert instructions == "Be brief."
    assert items == [
        {"role": "user", "content": "Seoul?"},
        {
            "type": "function_call",
            "call_id": "call_7",
            "name": "get_weather",
            "arguments": '{"city": "Seoul"}',
        },
        {"type": "function_call_output", "call_id": "call_7", "output": '{"temp": 3}'},
    ]
    for item in items[1:]:
        validator("InputItem").validate(item)


def test_a_result_answers_the_call_id_not_the_item_id() -> None:
    item = recording(PARALLEL).response()["output"][1]
    sdk_item = openai.types.responses.ResponseFunctionToolCall.model_validate(item)
    for call in (item, sdk_item):
        output = function_call_output(call, "18 C")
        assert output == {
            "type": "function_call_output",
            "call_id": item["call_id"],
            "output": "18 C",
        }
        validator("FunctionCallOutputItemParam").validate(output)
    assert item["id"].startswith("fc_") and item["call_id"].startswith("call_")


# ---- the same loop on the offline model ----


def requests_of(agent: Agent) -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = []
    agent.subscribe(lambda e: sent.append(e.request) if isinstance(e, RequestEvent) else None)
    return sent


def test_the_same_run_on_both_wires() -> None:
    question = "What's the weather in Tokyo and Paris?"
    chat, responses = (
        Agent(connect(), weather_registry()),
        ResponsesAgent(connect(), weather_registry()),
    )
    seen: dict[str, list[str]] = {"chat": [], "responses": []}
    chat.subscribe(lambda e: seen["chat"].append(e.type))
    responses.subscribe(lambda e: seen["responses"].append(e.type))
    sent = requests_of(responses)
    assert responses.run(question) == chat.run(question)
    assert seen["responses"] == seen["chat"]  # the same events: the widgets work unchanged
    assert [m["role"] for m in responses.messages] == [m["role"] for m in chat.messages]
    assert_history_invariant(responses.messages)
    for request in sent:
        validator("CreateResponse").validate(request)
    outputs = [item for item in sent[1]["input"] if item.get("type") == "function_call_output"]
    calls = responses.messages[1]["tool_calls"]
    assert [item["call_id"] for item in outputs] == [call["id"] for call in calls]
    assert all(call["id"].startswith("call_") for call in calls)
    assert (responses.stats.llm_calls, responses.stats.tool_calls) == (2, 2)


def test_a_streamed_run_shows_fragments_and_text() -> None:
    agent = ResponsesAgent(connect_async(), weather_registry())

    async def collect() -> list[Event]:
        return [event async for event in agent.run_stream("베이징 날씨 어때?")]

    events = asyncio.run(collect())
    fragments = [e for e in events if isinstance(e, FragmentEvent)]
    call = agent.messages[1]["tool_calls"][0]
    assert fragments and fragments[-1].arguments == call["function"]["arguments"]
    assert "".join(f.arguments_delta for f in fragments) == call["function"]["arguments"]
    assert {f.id for f in fragments} == {call["id"]}
    deltas = "".join(e.delta for e in events if e.type == "text_delta")
    assert deltas == agent.messages[-1]["content"] and "28" in deltas


def test_a_reply_cut_at_max_output_tokens_is_incomplete() -> None:
    client = connect(script=("A long answer that goes on and on. " * 10,))
    agent = ResponsesAgent(client, weather_registry(), request_options={"max_output_tokens": 16})
    with pytest.raises(IncompleteReply) as raised:
        agent.run("Tell me everything.")
    assert raised.value.cause == "length"


# ---- the real recordings, through the same code ----


def test_recorded_parallel_calls_run_through_the_same_steps() -> None:
    replay = Replay([recording(PARALLEL)])
    agent = ResponsesAgent(replay.client(), parallel_registry())
    with pytest.raises(openai.BadRequestError, match="never recorded"):
        agent.run(recording(PARALLEL).request["input"][0]["content"])
    recorded = [i for i in recording(PARALLEL).response()["output"] if i["type"] == "function_call"]
    calls = agent.messages[1]["tool_calls"]
    assert [c["id"] for c in calls] == [i["call_id"] for i in recorded]
    assert [c["function"]["name"] for c in calls] == ["weather", "best_language_to_learn"]
    assert [m["tool_call_id"] for m in agent.messages[2:4]] == [i["call_id"] for i in recorded]
    second = replay.requests[1]["input"]  # step 6 as the agent sent it
    outputs = [item for item in second if item.get("type") == "function_call_output"]
    assert [o["call_id"] for o in outputs] == [i["call_id"] for i in recorded]
    assert outputs[1]["output"] == "Python"


def test_recorded_stream_then_answer_through_run_stream() -> None:
    replay = Replay([recording(STREAM_CALL), recording(STREAM_ANSWER)], chunk_size=37)
    agent = ResponsesAgent(replay.async_client(), multiply_registry())

    async def collect() -> list[Event]:
        return [e async for e in agent.run_stream("What is 1231 * 2331? Use the multiply tool.")]

    events = asyncio.run(collect())
    assert events[-1].type == "answer"
    assert events[-1].content == "1231 × 2331 = **2,869,461**"
    fragments = [e for e in events if isinstance(e, FragmentEvent)]
    assert fragments[-1].arguments == '{"a":1231,"b":2331}' and len(fragments) == 12
    recorded = recording(STREAM_ANSWER).request["input"]
    sent = replay.requests[1]["input"]
    assert [(i.get("type"), i.get("call_id")) for i in sent] == [
        (i.get("type"), i.get("call_id")) for i in recorded
    ]
    assert sent[-1]["output"] == recorded[-1]["output"] == "2869461"


def sdk_events(stem: str) -> list[Any]:
    """The recorded stream's events as the SDK parses them."""
    stream = (
        Replay([recording(stem)])
        .client()
        .responses.create(**{**recording(stem).request, "model": "gpt-5.5"})
    )
    return list(stream)


@pytest.mark.parametrize("stem", [STREAM_CALL, STREAM_ANSWER])
def test_the_accumulator_agrees_with_the_completed_response(stem: str) -> None:
    events = sdk_events(stem)
    accumulator = ResponseStreamAccumulator()
    for event in events:
        accumulator.add(event)
    assert accumulator.reply().message == reply_from_response(events[-1].response).message
    assert accumulator.status == "completed" and accumulator.usage["prompt_tokens"] > 0


def test_deltas_join_their_call_by_item_id_when_the_index_is_missing() -> None:
    accumulator = ResponseStreamAccumulator()
    for output_index, call_id in enumerate(["call_a", "call_b"]):
        accumulator.add(
            {
                "type": "response.output_item.added",
                "output_index": output_index,
                "item": {
                    "type": "function_call",
                    "id": f"fc_{call_id}",
                    "call_id": call_id,
                    "name": "f",
                    "arguments": "",
                },
            }
        )
    for piece, item_id in [
        ('{"x":', "fc_call_b"),
        ('{"y":', "fc_call_a"),
        ("1}", "fc_call_b"),
        ("2}", "fc_call_a"),
    ]:
        accumulator.add(
            {"type": "response.function_call_arguments.delta", "item_id": item_id, "delta": piece}
        )
    calls = accumulator.reply().tool_calls
    assert [(c.id, c.arguments) for c in calls] == [("call_a", '{"y":2}'), ("call_b", '{"x":1}')]


def test_the_done_value_wins_over_the_pieces() -> None:
    accumulator = ResponseStreamAccumulator()
    accumulator.add(
        {
            "type": "response.output_item.added",
            "output_index": 0,
            "item": {
                "type": "function_call",
                "id": "fc_1",
                "call_id": "call_1",
                "name": "f",
                "arguments": "",
            },
        }
    )
    accumulator.add(
        {
            "type": "response.function_call_arguments.delta",
            "output_index": 0,
            "item_id": "fc_1",
            "delta": '{"x": 1',
        }
    )
    accumulator.add(
        {
            "type": "response.function_call_arguments.done",
            "output_index": 0,
            "item_id": "fc_1",
            "name": "f",
            "arguments": '{"x": 1}',
        }
    )
    assert accumulator.reply().tool_calls[0].arguments == '{"x": 1}'


def test_a_failed_stream_names_what_failed() -> None:
    accumulator = ResponseStreamAccumulator()
    failed = {
        "type": "response.failed",
        "response": {"error": {"code": "server_error", "message": "try again"}},
    }
    with pytest.raises(Exception, match="server_error: try again"):
        accumulator.add(failed)


# ---- exercise 12.1's checker: rejects the stub and plausible mistakes, accepts alternatives ----


def solution(call: dict[str, Any], result: str) -> dict[str, Any]:
    return {"type": "function_call_output", "call_id": call["call_id"], "output": result}


WRONG = {
    "stub": lambda call, result: (_ for _ in ()).throw(NotImplementedError()),
    "the item id": lambda call, result: {**solution(call, result), "call_id": call["id"]},
    "a chat tool message": lambda call, result: {
        "role": "tool",
        "tool_call_id": call["call_id"],
        "content": result,
    },
    "quoted twice": lambda call, result: {**solution(call, result), "output": json.dumps(result)},
    "the call's type": lambda call, result: {**solution(call, result), "type": "function_call"},
    "the arguments too": lambda call, result: {**solution(call, result), "arguments": "{}"},
    "a changed call": lambda call, result: solution(call.update(status="x") or call, result),
    "the same call_id for all": lambda call, result: {
        **solution(call, result),
        "call_id": "call_Seoul01",
    },
}
RIGHT = {
    "the solution": solution,
    "helpers' own": function_call_output,
    "keyword dict with status": lambda call, result: dict(
        output=result, call_id=call["call_id"], type="function_call_output", status="completed"
    ),
    "with the tool's name": lambda call, result: {**solution(call, result), "name": call["name"]},
}


@pytest.mark.parametrize("name", WRONG)
def test_the_checker_rejects(name: str) -> None:
    from helpers.exercises import check

    assert not check("12.1", WRONG[name])


@pytest.mark.parametrize("name", RIGHT)
def test_the_checker_accepts(name: str) -> None:
    from helpers.exercises import check

    verdict = check("12.1", RIGHT[name])
    assert verdict, verdict.message
