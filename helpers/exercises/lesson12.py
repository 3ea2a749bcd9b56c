"""Checker for the Responses API lesson's exercise: step 6 on the Responses wire (a
`function_call` output item and its tool's result -> the `function_call_output` input item)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

from helpers.exercises import checker, expect, offline_client

WEATHER_TOOL = {
    "type": "function",
    "name": "get_weather",
    "description": "Get the current weather for a city.",
    "parameters": {
        "type": "object",
        "properties": {"city": {"type": "string", "description": "City name, e.g. Seoul"}},
        "required": ["city"],
    },
    "strict": False,
}
CALLS = [  # function_call items as response.output[i].model_dump() gives them
    {
        "id": "fc_68a1c0ffee0001",
        "type": "function_call",
        "status": "completed",
        "call_id": "call_Seoul01",
        "name": "get_weather",
        "arguments": '{"city": "Seoul"}',
    },
    {
        "id": "fc_68a1c0ffee0002",
        "type": "function_call",
        "status": "completed",
        "call_id": "call_Busan02",
        "name": "get_weather",
        "arguments": '{"city": "Busan"}',
    },
]
RESULTS = ['{"city": "Seoul", "condition": "sunny", "temperature": 24}', "Error: unknown city"]
ALLOWED_KEYS = {"type", "call_id", "output", "status", "name"}  # FunctionCallOutputItemParam
CHAT_KEYS = {"role", "tool_call_id", "content"}


def check_item(item: Any, call: dict[str, Any], result: str) -> None:
    """One returned item: the shape of a function_call_output that answers `call`."""
    expect(isinstance(item, dict), f"return a dict (one input item), not {type(item).__name__}.")
    chat = sorted(CHAT_KEYS & set(item))
    expect(
        not chat,
        f"{chat} belong to Chat Completions' tool message. On the Responses API the result is "
        'an input item: {"type": "function_call_output", "call_id": ..., "output": ...}.',
    )
    expect(
        item.get("type") == "function_call_output",
        f'the item\'s "type" must be "function_call_output"; got {item.get("type")!r}.',
    )
    expect(
        item.get("call_id") != call["id"],
        f"you used the item's id ({call['id']!r}). That names the output item; the result "
        f"must answer the call_id ({call['call_id']!r}), the id the model pairs results with.",
    )
    expect(
        item.get("call_id") == call["call_id"],
        f'"call_id" must be the function_call\'s call_id, {call["call_id"]!r}; '
        f"got {item.get('call_id')!r}.",
    )
    expect(
        item.get("output") != json.dumps(result),
        'the result is already a string: put it in "output" as it is (json.dumps would quote '
        "it a second time).",
    )
    expect(
        item.get("output") == result,
        f'"output" must be the tool\'s result, unchanged: {result!r:.60}; '
        f"got {item.get('output')!r:.60}.",
    )
    expect(
        item.get("name", call["name"]) == call["name"],
        f'"name" is optional; if you send it, it is the called tool\'s, {call["name"]!r}.',
    )
    extra = sorted(set(item) - ALLOWED_KEYS)
    expect(
        not extra,
        f"the item has fields a function_call_output does not take: {extra}. Send type, "
        "call_id and output (the call's arguments are already in its function_call).",
    )


@checker("12.1")
def check_result_item(result_item: Callable[[dict[str, Any], str], dict[str, Any]]) -> None:
    """12.1: step 6 on the Responses wire, checked by shape and by the offline model."""
    calls = copy.deepcopy(CALLS)
    items = [result_item(call, result) for call, result in zip(calls, RESULTS, strict=True)]
    for item, call, result in zip(items, CALLS, RESULTS, strict=True):
        check_item(item, call, result)
    expect(calls == CALLS, "do not change the function_call item you were given.")
    client, model = offline_client()
    answer = client.responses.create(
        model=model,
        input=[{"role": "user", "content": "Weather in Seoul and Busan?"}, *CALLS, *items],
        tools=[WEATHER_TOOL],
    )
    expect(
        answer.status == "completed" and bool(answer.output_text),
        "the offline model did not answer from your items; send them after the function_calls.",
    )
