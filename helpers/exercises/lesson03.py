"""Checkers for lesson 03's exercises: steps 5-7 (execute, answer each call by id, ask again)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import openai

from helpers.demo_tools import demo_registry
from helpers.exercises import checker, expect, offline_client

TWO_CITIES = "도쿄랑 파리 날씨 어때?"


def record_requests(client: openai.OpenAI) -> list[tuple[dict[str, Any], Any]]:
    """Record each request the client sends and its response; the real SDK still sends them."""
    sent: list[tuple[dict[str, Any], Any]] = []
    send = client.chat.completions.create

    def create(**request: Any) -> Any:
        response = send(**request)
        sent.append((copy.deepcopy(request), response))
        return response

    client.chat.completions.create = create  # type: ignore[method-assign]
    return sent


def wire_call(call_id: str, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """One entry of an assistant message's `tool_calls`, as the API sends it."""
    return {
        "id": call_id,
        "type": "function",
        "function": {"name": name, "arguments": json.dumps(arguments, ensure_ascii=False)},
    }


def city_of(arguments: str) -> str:
    return json.loads(arguments)["city"]


@checker("03.1")
def check_tool_messages(tool_messages: Callable[..., list[dict[str, Any]]]) -> None:
    """03.1 (seed 000, steps 5-6 and the tool_call_id tip): every call answered under its own id."""
    calls = [
        wire_call("call_tokyo", "weather", {"city": "Tokyo"}),
        wire_call("call_paris", "weather", {"city": "Paris"}),
        wire_call("call_unknown", "weather_lookup", {"city": "Seoul"}),
    ]
    expected = {
        "call_tokyo": "weather: Tokyo",
        "call_paris": "weather: Paris",
        "call_unknown": "weather_lookup: Seoul",
    }
    executed: list[str] = []

    def execute(name: str, arguments: str) -> str:
        expect(
            isinstance(arguments, str),
            "call execute(name, arguments) with the arguments exactly as the call carries them: "
            f"the JSON string; got a {type(arguments).__name__}.",
        )
        executed.append(name)
        return f"{name}: {city_of(arguments)}"

    messages = tool_messages(calls, execute)
    expect(isinstance(messages, list), f"return a list of messages; got {type(messages).__name__}.")
    expect(
        len(executed) == len(calls),
        f"execute should run once per call: {len(calls)} calls, but {len(executed)} runs.",
    )
    expect(
        len(messages) == len(calls),
        f"{len(calls)} calls need {len(calls)} tool messages, one each, even for a call that "
        f"fails; got {len(messages)}.",
    )
    for message in messages:
        expect(
            isinstance(message, dict) and message.get("role") == "tool",
            f"each message needs the role 'tool'; got {message!r}.",
        )
        call_id = message.get("tool_call_id")
        expect(
            call_id in expected,
            f"a message has tool_call_id {call_id!r}, which is none of the calls' ids "
            f"({', '.join(expected)}): copy each call's 'id' into its message.",
        )
        expect(
            message.get("content") == expected[call_id],
            f"the message for {call_id} carries {message.get('content')!r}, but that call's "
            f"result is {expected[call_id]!r}: each result must go back under the id of the "
            "call that produced it.",
        )
    answered = [message["tool_call_id"] for message in messages]
    expect(
        sorted(answered) == sorted(expected),
        f"each call needs exactly one answer; the ids answered were {answered}.",
    )
    expect(
        tool_messages([], execute) == [], "a turn without calls needs no tool messages: return []."
    )


@checker("03.2")
def check_finish_turn(finish_turn: Callable[..., str]) -> None:
    """03.2 (seed 000, steps 5-7): run the calls, answer each by id, one more LLM call."""
    client, model = offline_client()
    registry = demo_registry()
    messages: list[dict[str, Any]] = [{"role": "user", "content": TWO_CITIES}]
    reply = client.chat.completions.create(
        model=model, messages=messages, tools=registry.definitions()
    ).choices[0].message
    calls = [call.model_dump() for call in reply.tool_calls or []]
    messages.append({"role": "assistant", "content": reply.content, "tool_calls": calls})
    asked = len(messages)
    sent = record_requests(client)

    answer = finish_turn(client, model, registry, messages)

    expect(
        len(sent) == 1,
        f"finish_turn made {len(sent)} LLM calls; steps 5-7 need exactly one: the second call "
        "of 'one tool call, two LLM calls'.",
    )
    request, response = sent[0]
    expect(
        request.get("tools") == registry.definitions(),
        "send every tool definition again in the second request (step 2 never filters: the "
        "model may need another tool after reading the results).",
    )
    replies = {m.get("tool_call_id"): m.get("content") for m in request["messages"][asked:]}
    for call in calls:
        function = call["function"]
        expect(
            replies.get(call["id"]) == registry.execute(function["name"], function["arguments"]),
            f"the request did not answer call {function['name']} {function['arguments']} with "
            "its result under its id: append {'role': 'tool', 'tool_call_id': call['id'], "
            "'content': registry.execute(name, arguments)} for every call before asking again.",
        )
    text = response.choices[0].message.content
    expect(answer == text, f"return the model's answer text {text!r}; got {answer!r}.")
    expect(
        len(messages) > asked + len(calls),
        "the history ends with the tool messages: append the model's answer too, e.g. "
        "messages.append(message.model_dump(exclude_none=True)); the history is the "
        "conversation, and the next question builds on it.",
    )
    last = essentials(messages[-1])
    expect(
        last == {"role": "assistant", "content": text},
        f"the last message in the history is {last!r}; it should be the model's answer, "
        f"role 'assistant' with content {text!r} (message.model_dump(exclude_none=True) "
        "gives exactly that).",
    )


def essentials(message: Any) -> Any:
    """A message as a dict without empty fields: an SDK message, its model_dump() (with or
    without exclude_none) and a hand-built dict all compare equal."""
    if hasattr(message, "model_dump"):
        message = message.model_dump()
    if not isinstance(message, dict):
        return message
    return {key: value for key, value in message.items() if value not in (None, [], {})}
