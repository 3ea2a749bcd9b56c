"""Rejections: what the real API refuses, the offline model refuses with a clear 400."""

from __future__ import annotations

import json
from typing import Any

import httpx2
import openai
import pytest
from offline_support import (
    OFFICIAL_SPEC,
    TOOLS,
    WEATHER,
    request_fields_from_spec,
    strict_client,
)

from helpers.offline import MODEL_ID, ModelConfig, sync_transport
from helpers.offline.protocol import request_fields

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


# Field types and ranges: the API's own 400s, worded as it words them (issue 9).

USER = [{"role": "user", "content": "hello"}]


def error_of(response: httpx2.Response) -> dict[str, Any]:
    """The error object of a 400 response (after checking the status)."""
    assert response.status_code == 400, response.text
    return response.json()["error"]


@pytest.mark.parametrize(
    ("field", "value", "message", "code"),
    [
        (
            "temperature",
            "hot",
            "Invalid type for 'temperature': expected a decimal, but got a string instead.",
            "invalid_type",
        ),
        (
            "temperature",
            3,
            "Invalid 'temperature': decimal above maximum value. Expected a value <= 2, but got 3 "
            "instead.",
            "decimal_above_max_value",
        ),
        (
            "top_p",
            -0.5,
            "Invalid 'top_p': decimal below minimum value. Expected a value >= 0, but got -0.5 "
            "instead.",
            "decimal_below_min_value",
        ),
        (
            "stream",
            "yes",
            "Invalid type for 'stream': expected a boolean, but got a string instead.",
            "invalid_type",
        ),
        (
            "n",
            -1,
            "Invalid 'n': integer below minimum value. Expected a value >= 1, but got -1 instead.",
            "integer_below_min_value",
        ),
        (
            "n",
            200,
            "Invalid 'n': integer above maximum value. Expected a value <= 128, but got 200 "
            "instead.",
            "integer_above_max_value",
        ),
        (
            "max_tokens",
            10.5,
            "Invalid type for 'max_tokens': expected an integer, but got a decimal number instead.",
            "invalid_type",
        ),
        (
            "parallel_tool_calls",
            "no",
            "Invalid type for 'parallel_tool_calls': expected a boolean, but got a string instead.",
            "invalid_type",
        ),
        (
            "seed",
            "42",
            "Invalid type for 'seed': expected an integer, but got a string instead.",
            "invalid_type",
        ),
        (
            "user",
            7,
            "Invalid type for 'user': expected a string, but got an integer instead.",
            "invalid_type",
        ),
        (
            "stop",
            ["a", "b", "c", "d", "e"],
            "Invalid 'stop': array too long. Expected an array with maximum length 4, but got an "
            "array with length 5 instead.",
            "array_above_max_length",
        ),
        (
            "stream_options",
            "usage",
            "Invalid type for 'stream_options': expected an object, but got a string instead.",
            "invalid_type",
        ),
        (
            "response_format",
            {"type": "xml"},
            "Invalid value: 'xml'. Supported values are: 'text', 'json_schema', and 'json_object'.",
            "invalid_value",
        ),
    ],
)
def test_wrong_types_and_ranges_get_the_apis_400(
    field: str, value: Any, message: str, code: str
) -> None:
    error = error_of(raw_post({"model": MODEL_ID, "messages": USER, field: value}))
    assert (error["message"], error["code"]) == (message, code)
    assert error["param"] == ("response_format.type" if field == "response_format" else field)


