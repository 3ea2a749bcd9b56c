"""A scripted model behind httpx2.MockTransport, called by the real SDK."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import httpx2
import openai


def completion_json(reply: dict[str, Any], number: int) -> dict[str, Any]:
    """A ChatCompletion body as the API sends it."""
    message: dict[str, Any] = {"role": "assistant", "content": reply.get("content")}
    calls = reply.get("tool_calls") or []
    if calls:
        message["tool_calls"] = [
            {"id": f"call_{number}_{i}", "type": "function",
             "function": {"name": name, "arguments": arguments}}
            for i, (name, arguments) in enumerate(calls)
        ]
    return {
        "id": f"chatcmpl-{number}", "object": "chat.completion", "created": 1, "model": "scripted",
        "choices": [{"index": 0, "message": message, "logprobs": None,
                     "finish_reason": "tool_calls" if calls else "stop"}],
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
    for index, (name, arguments) in enumerate(calls):
        chunks.append(chunk({"tool_calls": [{"index": index, "id": f"call_{number}_{index}",
                                             "type": "function",
                                             "function": {"name": name, "arguments": ""}}]}))
        chunks += [chunk({"tool_calls": [{"index": index,
                                          "function": {"arguments": arguments[i:i + 4]}}]})
                   for i in range(0, len(arguments), 4)]
    chunks.append(chunk({}, "tool_calls" if calls else "stop"))
    chunks.append({**base, "choices": [], "usage": {"prompt_tokens": 10 * number,
                                                     "completion_tokens": 5,
                                                     "total_tokens": 10 * number + 5}})
    return chunks


def sse(chunks: list[dict[str, Any]]) -> bytes:
    return b"".join(f"data: {json.dumps(c)}\n\n".encode() for c in chunks) + b"data: [DONE]\n\n"


@dataclass
class ScriptedModel:
    """Answers request k with replies[k]; records each request body as the model saw it.

    A reply is {"content": str} or {"tool_calls": [(name, arguments_json), ...]} (or both).
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
        if body.get("stream"):
            return httpx2.Response(200, content=sse(stream_chunks(reply, number)),
                                   headers={"content-type": "text/event-stream"})
        return httpx2.Response(200, json=completion_json(reply, number))

    def client(self) -> openai.OpenAI:
        return openai.OpenAI(api_key="test", base_url="http://model.test/v1", max_retries=0,
                             http_client=httpx2.Client(transport=httpx2.MockTransport(self)))

    def async_client(self) -> openai.AsyncOpenAI:
        return openai.AsyncOpenAI(
            api_key="test", base_url="http://model.test/v1", max_retries=0,
            http_client=httpx2.AsyncClient(transport=httpx2.MockTransport(self)))


def assert_history_invariant(messages: list[dict[str, Any]]) -> None:
    """Every assistant tool_calls message is followed by one tool message per id, in order."""
    for position, message in enumerate(messages):
        if message["role"] == "assistant" and message.get("tool_calls"):
            ids = [call["id"] for call in message["tool_calls"]]
            following = messages[position + 1: position + 1 + len(ids)]
            assert [m["role"] for m in following] == ["tool"] * len(ids), messages
            assert [m["tool_call_id"] for m in following] == ids
        if message["role"] == "tool":
            assert messages[position - 1]["role"] in ("assistant", "tool")

