"""POST /v1/responses: the offline model on the Responses API, checked against the official spec,
the real SDK (strict), the real recordings' event order, and the chat endpoint's decisions."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from functools import cache
from typing import Any

import httpx2
import jsonschema
import openai
import pytest
from offline_support import (
    FIXTURES,
    OFFICIAL_SPEC,
    ROOT,
    STRICT,
    TOOLS,
    _nullable_to_union,
    free_port,
)
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from helpers.offline import (
    MODEL_ID,
    Latency,
    ModelConfig,
    async_transport,
    responses,
    service,
    sync_transport,
)
from helpers.replay import recording, sse_data
from helpers.tokens import count_request_tokens

SCHEMAS = FIXTURES / "openai-responses-schemas.json"
ROOT_SCHEMAS = (
    "Response",
    "ResponseStreamEvent",
    "CreateResponse",
    "FunctionTool",
    "FunctionToolCall",
    "FunctionCallOutputItemParam",
    "ResponseUsage",
)
FLAT = [{"type": "function", **tool["function"]} for tool in TOOLS]  # the same tools, flat
QUESTIONS = [
    "What's the weather in Tokyo and Paris?",  # two calls
    "Search the docs for streaming",  # one call
    "hello",  # text
    "베이징 날씨 어때?",  # Korean, one call
]
LONG_TEXT = "This answer goes on and on, " * 12  # more than 16 tokens, for max_output_tokens


def vendor_responses_schemas() -> None:
    """Write tests/fixtures/openai-responses-schemas.json from ../shared/spec (run by hand)."""
    sys.path.insert(0, str(ROOT / "scripts"))
    from vendor_fixtures import schema_closure

    spec = json.loads(OFFICIAL_SPEC.read_text())
    subset = {
        "source": "openai/openai-openapi (the official OpenAPI document), components/schemas "
        f"reachable from {', '.join(ROOT_SCHEMAS)}; extracted by "
        "tests/offline/test_responses_endpoint.py:vendor_responses_schemas",
        "openapi": spec["openapi"],
        "components": {"schemas": schema_closure(spec["components"]["schemas"], ROOT_SCHEMAS)},
    }
    SCHEMAS.write_text(json.dumps(subset, indent=1, ensure_ascii=False) + "\n")


# ---- the spec, with `nullable: true` written as a union with null ----


@cache
def spec() -> dict[str, Any]:
    return _nullable_to_union(json.loads(SCHEMAS.read_text()))


@cache
def validator(name: str) -> jsonschema.Draft202012Validator:
    resource = Resource.from_contents(spec(), default_specification=DRAFT202012)
    registry = Registry().with_resource("urn:openai", resource)
    schema = {"$ref": f"urn:openai#/components/schemas/{name}"}
    return jsonschema.Draft202012Validator(schema, registry=registry)


@cache
def event_schemas() -> dict[str, str]:
    """Each streamed event type -> the ResponseStreamEvent branch that defines it."""
    schemas = spec()["components"]["schemas"]
    found = {}
    for branch in schemas["ResponseStreamEvent"]["anyOf"]:
        name = branch["$ref"].rsplit("/", 1)[-1]
        for kind in schemas[name]["properties"]["type"].get("enum", []):
            found[kind] = name
    return found


def validate(instance: dict[str, Any], name: str) -> None:
    validator(name).validate(instance)


# ---- talking to the endpoint ----


def raw_client(**options: Any) -> httpx2.Client:
    transport = sync_transport(ModelConfig(**options))
    return httpx2.Client(transport=transport, base_url="http://offline.invalid")


def post(body: dict[str, Any], **options: Any) -> httpx2.Response:
    with raw_client(**options) as client:
        return client.post("/v1/responses", json={"model": MODEL_ID, **body})


def strict(**options: Any) -> openai.OpenAI:
    return openai.OpenAI(**STRICT, http_client=raw_client(**options))


def events_of(body: bytes) -> list[tuple[str, dict[str, Any]]]:
    """(the `event:` line's name, the data) for each SSE message."""
    found = []
    for block in body.decode().split("\n\n"):
        if not block.strip():
            continue
        lines = dict(line.split(": ", 1) for line in block.splitlines())
        found.append((lines.get("event", ""), json.loads(lines["data"])))
    return found


def ask(question: str, **request: Any) -> dict[str, Any]:
    return {"input": question, "tools": FLAT, **request}


def outputs_of(response: dict[str, Any]) -> list[tuple[str, Any]]:
    """(type, name or text, arguments) per output item."""
    found = []
    for item in response["output"]:
        if item["type"] == "function_call":
            found.append(("call", item["name"], json.loads(item["arguments"])))
        else:
            found.append(("text", item["content"][0]["text"]))
    return found


# ---- the spec ----


def test_the_vendored_schemas_are_the_official_ones() -> None:
    if not OFFICIAL_SPEC.exists():
        pytest.skip("the official spec lives in ../shared (not in a learner's clone)")
    official = json.loads(OFFICIAL_SPEC.read_text())["components"]["schemas"]
    vendored = json.loads(SCHEMAS.read_text())["components"]["schemas"]
    assert all(vendored[name] == official[name] for name in vendored)
    assert set(ROOT_SCHEMAS) <= set(vendored)


def test_the_fields_it_knows_are_create_response_s() -> None:
    schemas = spec()["components"]["schemas"]

    def properties(name: str) -> set[str]:
        schema = schemas[name]
        found = set(schema.get("properties", {}))
        for part in schema.get("allOf", []):
            found |= (
                properties(part["$ref"].rsplit("/", 1)[-1])
                if "$ref" in part
                else set(part.get("properties", {}))
            )
        return found

    assert set(responses.REQUEST_FIELDS) == properties("CreateResponse")


@pytest.mark.parametrize("question", QUESTIONS)
def test_a_response_fits_the_spec(question: str) -> None:
    reply = post(ask(question))
    assert reply.status_code == 200
    body = reply.json()
    validate(body, "Response")
    validate(body["usage"], "ResponseUsage")
    for item in body["output"]:
        if item["type"] == "function_call":
            validate(item, "FunctionToolCall")
            assert item["id"].startswith("fc_") and item["call_id"].startswith("call_")
    assert body["status"] == "completed" and body["incomplete_details"] is None


@pytest.mark.parametrize("question", QUESTIONS)
def test_every_streamed_event_fits_the_spec(question: str) -> None:
    reply = post(ask(question, stream=True))
    assert reply.headers["content-type"].startswith("text/event-stream")
    assert b"[DONE]" not in reply.content
    events = events_of(reply.content)
    for name, data in events:
        assert name == data["type"]
        validate(data, event_schemas()[name])
        validate(data, "ResponseStreamEvent")
    assert [data["sequence_number"] for _, data in events] == list(range(len(events)))
    assert [name for name, _ in events[:2]] == ["response.created", "response.in_progress"]
    assert events[-1][0] == "response.completed"


def test_the_tools_sent_are_valid_function_tools() -> None:
    for tool in FLAT:
        validate({**tool, "strict": False}, "FunctionTool")
    echoed = post(ask("hello")).json()["tools"]
    for tool in echoed:
        validate(tool, "FunctionTool")
    assert [tool["name"] for tool in echoed] == [tool["name"] for tool in FLAT]


# ---- the recorded order of events ----


def kinds(names: list[str]) -> list[str]:
    """Event types with runs of the same delta type shown once."""
    shown: list[str] = []
    for name in names:
        if not (name.endswith(".delta") and shown and shown[-1] == name):
            shown.append(name)
    return shown


def recorded_kinds(stem: str) -> list[str]:
    return kinds([json.loads(data)["type"] for data in sse_data(recording(stem).body)])


def test_a_streamed_call_has_the_recorded_events_in_order() -> None:
    events = events_of(post(ask("Search the docs for streaming", stream=True)).content)
    assert kinds([name for name, _ in events]) == recorded_kinds(
        "openai-responses__stream-function-call"
    )


def test_a_streamed_answer_has_the_recorded_events_in_order() -> None:
    events = events_of(post(ask("hello", stream=True)).content)
    assert kinds([name for name, _ in events]) == recorded_kinds(
        "openai-responses__stream-after-function-output"
    )


def test_the_recorded_sse_framing_has_event_lines_like_ours() -> None:
    body = recording("openai-responses__stream-function-call").body
    assert [name for name, _ in events_of(body)] == [data["type"] for _, data in events_of(body)]


def test_streamed_deltas_join_into_the_done_values() -> None:
    events = [data for _, data in events_of(post(ask(QUESTIONS[0], stream=True)).content)]
    for done in (e for e in events if e["type"] == "response.function_call_arguments.done"):
        pieces = [
            e["delta"]
            for e in events
            if e["type"] == "response.function_call_arguments.delta"
            and e["item_id"] == done["item_id"]
            and e["output_index"] == done["output_index"]
        ]
        assert "".join(pieces) == done["arguments"] and len(pieces) > 1
    final = events[-1]["response"]
    assert [e["item"] for e in events if e["type"] == "response.output_item.done"] == final[
        "output"
    ]


# ---- the real SDK, strict ----


def shown(item: Any) -> tuple[Any, ...]:
    """An SDK output item as (type, id, call_id, name, arguments or text)."""
    if item.type == "function_call":
        return item.type, item.id, item.call_id, item.name, item.arguments
    return item.type, item.id, item.content[0].text


@pytest.mark.parametrize("question", QUESTIONS)
def test_the_sdk_accepts_create_and_the_stream_helper(question: str) -> None:
    client = strict()
    whole = client.responses.create(model=MODEL_ID, input=question, tools=FLAT)
    with client.responses.stream(model=MODEL_ID, input=question, tools=FLAT) as stream:
        types = [event.type for event in stream]
        final = stream.get_final_response()
    assert types[-1] == "response.completed"
    assert [shown(item) for item in final.output] == [shown(item) for item in whole.output]
    assert final.output_text == whole.output_text and final.id == whole.id


def test_the_async_sdk_streams_the_same_response() -> None:
    async def streamed() -> Any:
        transport = async_transport(ModelConfig())
        client = openai.AsyncOpenAI(**STRICT, http_client=httpx2.AsyncClient(transport=transport))
        async with client.responses.stream(model=MODEL_ID, input=QUESTIONS[0], tools=FLAT) as s:
            return await s.get_final_response()

    final = asyncio.run(streamed())
    whole = strict().responses.create(model=MODEL_ID, input=QUESTIONS[0], tools=FLAT)
    assert [shown(item) for item in final.output] == [shown(item) for item in whole.output]
    assert final.usage == whole.usage and final.status == "completed"


def over_http(url: str) -> openai.OpenAI:
    return openai.OpenAI(**(STRICT | {"base_url": url}), http_client=httpx2.Client(trust_env=False))


@pytest.mark.parametrize("question", QUESTIONS[:3])
def test_the_same_response_over_http(served_url: str, question: str) -> None:
    here = strict().responses.create(model=MODEL_ID, input=question, tools=FLAT)
    there = over_http(served_url).responses.create(model=MODEL_ID, input=question, tools=FLAT)
    assert here.model_dump() == there.model_dump()
    with over_http(served_url).responses.stream(
        model=MODEL_ID, input=question, tools=FLAT
    ) as stream:
        assert stream.get_final_response().output_text == here.output_text


def test_the_same_stream_bytes_over_http(served_url: str) -> None:
    body = {"model": MODEL_ID, **ask(QUESTIONS[0], stream=True)}
    there = httpx2.post(f"{served_url}/responses", json=body, trust_env=False)
    assert there.headers["content-type"].startswith("text/event-stream")
    assert there.content == post(ask(QUESTIONS[0], stream=True)).content


def test_the_same_rejection_over_http(served_url: str) -> None:
    body = {"model": MODEL_ID, **ask("x", tool_choice={"type": "function", "name": "nope"})}
    there = httpx2.post(f"{served_url}/responses", json=body, trust_env=False)
    assert there.status_code == 400 and there.json() == post(body).json()


# ---- one decision core: the same choices as chat completions ----


@pytest.mark.parametrize("question", QUESTIONS)
def test_the_same_decision_as_chat_completions(question: str) -> None:
    chat = strict().chat.completions.create(
        model=MODEL_ID, messages=[{"role": "user", "content": question}], tools=TOOLS
    )
    message = chat.choices[0].message
    expected = [
        ("call", c.function.name, json.loads(c.function.arguments))
        for c in message.tool_calls or []
    ]
    if message.content:
        expected.insert(0, ("text", message.content))
    assert outputs_of(post(ask(question)).json()) == expected


def test_function_call_outputs_answer_calls_by_call_id_like_tool_messages() -> None:
    first = post(ask(QUESTIONS[0])).json()
    calls = [item for item in first["output"] if item["type"] == "function_call"]
    results = ['{"temp_c": 21}', '{"temp_c": 14}']
    items = [{"role": "user", "content": QUESTIONS[0]}, *first["output"]]
    items += [
        {"type": "function_call_output", "call_id": call["call_id"], "output": result}
        for call, result in zip(calls, results, strict=True)
    ]
    second = post({"input": items, "tools": FLAT}).json()
    chat_history = [
        {"role": "user", "content": QUESTIONS[0]},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": c["call_id"],
                    "type": "function",
                    "function": {"name": c["name"], "arguments": c["arguments"]},
                }
                for c in calls
            ],
        },
        *[
            {"role": "tool", "tool_call_id": c["call_id"], "content": r}
            for c, r in zip(calls, results, strict=True)
        ],
    ]
    chat = strict().chat.completions.create(model=MODEL_ID, messages=chat_history, tools=TOOLS)
    assert second["output"][0]["type"] == "message"
    assert outputs_of(second) == [("text", chat.choices[0].message.content)]
    assert "21" in chat.choices[0].message.content


