"""Shared pieces for the offline model's tests: tools, a strict client, the official schema.

(Not named conftest.py: test folders each have one, and `from conftest import` would pick
whichever was imported first.)
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import httpx2
import jsonschema
import openai
import pytest
import uvicorn
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from helpers.offline import MODEL_ID, ModelConfig, async_transport, sync_transport
from helpers.offline.server import create_app

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"  # copied by scripts/vendor_fixtures.py
OFFICIAL_SPEC = ROOT.parent / "shared" / "spec" / "openai-openapi.json"  # not in learners' clones
SPEC = FIXTURES / "openai-chat-schemas.json"  # the official OpenAPI document's response schemas
RECORDINGS = FIXTURES / "openai-recorded"


def tool(name: str, description: str, properties: dict[str, Any], required: list[str]) -> dict:
    """A tool definition as the agent sends it."""
    parameters = {"type": "object", "properties": properties, "required": required}
    return {
        "type": "function",
        "function": {"name": name, "description": description, "parameters": parameters},
    }


WEATHER = tool(
    "get_weather",
    "Get the current weather for a city.",
    {
        "city": {"type": "string", "description": "City name, e.g. Paris"},
        "unit": {"type": "string", "enum": ["celsius", "fahrenheit"], "description": "Unit"},
    },
    ["city"],
)
DOCS = tool(
    "search_docs",
    "Search the workbook documentation for a topic.",
    {
        "query": {"type": "string", "description": "What to search for"},
        "top_k": {"type": "integer", "description": "How many results", "minimum": 1},
    },
    ["query"],
)
TOOLS = [WEATHER, DOCS]

# Two weather tools told apart only by their descriptions: now vs the coming days.
CITY = {"city": {"type": "string", "description": "A city name"}}
CURRENT = tool(
    "get_current_weather",
    "Get the weather right now (sky and temperature) in a city.",
    CITY,
    ["city"],
)


def strict_client(**options: Any) -> openai.OpenAI:
    """The real SDK, validating every response against its types, talking to the offline model."""
    http_client = httpx2.Client(transport=sync_transport(ModelConfig(**options)))
    return openai.OpenAI(**STRICT, http_client=http_client)


def strict_async_client(**options: Any) -> openai.AsyncOpenAI:
    """The async SDK client, strict, talking to the offline model."""
    http_client = httpx2.AsyncClient(transport=async_transport(ModelConfig(**options)))
    return openai.AsyncOpenAI(**STRICT, http_client=http_client)


STRICT = {
    "api_key": "test",
    "base_url": "http://offline.invalid/v1",
    "max_retries": 0,
    "_strict_response_validation": True,
}


def ask(
    messages: list[dict[str, Any]] | str, tools: list[dict] | None = TOOLS, **request: Any
) -> Any:
    """One non-streamed call; returns choices[0].message."""
    options = request.pop("options", {})
    if isinstance(messages, str):
        messages = [{"role": "user", "content": messages}]
    extra = {"tools": tools} if tools is not None else {}
    reply = strict_client(**options).chat.completions.create(
        model=MODEL_ID, messages=messages, **extra, **request
    )
    return reply.choices[0].message


def calls_of(message: Any) -> list[tuple[str, dict[str, Any] | str]]:
    """(name, parsed arguments) for each tool call (raw string when not JSON)."""
    result = []
    for call in message.tool_calls or []:
        try:
            arguments = json.loads(call.function.arguments)
        except ValueError:
            arguments = call.function.arguments
        result.append((call.function.name, arguments))
    return result


def with_results(
    messages: list[dict[str, Any]], message: Any, results: list[str]
) -> list[dict[str, Any]]:
    """The history plus the assistant's calls and one tool message per call."""
    history = [*messages, message.model_dump(exclude_none=True)]
    for call, content in zip(message.tool_calls, results, strict=True):
        history.append({"role": "tool", "tool_call_id": call.id, "content": content})
    return history


@cache
def _spec() -> dict[str, Any]:
    """The official OpenAPI document with every `nullable: true` made a union with null."""
    return _nullable_to_union(json.loads(SPEC.read_text()))


def _nullable_to_union(node: Any) -> Any:
    """Rewrite OpenAPI's `nullable: true` the JSON Schema 2020-12 way."""
    if isinstance(node, list):
        return [_nullable_to_union(item) for item in node]
    if not isinstance(node, dict):
        return node
    node = {key: _nullable_to_union(value) for key, value in node.items()}
    if node.pop("nullable", False):
        return {"anyOf": [node, {"type": "null"}]}
    return node


