"""A scripted model behind httpx2.MockTransport, called by the real SDK."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import httpx2
import openai

from helpers.backend import sdk_client

MODEL_URL = "http://model.test/v1"


def call_id(call: tuple[str, ...], number: int, index: int) -> str:
    """The call's own id (a third item in the script), else call_<reply>_<index>."""
    return call[2] if len(call) > 2 else f"call_{number}_{index}"


def finish_reason(reply: dict[str, Any]) -> str:
    """The script's finish_reason, else the one the API sends for this kind of reply."""
    return reply.get("finish_reason") or ("tool_calls" if reply.get("tool_calls") else "stop")


def completion_json(reply: dict[str, Any], number: int) -> dict[str, Any]:
    """A ChatCompletion body as the API sends it."""
    message: dict[str, Any] = {"role": "assistant", "content": reply.get("content")}
    calls = reply.get("tool_calls") or []
    if calls:
        message["tool_calls"] = [
            {"id": call_id(call, number, i), "type": "function",
             "function": {"name": call[0], "arguments": call[1]}}
            for i, call in enumerate(calls)
        ]
    return {
        "id": f"chatcmpl-{number}", "object": "chat.completion", "created": 1, "model": "scripted",
        "choices": [{"index": 0, "message": message, "logprobs": None,
                     "finish_reason": finish_reason(reply)}],
        "usage": {"prompt_tokens": 10 * number, "completion_tokens": 5,
                  "total_tokens": 10 * number + 5},
    }


def stream_chunks(reply: dict[str, Any], number: int) -> list[dict[str, Any]]:
    """The same reply as stream chunks: text in 3-character pieces, arguments in 4."""
    base = {"id": f"chatcmpl-{number}", "object": "chat.completion.chunk", "created": 1,
            "model": "scripted"}

    def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
        return {**base, "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}

    chunks = [chunk({"role": "assistant", "content": None})]
    text = reply.get("content") or ""
    chunks += [chunk({"content": text[i:i + 3]}) for i in range(0, len(text), 3)]
    calls = reply.get("tool_calls") or []
    for index, call in enumerate(calls):
        chunks.append(chunk({"tool_calls": [{"index": index, "id": call_id(call, number, index),
                                             "type": "function",
                                             "function": {"name": call[0], "arguments": ""}}]}))
        chunks += [chunk({"tool_calls": [{"index": index,
                                          "function": {"arguments": call[1][i:i + 4]}}]})
                   for i in range(0, len(call[1]), 4)]
    chunks.append(chunk({}, finish_reason(reply)))
    chunks.append({**base, "choices": [], "usage": {"prompt_tokens": 10 * number,
                                                     "completion_tokens": 5,
                                                     "total_tokens": 10 * number + 5}})
    return chunks


def sse(chunks: list[dict[str, Any]]) -> bytes:
    return b"".join(f"data: {json.dumps(c)}\n\n".encode() for c in chunks) + b"data: [DONE]\n\n"


@dataclass
class ScriptedModel:
    """Answers request k with replies[k]; records each request body as the model saw it.

    A reply is {"content": str} or {"tool_calls": [(name, arguments_json), ...]} (or both),
    optionally with "finish_reason"; a call may carry its id third: (name, arguments, id).
    A reply may also be a whole recorded body: {"body": bytes} (SSE or JSON, sent as it is).
    """

    replies: list[dict[str, Any]]
    requests: list[dict[str, Any]] = field(default_factory=list)

    def __call__(self, request: httpx2.Request) -> httpx2.Response:
        body = json.loads(request.content)
        self.requests.append(body)
        number = len(self.requests)
        if number > len(self.replies):
            return httpx2.Response(400, json={"error": {
                "message": f"the script has only {len(self.replies)} replies",
                "type": "invalid_request_error", "param": None, "code": None}})
        reply = self.replies[number - 1]
        if "body" in reply:
            kind = "text/event-stream" if body.get("stream") else "application/json"
            return httpx2.Response(200, content=reply["body"], headers={"content-type": kind})
        if body.get("stream"):
            return httpx2.Response(200, content=sse(stream_chunks(reply, number)),
                                   headers={"content-type": "text/event-stream"})
        return httpx2.Response(200, json=completion_json(reply, number))

    def client(self) -> openai.OpenAI:
        return sdk_client(httpx2.MockTransport(self), base_url=MODEL_URL, api_key="test")

    def async_client(self) -> openai.AsyncOpenAI:
        transport = httpx2.MockTransport(self)
        return sdk_client(transport, base_url=MODEL_URL, api_key="test", asynchronous=True)