# ---- the request fields ----


def test_tool_choice_and_parallel_tool_calls() -> None:
    assert outputs_of(post(ask(QUESTIONS[0], tool_choice="none")).json())[0][0] == "text"
    forced = post(ask("hello", tool_choice={"type": "function", "name": "search_docs"})).json()
    assert [item["name"] for item in forced["output"]] == ["search_docs"]
    one = post(ask(QUESTIONS[0], parallel_tool_calls=False)).json()
    assert [item["type"] for item in one["output"]] == ["function_call"]
    assert one["parallel_tool_calls"] is False


def test_usage_counts_the_prompt_and_the_output_with_helpers_tokens() -> None:
    body = post(ask(QUESTIONS[1], instructions="Be brief.")).json()
    usage = body["usage"]
    messages = [
        {"role": "system", "content": "Be brief."},
        {"role": "user", "content": QUESTIONS[1]},
    ]
    assert usage["input_tokens"] == count_request_tokens(messages, TOOLS)
    assert usage["total_tokens"] == usage["input_tokens"] + usage["output_tokens"] > 0
    assert body["instructions"] == "Be brief."


def test_max_output_tokens_makes_an_incomplete_response() -> None:
    options = {"script": (LONG_TEXT,)}
    body = post({"input": "Tell me", "max_output_tokens": 16}, **options).json()
    validate(body, "Response")
    assert body["status"] == "incomplete" and body["completed_at"] is None
    assert body["incomplete_details"] == {"reason": "max_output_tokens"}
    assert body["usage"]["output_tokens"] == 16 and body["output"][0]["status"] == "incomplete"
    assert len(body["output"][0]["content"][0]["text"]) < len(LONG_TEXT)
    streamed = events_of(
        post({"input": "Tell me", "max_output_tokens": 16, "stream": True}, **options).content
    )
    assert streamed[-1][0] == "response.incomplete"
    validate(streamed[-1][1], "ResponseIncompleteEvent")