@pytest.mark.parametrize(
    ("messages", "param", "code", "words"),
    [
        ([{"role": "user", "content": 42}], "messages[0].content", "invalid_type", "an integer"),
        ([{"role": "user", "content": {"text": "hi"}}], "messages[0].content", "invalid_type", ""),
        ([{"role": "user"}], "messages[0].content", "missing_required_parameter", "Missing"),
        ([{"content": "hi"}], "messages[0].role", "missing_required_parameter", "Missing"),
        ([], "messages", "empty_array", "empty array"),
        ("hello", "messages", "invalid_type", "expected an array"),
        ([{"role": "user", "content": []}], "messages[0].content", "empty_array", "empty array"),
        (
            [{"role": "user", "content": [{"type": "video", "video": "x"}]}],
            "messages[0].content[0].type",
            "invalid_value",
            "'video'",
        ),
    ],
)
def test_malformed_messages_get_the_apis_400(
    messages: Any, param: str, code: str, words: str
) -> None:
    error = error_of(raw_post({"model": MODEL_ID, "messages": messages}))
    assert (error["param"], error["code"]) == (param, code)
    assert words in error["message"]


def test_content_of_the_wrong_type_is_worded_as_the_api_words_it() -> None:
    error = error_of(raw_post({"model": MODEL_ID, "messages": [{"role": "user", "content": 42}]}))
    assert error["message"] == (
        "Invalid type for 'messages[0].content': expected one of a string or array of objects, "
        "but got an integer instead."
    )


def test_an_unknown_argument_is_named() -> None:
    error = error_of(raw_post({"model": MODEL_ID, "messages": USER, "temprature": 0.2}))
    assert error["message"] == "Unrecognized request argument supplied: temprature"


def test_valid_optional_fields_are_accepted() -> None:
    request = {
        "model": MODEL_ID,
        "messages": USER,
        "temperature": 0,
        "top_p": 1,
        "n": 1,
        "max_completion_tokens": 50,
        "seed": 7,
        "stop": ["\n\n"],
        "user": "learner-1",
        "metadata": {"lesson": "3"},
        "response_format": {"type": "text"},
        "stream": False,
        "logprobs": None,
    }
    assert raw_post(request).status_code == 200


def test_a_message_over_the_apis_string_limit_is_a_bad_request_error() -> None:
    with pytest.raises(openai.BadRequestError) as caught:
        strict_client().chat.completions.create(
            model=MODEL_ID, messages=[{"role": "user", "content": "a" * 1_100_000}]
        )
    assert caught.value.code == "string_above_max_length"
    assert caught.value.param == "messages[0].content"
    assert "1048576" in caught.value.message and "1100000" in caught.value.message


def test_the_sdk_raises_bad_request_for_a_wrong_type() -> None:
    with pytest.raises(openai.BadRequestError) as caught:
        strict_client().chat.completions.create(model=MODEL_ID, messages=USER, temperature="hot")
    assert caught.value.code == "invalid_type" and caught.value.param == "temperature"


def test_the_vendored_request_fields_are_the_official_specs() -> None:
    """helpers/offline/api_request_fields.json is derived from the official OpenAPI document
    (regenerate with offline_support.write_request_fields() when the spec changes)."""
    if not OFFICIAL_SPEC.exists():
        pytest.skip("the official spec is not in this checkout (../shared/spec)")
    assert request_fields_from_spec(json.loads(OFFICIAL_SPEC.read_text())) == request_fields()


@pytest.mark.parametrize(
    ("parameters", "words"),
    [
        ({"type": "object", "properties": {"city": {"type": "strnig"}}}, "'strnig'"),
        ({"type": "object", "properties": {"n": {"type": "integer", "minimum": "1"}}}, "'1'"),
        ({"type": "object", "properties": {"c": {"type": "string", "required": True}}}, "True"),
    ],
)
def test_a_parameter_schema_that_is_not_json_schema_is_rejected(
    parameters: dict[str, Any], words: str
) -> None:
    tools = [{"type": "function", "function": {"name": "f", "parameters": parameters}}]
    error = error_of(raw_post({"model": MODEL_ID, "messages": USER, "tools": tools}))
    assert error["code"] == "invalid_function_parameters"
    assert error["param"] == "tools[0].function.parameters"
    assert (
        error["message"].startswith("Invalid schema for function 'f':")
        and words in error["message"]
    )
