"""Whatever the request, the model answers: a valid completion or a 400, never a crash."""

from __future__ import annotations

import json
from typing import Any

import httpx2
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from offline_support import validate_against_spec

from helpers.offline import MODEL_ID, ModelConfig, sync_transport

WORDS = st.sampled_from(
    "weather in Paris Tokyo 베이징 날씨 어때 search docs for 'x' top 3 and , ? hello "
    "AAPL price convert 100 USD to EUR error fahrenheit true not 😀 tool_call_id".split()
)
TEXT = st.lists(WORDS, max_size=12).map(" ".join) | st.text(max_size=40)
SCHEMAS = st.sampled_from(
    [
        {"type": "string", "description": "City name"},
        {"type": "string", "enum": ["celsius", "fahrenheit"]},
        {"type": "integer", "minimum": 1, "maximum": 5, "description": "top results"},
        {"type": "number"},
        {"type": "boolean", "description": "urgent"},
        {"type": "array", "items": {"type": "string"}},
        {"type": "object"},
        {"type": ["string", "null"]},
        {},
    ]
)


@st.composite
def tools(draw: st.DrawFn) -> list[dict[str, Any]]:
    """A few tools with random names, descriptions and parameter schemas."""
    names = draw(
        st.lists(st.from_regex(r"[a-z][a-z_]{0,12}", fullmatch=True), max_size=4, unique=True)
    )
    result = []
    for name in names:
        properties = draw(
            st.dictionaries(
                st.sampled_from(["city", "query", "top_k", "unit", "x"]), SCHEMAS, max_size=3
            )
        )
        required = draw(
            st.lists(st.sampled_from(sorted(properties) or ["city"]), max_size=2, unique=True)
        )
        parameters = {"type": "object", "properties": properties, "required": required}
        function = {"name": name, "description": draw(TEXT), "parameters": parameters}
        result.append({"type": "function", "function": function})
    return result


@st.composite
def requests(draw: st.DrawFn) -> dict[str, Any]:
    """A chat request: a conversation, maybe with answered tool calls, and random options."""
    given_tools = draw(tools())
    messages: list[dict[str, Any]] = [{"role": "user", "content": draw(TEXT)}]
    if given_tools and draw(st.booleans()):
        name = draw(st.sampled_from([t["function"]["name"] for t in given_tools] + ["made_up"]))
        arguments = draw(st.sampled_from(['{"city": "Paris"}', "{", "[]", '{"x": 1}']))
        call = {
            "id": "call_1",
            "type": "function",
            "function": {"name": name, "arguments": arguments},
        }
        messages += [
            {"role": "assistant", "content": None, "tool_calls": [call]},
            {"role": "tool", "tool_call_id": "call_1", "content": draw(TEXT)},
        ]
    request: dict[str, Any] = {"model": MODEL_ID, "messages": messages}
    if given_tools:
        request["tools"] = given_tools
        request["tool_choice"] = draw(st.sampled_from(["auto", "none", "required"]))
        request["parallel_tool_calls"] = draw(st.booleans())
    return request


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    requests(),
    st.sampled_from(["invented_tool_name", "invalid_json", "wrong_type", "missing_required"]),
)
def test_every_request_gets_a_valid_completion(request: dict[str, Any], fault: str) -> None:
    transport = sync_transport(ModelConfig(faults=(fault,)))
    with httpx2.Client(transport=transport, base_url="http://offline.invalid") as client:
        response = client.post("/v1/chat/completions", content=json.dumps(request))
    assert response.status_code == 200, response.text
    validate_against_spec(response.json(), "CreateChatCompletionResponse")


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-300, 300)
    | st.floats(-5, 5, allow_nan=False)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(["type", "text", "name", "include_usage", "x"]), inner)
    ),
    max_leaves=6,
)
FIELDS = st.sampled_from(
    [
        "temperature",
        "top_p",
        "n",
        "max_tokens",
        "max_completion_tokens",
        "stream",
        "stream_options",
        "tool_choice",
        "parallel_tool_calls",
        "seed",
        "stop",
        "user",
        "response_format",
        "logit_bias",
        "metadata",
        "presence_penalty",
        "made_up_field",
    ]
)
CONTENTS = JSON_VALUES | st.lists(
    st.fixed_dictionaries({"type": st.sampled_from(["text", "image_url", "x"]), "text": TEXT}),
    max_size=2,
)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.dictionaries(FIELDS, JSON_VALUES, max_size=3), CONTENTS)
def test_any_field_values_get_a_completion_or_the_apis_400(
    fields: dict[str, Any], content: Any
) -> None:
    """Random values in the fields the API validates, and random message contents: a valid
    completion (or stream), or a 400 with an OpenAI-style error; never a crash."""
    request = {"model": MODEL_ID, "messages": [{"role": "user", "content": content}], **fields}
    with httpx2.Client(
        transport=sync_transport(ModelConfig()), base_url="http://offline.invalid"
    ) as client:
        response = client.post("/v1/chat/completions", content=json.dumps(request))
    if response.status_code == 400:
        error = response.json()["error"]
        assert error["type"] == "invalid_request_error" and error["message"]
    elif response.headers["content-type"].startswith("text/event-stream"):
        assert response.status_code == 200 and response.text.endswith("data: [DONE]\n\n")
    else:
        assert response.status_code == 200, response.text
        validate_against_spec(response.json(), "CreateChatCompletionResponse")