def test_previous_response_id_continues_a_stored_conversation() -> None:
    first = post(ask(QUESTIONS[1])).json()
    call = first["output"][0]
    output = {
        "type": "function_call_output",
        "call_id": call["call_id"],
        "output": "Found 3 pages.",
    }
    second = post({"input": [output], "tools": FLAT, "previous_response_id": first["id"]})
    assert second.status_code == 200, second.text
    assert second.json()["output"][0]["type"] == "message"
    unstored = post(ask(QUESTIONS[1], store=False)).json()
    again = post({"input": [output], "tools": FLAT, "previous_response_id": unstored["id"]})
    assert again.status_code == 400
    assert again.json()["error"]["code"] == "previous_response_not_found"


# ---- what the API rejects, rejected as it does ----

ANSWERED_NOTHING = [{"type": "function_call_output", "call_id": "call_nobody", "output": "1"}]
UNANSWERED = [
    {"role": "user", "content": "weather in Paris?"},
    {"type": "function_call", "call_id": "call_1", "name": "get_weather", "arguments": "{}"},
    {"role": "user", "content": "and?"},
]
REJECTED = {
    "output for no call": ({"input": ANSWERED_NOTHING, "tools": FLAT}, "input[0]", "call_nobody"),
    "call with no output": ({"input": UNANSWERED, "tools": FLAT}, "input", "call_1"),
    "chat-shaped tool": ({"input": "hi", "tools": TOOLS}, "tools[0].function", "flat"),
    "bad tool name": (
        {"input": "hi", "tools": [{**FLAT[0], "name": "get weather!"}]},
        "tools[0].name",
        "does not match pattern",
    ),
    "parameters not an object schema": (
        {"input": "hi", "tools": [{**FLAT[0], "parameters": {"type": "array"}}]},
        "tools[0].parameters",
        'type: "object"',
    ),
    "built-in tool": (
        {"input": "hi", "tools": [{"type": "web_search"}]},
        "tools[0].type",
        "function",
    ),
    "unknown tool in tool_choice": (
        {"input": "hi", "tools": FLAT, "tool_choice": {"type": "function", "name": "nope"}},
        "tool_choice",
        "get_weather, search_docs",
    ),
    "chat-shaped tool_choice": (
        {
            "input": "hi",
            "tools": FLAT,
            "tool_choice": {"type": "function", "function": {"name": "get_weather"}},
        },
        "tool_choice",
        "Use 'none', 'auto', 'required'",
    ),
    "unknown field": ({"input": "hi", "messages": []}, "messages", "Unknown parameter"),
    "max_output_tokens below 16": (
        {"input": "hi", "max_output_tokens": 5},
        "max_output_tokens",
        ">= 16",
    ),
    "input of the wrong type": ({"input": 3}, "input", "Invalid type"),
    "no input at all": ({"input": []}, "input", "empty array"),
}


