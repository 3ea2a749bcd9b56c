"""Checkers for lesson 02's exercises: the step-2 request, and the step-4 tool_calls read back."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from openai.types.chat import ChatCompletionMessage

from helpers.demo_tools import demo_registry
from helpers.exercises import checker, expect
from helpers.registry import ToolRegistry

QUESTIONS = ("베이징 날씨 어때?", "What time is it in Seoul?")


def assistant_message(content: str | None, calls: list[tuple[str, str, str]]) -> Any:
    """An SDK assistant message as the API returns it, with (id, name, arguments) calls."""
    tool_calls = [
        {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}
        for call_id, name, arguments in calls
    ]
    return ChatCompletionMessage.model_validate(
        {"role": "assistant", "content": content, "tool_calls": tool_calls or None}
    )


@checker("02.1")
def check_build_request(build_request: Callable[..., dict[str, Any]]) -> None:
    """02.1 (seed 000, step 2): the history plus EVERY tool definition, no filtering."""
    registry = demo_registry()
    names = registry.names
    for question in QUESTIONS:
        messages = [{"role": "user", "content": question}]
        request = build_request("offline-tutor", messages, registry)
        expect(isinstance(request, dict), f"return a dict (the request), got {type(request)}.")
        expect(request.get("model") == "offline-tutor",
               "the request's 'model' should be the model you were given.")
        expect(request.get("messages") == messages,
               "the request's 'messages' should be the whole history, unchanged.")
        tools = request.get("tools")
        expect(isinstance(tools, list), "the request needs a 'tools' list.")
        sent = [tool.get("function", {}).get("name") for tool in tools]
        expect(sent == names,
               f"for {question!r} you sent the tools {sent}, but the registry holds {names}. "
               "Step 2 sends every tool, in order, whatever the question: the model chooses, "
               "not the agent.")
        expect(tools == registry.definitions(),
               "send the tools exactly as registry.definitions() gives them.")
    history = [{"role": "user", "content": "Hi"}, {"role": "assistant", "content": "Hello!"},
               {"role": "user", "content": QUESTIONS[0]}]
    expect(build_request("offline-tutor", history, registry).get("messages") == history,
           "send the whole history, not only the last message: the model has no other memory.")
    empty = build_request("offline-tutor", history, ToolRegistry())
    expect("tools" not in empty,
           "with no tools registered, leave 'tools' out: the API rejects an empty array.")


@checker("02.2")
def check_read_tool_calls(read_tool_calls: Callable[[Any], list[dict[str, Any]]]) -> None:
    """02.2 (seed 000, step 4): id, name and parsed arguments of each call; none for text."""
    text = read_tool_calls(assistant_message("Hello! How can I help?", []))
    expect(text == [],
           f"for a text answer (tool_calls is None) return [], got {text!r}.")
    one = read_tool_calls(
        assistant_message(None, [("call_a", "get_weather", '{"city": "베이징"}')])
    )
    expect(isinstance(one, list) and len(one) == 1, f"one call should give a list of one, "
                                                    f"got {one!r}.")
    expect(isinstance(one[0].get("arguments"), dict),
           "'arguments' arrives as a JSON string: parse it with json.loads into a dict.")
    expect(one[0] == {"id": "call_a", "name": "get_weather", "arguments": {"city": "베이징"}},
           f"expected {{'id': 'call_a', 'name': 'get_weather', 'arguments': "
           f"{{'city': '베이징'}}}}, got {one[0]!r}.")
    calls = [("call_p", "get_weather", '{"city": "Paris"}'),
             ("call_t", "get_time", '{"city": "Tokyo"}'),
             ("call_n", "list_tools", "{}")]
    many = read_tool_calls(assistant_message("Let me check.", calls))
    expect(len(many) == len(calls),
           f"the message asks for {len(calls)} calls (parallel tool calls); you returned "
           f"{len(many)}. Read every entry of tool_calls, not only the first.")
    for got, (call_id, name, arguments) in zip(many, calls, strict=True):
        want = {"id": call_id, "name": name, "arguments": json.loads(arguments)}
        expect(got == want, f"expected {want!r} (in the order of tool_calls), got {got!r}.")
