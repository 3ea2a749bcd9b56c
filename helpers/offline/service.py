"""One HTTP exchange with the offline model, the same in process and over a socket."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from helpers.offline import brain, wire
from helpers.offline.config import MODEL_ID, ModelConfig
from helpers.offline.protocol import ApiError, check_request, parse_body

CHAT_PATH = "/v1/chat/completions"
MODELS_PATH = "/v1/models"


@dataclass(frozen=True)
class Reply:
    """What goes back: a status and a JSON body, or (streaming) a list of SSE events."""

    status: int
    body: dict[str, Any] | None = None
    events: list[str] | None = None

    def content(self) -> bytes:
        """The JSON body as bytes (for replies that are not streams)."""
        return json.dumps(self.body, ensure_ascii=False).encode()


def handle(method: str, path: str, raw: bytes, config: ModelConfig) -> Reply:
    """Route a request: chat completions, the model list, or an OpenAI-style 404."""
    path = path.rstrip("/")
    if method == "POST" and path.endswith(CHAT_PATH):
        return chat(raw, config)
    if method == "GET" and path.endswith(MODELS_PATH):
        return Reply(200, {"object": "list", "data": [model_card()]})
    if method == "GET" and path.endswith(f"{MODELS_PATH}/{MODEL_ID}"):
        return Reply(200, model_card())
    error = ApiError(
        f"Unknown request URL: {method} {path}. This server offers POST {CHAT_PATH} and "
        f"GET {MODELS_PATH}.",
        code="unknown_url",
        status=404,
    )
    return Reply(error.status, error.body())


def chat(raw: bytes, config: ModelConfig) -> Reply:
    """POST /v1/chat/completions: validate, decide, and render (whole or streamed)."""
    try:
        request = parse_body(raw)
        check_request(request)
    except ApiError as error:
        return Reply(error.status, error.body())
    decision = brain.decide(request, config)
    if request.get("stream"):
        return Reply(200, events=wire.events(request, decision, config.seed, config.profile))
    return Reply(200, wire.completion(request, decision, config.seed))


def model_card() -> dict[str, Any]:
    """The offline model as GET /v1/models lists it."""
    return {
        "id": MODEL_ID,
        "object": "model",
        "created": wire.CREATED,
        "owned_by": "function-calling-workbook",
    }
