"""One HTTP exchange with the offline model, the same in process and over a socket."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from typing import Any

from helpers.offline import brain, responses, wire
from helpers.offline.config import MODEL_ID, Latency, ModelConfig
from helpers.offline.explain import HEADER
from helpers.offline.protocol import ApiError, check_request, parse_body

MAX_BODY_BYTES = 4 * 1024 * 1024  # 4 MiB: room for the API's longest message (1,048,576 chars)
CHAT_PATH = "/v1/chat/completions"
RESPONSES_PATH = "/v1/responses"
MODELS_PATH = "/v1/models"
SSE_HEADERS = {"content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache"}
JSON_HEADERS = {"content-type": "application/json"}


@dataclass(frozen=True)
class Reply:
    """What goes back: a status and a JSON body, or (streaming) a list of SSE events."""

    status: int
    body: dict[str, Any] | None = None
    events: list[str] | None = None
    wait: float = 0.0  # seconds before a whole (not streamed) body is sent
    explanation: str = ""  # why the model decided so (explain.py), compact ASCII JSON

    def headers(self) -> dict[str, str]:
        """The response headers: the content type, and x-offline-explanation (SDKs ignore it)."""
        base = SSE_HEADERS if self.events is not None else JSON_HEADERS
        return {**base, HEADER: self.explanation} if self.explanation else base

    def content(self) -> bytes:
        """The JSON body as bytes (for replies that are not streams)."""
        return json.dumps(self.body, ensure_ascii=False).encode()


def handle(method: str, path: str, raw: bytes, config: ModelConfig) -> Reply:
    """Route a request: chat completions, the model list, or an OpenAI-style 404."""
    path = path.rstrip("/")
    if method == "POST" and path.endswith(CHAT_PATH):
        return chat(raw, config)
    if method == "POST" and path.endswith(RESPONSES_PATH):
        return respond(raw, config)
    if method == "GET" and path.endswith(MODELS_PATH):
        return Reply(200, {"object": "list", "data": [model_card()]})
    if method == "GET" and path.endswith(f"{MODELS_PATH}/{MODEL_ID}"):
        return Reply(200, model_card())
    error = ApiError(
        f"Unknown request URL: {method} {path}. This server offers POST {CHAT_PATH}, "
        f"POST {RESPONSES_PATH} and GET {MODELS_PATH}.",
        code="unknown_url",
        status=404,
    )
    return Reply(error.status, error.body())


def too_large() -> Reply:
    """The 413 for a body over MAX_BODY_BYTES (checked before any parsing)."""
    error = ApiError(
        f"The request body is larger than this server accepts ({MAX_BODY_BYTES} bytes). "
        "Send less: shorten or summarise long messages, or split the work over several requests.",
        code="request_too_large",
        status=413,
    )
    return Reply(error.status, error.body())


def chat(raw: bytes, config: ModelConfig) -> Reply:
    """POST /v1/chat/completions: validate, decide, and render (whole or streamed)."""
    if len(raw) > MAX_BODY_BYTES:
        return too_large()
    try:
        request = parse_body(raw)
        check_request(request)
    except ApiError as error:
        return Reply(error.status, error.body())
    decision = brain.decide(request, config)
    why = decision.explanation.header() if decision.explanation else ""
    if request.get("stream"):
        return Reply(200, events=wire.events(request, decision, config), explanation=why)
    wait = 0.0
    if config.latency != Latency():  # as long as the same reply would take to stream
        streamed = wire.events({**request, "stream": True}, decision, config)
        wait = sum(_delays(config.latency, len(streamed)))
    return Reply(200, wire.completion(request, decision, config), wait=wait, explanation=why)


def respond(raw: bytes, config: ModelConfig) -> Reply:
    """POST /v1/responses (responses.py): the same decision core, the Responses API's shapes."""
    if len(raw) > MAX_BODY_BYTES:
        return too_large()
    try:
        made = responses.create(parse_body(raw), config)
    except ApiError as error:
        return Reply(error.status, error.body())
    if made.streamed:
        return Reply(200, events=made.events, explanation=made.explanation)
    wait = sum(_delays(config.latency, len(made.events)))  # as long as its stream would take
    return Reply(200, made.body, wait=wait, explanation=made.explanation)


def model_card() -> dict[str, Any]:
    """The offline model as GET /v1/models lists it."""
    return {
        "id": MODEL_ID,
        "object": "model",
        "created": wire.CREATED,
        "owned_by": "function-calling-workbook",
    }


def _delays(latency: Latency, count: int) -> Iterator[float]:
    """How long to wait before each of `count` events: time to first token, then per token."""
    for i in range(count):
        yield latency.first_token if i == 0 else latency.per_token


def paced(events: list[str], latency: Latency) -> Iterator[bytes]:
    """The events as bytes, sleeping in between when latency is simulated."""
    for delay, event in zip(_delays(latency, len(events)), events, strict=True):
        if delay:
            time.sleep(delay)
        yield event.encode()


async def paced_async(events: list[str], latency: Latency) -> AsyncIterator[bytes]:
    """The events as bytes for an async client, awaiting in between when latency is simulated."""
    for delay, event in zip(_delays(latency, len(events)), events, strict=True):
        if delay:
            await asyncio.sleep(delay)
        yield event.encode()