def validate_against_spec(instance: dict[str, Any], schema_name: str) -> None:
    """Validate a response or chunk against components/schemas/<schema_name>."""
    _validator(schema_name).validate(instance)


@cache
def _validator(schema_name: str) -> jsonschema.Draft202012Validator:
    """A validator for one of the spec's schemas, with its $refs resolved inside the spec."""
    resource = Resource.from_contents(_spec(), default_specification=DRAFT202012)
    registry = Registry().with_resource("urn:openai", resource)
    schema = {"$ref": f"urn:openai#/components/schemas/{schema_name}"}
    return jsonschema.Draft202012Validator(schema, registry=registry)


@pytest.fixture(autouse=True)
def offline_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """No test here may reach a real backend, whatever the shell has set."""
    monkeypatch.setenv("WORKBOOK_FORCE_OFFLINE", "1")


def free_port() -> int:
    """A loopback port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="session")
def served_url() -> Iterator[str]:
    """The offline model served by uvicorn in a thread on a free loopback port."""
    port = free_port()
    app = create_app(ModelConfig())
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}/v1"
    server.should_exit = True
    thread.join(timeout=10)


# The request fields the API validates, derived from the official OpenAPI document.

FIELD_KEYWORDS = (
    "type",
    "enum",
    "minimum",
    "maximum",
    "minLength",
    "maxLength",
    "minItems",
    "maxItems",
    "items",
    "properties",
    "required",
    "additionalProperties",
    "anyOf",
    "oneOf",
    "discriminator",
)
CHECKED_BY_HAND = ("tools",)  # protocol._check_tools words these errors itself (strict mode too)


def request_fields_from_spec(spec: dict[str, Any]) -> dict[str, Any]:
    """CreateChatCompletionRequest's properties, each with its $refs inlined, `nullable`
    written as a union with null, and only the validation keywords kept."""
    schemas = spec["components"]["schemas"]
    request = _validation_part(schemas["CreateChatCompletionRequest"], schemas)
    return {
        name: schema
        for name, schema in sorted(request["properties"].items())
        if name not in CHECKED_BY_HAND
    }


def _validation_part(node: Any, schemas: dict[str, Any], refs: int = 0) -> Any:
    """One schema node reduced to its validation keywords, references followed."""
    if not isinstance(node, dict) or refs > 30:
        return node if not isinstance(node, dict) else {}
    if "$ref" in node:
        target = schemas[node["$ref"].split("/")[-1]]
        rest = {key: value for key, value in node.items() if key != "$ref"}
        return _validation_part({**target, **rest}, schemas, refs + 1)
    reduced = {
        key: _keyword(key, node[key], schemas, refs) for key in FIELD_KEYWORDS if key in node
    }
    for part in node.get("allOf", []):
        _merge_part(reduced, _validation_part(part, schemas, refs))
    return {"anyOf": [reduced, {"type": "null"}]} if node.get("nullable") else reduced


def _keyword(key: str, value: Any, schemas: dict[str, Any], refs: int) -> Any:
    """One validation keyword's value, with the schemas inside it reduced too."""
    if key == "properties":
        return {name: _validation_part(child, schemas, refs) for name, child in value.items()}
    if key in ("anyOf", "oneOf"):
        return [_validation_part(branch, schemas, refs) for branch in value]
    if key in ("items", "additionalProperties") and isinstance(value, dict):
        return _validation_part(value, schemas, refs)
    if key == "discriminator":
        return value["propertyName"]
    return value


def _merge_part(reduced: dict[str, Any], part: dict[str, Any]) -> None:
    """Merge one allOf part into a reduced schema (properties and required joined)."""
    for key, value in part.items():
        if key == "properties":
            reduced.setdefault("properties", {}).update(value)
        elif key == "required":
            reduced["required"] = sorted({*reduced.get("required", []), *value})
        else:
            reduced.setdefault(key, value)


def write_request_fields() -> None:
    """Regenerate helpers/offline/api_request_fields.json from the official spec."""
    fields = request_fields_from_spec(json.loads(OFFICIAL_SPEC.read_text()))
    text = json.dumps(fields, indent=1, ensure_ascii=False) + "\n"
    (ROOT / "helpers" / "offline" / "api_request_fields.json").write_text(text, encoding="utf-8")