@pytest.mark.parametrize("case", REJECTED)
def test_the_api_s_400s(case: str) -> None:
    body, param, words = REJECTED[case]
    reply = post(body)
    assert reply.status_code == 400, reply.text
    error = reply.json()["error"]
    assert error["param"] == param and words in error["message"]
    assert error["type"] == "invalid_request_error"


def test_the_sdk_raises_bad_request_for_an_unanswered_call_id() -> None:
    with pytest.raises(openai.BadRequestError, match="call_nobody"):
        strict().responses.create(model=MODEL_ID, input=ANSWERED_NOTHING, tools=FLAT)


def test_an_unknown_model_is_a_404() -> None:
    reply = post({"input": "hi", "model": "gpt-nope"})
    assert reply.status_code == 404 and reply.json()["error"]["code"] == "model_not_found"


def test_a_whole_response_waits_as_long_as_its_stream_would() -> None:
    config = ModelConfig(latency=Latency(first_token=0.5, per_token=0.01))
    whole = service.handle(
        "POST", "/v1/responses", json.dumps({"model": MODEL_ID, **ask("hello")}).encode(), config
    )
    streamed = service.handle(
        "POST",
        "/v1/responses",
        json.dumps({"model": MODEL_ID, **ask("hello", stream=True)}).encode(),
        config,
    )
    assert streamed.events and whole.body["output"][0]["type"] == "message"
    assert whole.wait == pytest.approx(0.5 + 0.01 * (len(streamed.events) - 1))


