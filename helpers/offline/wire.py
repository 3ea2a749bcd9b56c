"""The response side of the wire: a decision as a chat.completion, or as a stream of chunks.

Streams follow the real recordings: a role chunk; per call a first fragment with id, type and
name and empty arguments, then argument pieces cut where the o200k_base tokenizer cuts; a
finish chunk; a usage chunk (choices: []) when asked for; then `data: [DONE]`.
The provider profiles reshape the tool-call part to teach robust reassembly.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from typing import Any

from helpers.offline.brain import Decision
from helpers.offline.config import MODEL_ID
from helpers.tokens import count_request_tokens, count_tokens, token_pieces

CREATED = 1_767_225_600  # 2026-01-01T00:00:00Z: fixed, so outputs are the same every run
FINGERPRINT = "fp_offline"
DONE = "data: [DONE]\n\n"


def ids_for(request: dict[str, Any], seed: int, calls: int) -> tuple[str, list[str]]:
    """Deterministic ids from the request and the seed: chatcmpl-… and one call_… per call.

    Streaming or not does not change them, so both ways give the same ids."""
    asked = {k: v for k, v in request.items() if k not in ("stream", "stream_options")}
    canonical = json.dumps(asked, sort_keys=True, ensure_ascii=False) + f"#{seed}"
    digest = hashlib.sha256(canonical.encode()).hexdigest()
    call_ids = [
        f"call_{hashlib.sha256(f'{digest}:{i}'.encode()).hexdigest()[:24]}" for i in range(calls)
    ]
    return f"chatcmpl-{digest[:29]}", call_ids


def usage(request: dict[str, Any], decision: Decision) -> dict[str, Any]:
    """Token counts: the prompt (messages and tool definitions) and what the model generated."""
    prompt = count_request_tokens(request["messages"], request.get("tools"))
    completion = count_tokens(decision.content or "") + sum(
        count_tokens(call.name) + count_tokens(call.arguments) for call in decision.calls
    )
    return {
        "prompt_tokens": prompt,
        "completion_tokens": completion,
        "total_tokens": prompt + completion,
        "prompt_tokens_details": {"cached_tokens": 0, "audio_tokens": 0},
        "completion_tokens_details": {"reasoning_tokens": 0, "audio_tokens": 0},
    }


def _tool_calls(decision: Decision, call_ids: list[str]) -> list[dict[str, Any]]:
    """The calls as the message's tool_calls entries."""
    return [
        {
            "id": call_id,
            "type": "function",
            "function": {"name": call.name, "arguments": call.arguments},
        }
        for call_id, call in zip(call_ids, decision.calls, strict=True)
    ]


def finish_reason(decision: Decision) -> str:
    """'tool_calls' when the model asks for calls, else 'stop'."""
    return "tool_calls" if decision.calls else "stop"


def completion(request: dict[str, Any], decision: Decision, seed: int) -> dict[str, Any]:
    """A whole chat.completion object (stream: false)."""
    completion_id, call_ids = ids_for(request, seed, len(decision.calls))
    message: dict[str, Any] = {
        "role": "assistant",
        "content": decision.content,
        "refusal": None,
        "annotations": [],
    }
    if decision.calls:
        message["tool_calls"] = _tool_calls(decision, call_ids)
    return {
        "id": completion_id,
        "object": "chat.completion",
        "created": CREATED,
        "model": MODEL_ID,
        "choices": [
            {
                "index": 0,
                "message": message,
                "logprobs": None,
                "finish_reason": finish_reason(decision),
            }
        ],
        "usage": usage(request, decision),
        "service_tier": "default",
        "system_fingerprint": FINGERPRINT,
    }


def chunks(
    request: dict[str, Any], decision: Decision, seed: int, profile: str
) -> Iterator[dict[str, Any]]:
    """The chat.completion.chunk objects of a streamed answer, in order."""
    completion_id, call_ids = ids_for(request, seed, len(decision.calls))

    def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
        choice = {"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}
        return {
            "id": completion_id,
            "object": "chat.completion.chunk",
            "created": CREATED,
            "model": MODEL_ID,
            "system_fingerprint": FINGERPRINT,
            "choices": [choice],
        }

    if decision.content is not None:
        yield chunk({"role": "assistant", "content": "", "refusal": None})
        for piece in token_pieces(decision.content):
            yield chunk({"content": piece})
    else:
        yield chunk({"role": "assistant", "content": None})
    for entries in PROFILES[profile](_tool_calls(decision, call_ids)):
        yield chunk({"tool_calls": entries})
    yield chunk({}, finish_reason(decision))
    if (request.get("stream_options") or {}).get("include_usage"):
        last = chunk({})
        last["choices"] = []
        last["usage"] = usage(request, decision)
        yield last


def sse(chunk: dict[str, Any]) -> str:
    """One server-sent event, framed as the API frames it."""
    return f"data: {json.dumps(chunk, ensure_ascii=False, separators=(',', ':'))}\n\n"


def events(request: dict[str, Any], decision: Decision, seed: int, profile: str) -> list[str]:
    """The whole stream as SSE events, ending with [DONE]."""
    return [sse(c) for c in chunks(request, decision, seed, profile)] + [DONE]


# Tool-call fragments, and the provider profiles that arrange them into chunks.


def fragments(index: int, call: dict[str, Any]) -> list[dict[str, Any]]:
    """One call as the OpenAI API streams it: a head with id/type/name, then token-sized pieces."""
    head = {"index": index, **call, "function": {"name": call["function"]["name"], "arguments": ""}}
    pieces = token_pieces(call["function"]["arguments"])
    return [head] + [{"index": index, "function": {"arguments": piece}} for piece in pieces]


def openai_shape(calls: list[dict[str, Any]]) -> Iterator[list[dict[str, Any]]]:
    """One fragment per chunk, all of call 0, then all of call 1 (the real API's order)."""
    for index, call in enumerate(calls):
        for fragment in fragments(index, call):
            yield [fragment]


def whole_call(calls: list[dict[str, Any]]) -> Iterator[list[dict[str, Any]]]:
    """Each call complete in a single chunk."""
    for index, call in enumerate(calls):
        yield [{"index": index, **call}]


def multi_entry(calls: list[dict[str, Any]]) -> Iterator[list[dict[str, Any]]]:
    """Several entries per chunk: the n-th fragment of every call together."""
    columns = [fragments(i, call) for i, call in enumerate(calls)]
    for n in range(max((len(c) for c in columns), default=0)):
        yield [column[n] for column in columns if n < len(column)]


def interleaved(calls: list[dict[str, Any]]) -> Iterator[list[dict[str, Any]]]:
    """One fragment per chunk, taking turns between the calls (0, 1, 0, 1, ...)."""
    for entries in multi_entry(calls):
        for entry in entries:
            yield [entry]


def repeated_ids(calls: list[dict[str, Any]]) -> Iterator[list[dict[str, Any]]]:
    """The OpenAI order, but every fragment repeats the call's id, type and name."""
    for index, call in enumerate(calls):
        for fragment in fragments(index, call):
            arguments = fragment["function"]["arguments"]
            yield [
                {
                    "index": index,
                    **call,
                    "function": {"name": call["function"]["name"], "arguments": arguments},
                }
            ]


PROFILES = {
    "openai": openai_shape,
    "whole_call": whole_call,
    "multi_entry": multi_entry,
    "interleaved": interleaved,
    "repeated_ids": repeated_ids,
}
