"""Rejections: what the real API refuses, the offline model refuses with a clear 400."""

from __future__ import annotations

from typing import Any

import httpx2
import openai
import pytest
from offline_support import TOOLS, WEATHER, strict_client

from helpers.offline import MODEL_ID, ModelConfig, sync_transport

CALL = {
    "id": "call_1",
    "type": "function",
    "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'},
}
ASKED = [
    {"role": "user", "content": "weather in Paris?"},
    {"role": "assistant", "content": None, "tool_calls": [CALL]},
]


def raw_post(body: bytes | dict[str, Any], path: str = "/v1/chat/completions") -> httpx2.Response:
    """POST without the SDK, for bodies the SDK would never build."""
    transport = sync_transport(ModelConfig())
    with httpx2.Client(transport=transport, base_url="http://offline.invalid") as client:
        if isinstance(body, bytes):
            return client.post(path, content=body)
        return client.post(path, json=body)


def rejection(**request: Any) -> openai.APIStatusError:
    """The error the SDK raises for a request."""
    with pytest.raises(openai.APIStatusError) as caught:
        strict_client().chat.completions.create(model=MODEL_ID, **request)
    return caught.value


def test_tool_calls_not_answered_before_the_next_message() -> None:
    error = rejection(messages=[*ASKED, {"role": "user", "content": "and?"}], tools=TOOLS)
    assert error.status_code == 400
    assert "must be followed by tool messages" in error.message and "call_1" in error.message


def test_tool_calls_not_answered_at_the_end() -> None:
    assert "call_1" in rejection(messages=ASKED, tools=TOOLS).message


def test_one_of_two_calls_unanswered() -> None:
    second = {**CALL, "id": "call_2"}
    messages = [
        ASKED[0],
        {"role": "assistant", "tool_calls": [CALL, second]},
        {"role": "tool", "tool_call_id": "call_1", "content": "ok"},
    ]
    error = rejection(messages=messages, tools=TOOLS)
    assert "call_2" in error.message and "call_1" not in error.message.split(":")[-1]


def test_tool_message_answering_no_call() -> None:
    messages = [*ASKED[:1], {"role": "tool", "tool_call_id": "call_9", "content": "sunny"}]
    error = rejection(messages=messages, tools=TOOLS)
    assert error.status_code == 400 and "role 'tool'" in error.message and "call_9" in error.message


def test_answered_calls_are_accepted() -> None:
    messages = [*ASKED, {"role": "tool", "tool_call_id": "call_1", "content": "sunny"}]
    reply = strict_client().chat.completions.create(model=MODEL_ID, messages=messages, tools=TOOLS)
    assert reply.choices[0].finish_reason == "stop"


@pytest.mark.parametrize(
    ("tools", "words"),
    [
        ([{"type": "function"}], "tools[0].function"),
        ([{"type": "retrieval", "function": WEATHER["function"]}], "tools[0].type"),
        ([{"type": "function", "function": {"name": "get weather!"}}], "does not match pattern"),
        (
            [{"type": "function", "function": {"name": "f", "parameters": {"type": "array"}}}],
            'type: "object"',
        ),
        ([WEATHER, "get_weather"], "tools[1].type"),
    ],
)
def test_malformed_tools(tools: list[Any], words: str) -> None:
    error = rejection(messages=ASKED[:1], tools=tools)
    assert error.status_code == 400 and words in error.message


def test_unknown_role() -> None:
    error = rejection(messages=[{"role": "robot", "content": "beep"}])
    assert error.status_code == 400 and "'robot'" in error.message and "'user'" in error.message


@pytest.mark.parametrize(("missing", "words"), [("model", "'model'"), ("messages", "'messages'")])
def test_missing_model_or_messages(missing: str, words: str) -> None:
    body = {"model": MODEL_ID, "messages": ASKED[:1]}
    del body[missing]
    response = raw_post(body)
    assert response.status_code == 400
    error = response.json()["error"]
    assert words in error["message"] and error["param"] == missing
    assert error["type"] == "invalid_request_error"


def test_body_that_is_not_json() -> None:
    response = raw_post(b"{not json")
    assert response.status_code == 400 and "JSON" in response.json()["error"]["message"]


def test_empty_messages() -> None:
    assert rejection(messages=[]).status_code == 400


def test_unknown_model_is_a_404_naming_the_served_model() -> None:
    with pytest.raises(openai.NotFoundError) as caught:
        strict_client().chat.completions.create(model="gpt-4o-mini", messages=ASKED[:1])
    assert MODEL_ID in caught.value.message


def test_tool_choice_naming_a_missing_function() -> None:
    choice = {"type": "function", "function": {"name": "nope"}}
    error = rejection(messages=ASKED[:1], tools=TOOLS, tool_choice=choice)
    assert "nope" in error.message


def test_tool_choice_without_tools() -> None:
    assert "tools" in rejection(messages=ASKED[:1], tool_choice="auto").message


def test_stream_options_without_stream() -> None:
    error = rejection(messages=ASKED[:1], stream_options={"include_usage": True})
    assert "stream" in error.message


def test_unknown_path_and_the_model_list() -> None:
    assert raw_post({}, path="/v1/embeddings").status_code == 404
    models = strict_client().models.list()
    assert [m.id for m in models.data] == [MODEL_ID]
    assert strict_client().models.retrieve(MODEL_ID).id == MODEL_ID


@pytest.mark.parametrize(
    "parameters",
    [{"type": "object", "properties": {"city": "string"}}, {"type": "object", "required": "city"}],
)
def test_malformed_parameter_schemas(parameters: dict[str, Any]) -> None:
    tools = [{"type": "function", "function": {"name": "f", "parameters": parameters}}]
    error = rejection(messages=ASKED[:1], tools=tools)
    assert error.status_code == 400 and "Invalid schema for function 'f'" in error.message


def test_tool_choice_with_a_malformed_function() -> None:
    error = rejection(
        messages=ASKED[:1], tools=TOOLS, tool_choice={"type": "function", "function": "x"}
    )
    assert error.status_code == 400 and "tool_choice" in error.message