def test_python_m_helpers_offline_serves_responses() -> None:
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "helpers.offline", "--host", "127.0.0.1", "--port", str(port)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/v1"
    try:
        for _ in range(1200):  # bounded: at most about 60 s
            try:
                if httpx2.get(f"{url}/models", trust_env=False).status_code == 200:
                    break
            except httpx2.TransportError:
                time.sleep(0.05)
        with over_http(url).responses.stream(model=MODEL_ID, input=QUESTIONS[1], tools=FLAT) as s:
            final = s.get_final_response()
        assert [item.type for item in final.output] == ["function_call"]
        assert final.output[0].name == "search_docs"
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_the_reply_carries_the_same_explanation_as_chat_completions() -> None:
    config = ModelConfig()
    here = service.handle(
        "POST",
        "/v1/responses",
        json.dumps({"model": MODEL_ID, **ask(QUESTIONS[1])}).encode(),
        config,
    )
    chat = {
        "model": MODEL_ID,
        "messages": [{"role": "user", "content": QUESTIONS[1]}],
        "tools": TOOLS,
    }
    there = service.handle("POST", "/v1/chat/completions", json.dumps(chat).encode(), config)
    assert here.explanation and json.loads(here.explanation) == json.loads(there.explanation)
    assert here.headers()[service.HEADER] == here.explanation
