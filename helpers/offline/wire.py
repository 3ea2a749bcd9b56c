"""The response side of the wire: a decision as a chat.completion, or as a stream of chunks.

Streams follow the real recordings: a role chunk; per call a first fragment with id, type and
name and empty arguments, then argument pieces cut where the o200k_base tokenizer cuts; a
finish chunk; a usage chunk (choices: []) when asked for; then `data: [DONE]`.
The provider profiles reshape the tool-call part to teach robust reassembly.

A reply longer than max_completion_tokens (or max_tokens) is cut at that many tokens, tool-call
arguments mid-JSON included, with finish_reason "length", as the API cuts it. A call forced by
name (tool_choice {"type": "function", ...}) finishes with "stop", as recorded gpt-4o streams do
(ModelConfig.forced_finish_reason says "tool_calls" instead).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from helpers.offline.brain import Decision
from helpers.offline.config import MODEL_ID, ModelConfig
from helpers.tokens import count_request_tokens, count_tokens, encoding, token_pieces

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


@dataclass(frozen=True)
class Generated:
    """What the model sends for one request: the decision as sent (cut at the token limit),
    its finish_reason, and how many tokens it generated."""

    decision: Decision
    finish_reason: str
    completion_tokens: int


def generate(request: dict[str, Any], decision: Decision, config: ModelConfig) -> Generated:
    """The decision as sent: whole, or cut at the request's token limit."""
    limit = token_limit(request)
    tokens = generated_tokens(decision)
    if limit is not None and tokens > limit:
        return Generated(cut(decision, limit), "length", limit)
    return Generated(decision, finish_reason(request, decision, config), tokens)


def token_limit(request: dict[str, Any]) -> int | None:
    """max_completion_tokens, else the older max_tokens; None when neither is set."""
    for field in ("max_completion_tokens", "max_tokens"):
        if isinstance(request.get(field), int):
            return request[field]
    return None


def generated_tokens(decision: Decision) -> int:
    """Tokens the model generates: the text, then each call's name and arguments."""
    calls = sum(count_tokens(call.name) + count_tokens(call.arguments) for call in decision.calls)
    return count_tokens(decision.content or "") + calls


def first_tokens(text: str, count: int) -> str:
    """The text of the first `count` tokens (a character split by the cut is left out)."""
    tokens = encoding().encode_ordinary(text)[:count]
    data = b"".join(encoding().decode_single_token_bytes(token) for token in tokens)
    return data.decode("utf-8", errors="ignore")


def cut(decision: Decision, limit: int) -> Decision:
    """The decision cut after `limit` generated tokens: text first, then the calls in order;
    a call whose name does not fit is left out, arguments are cut wherever the limit falls."""
    budget = limit - count_tokens(decision.content or "")
    if budget <= 0:
        return replace(decision, content=first_tokens(decision.content or "", limit), calls=())
    calls = []
    for call in decision.calls:
        budget -= count_tokens(call.name)
        if budget <= 0:
            break
        calls.append(replace(call, arguments=first_tokens(call.arguments, budget)))
        budget -= count_tokens(call.arguments)
        if budget <= 0:
            break
    return replace(decision, calls=tuple(calls))


def usage(request: dict[str, Any], completion_tokens: int) -> dict[str, Any]:
    """Token counts: the prompt (messages and tool definitions) and what the model generated."""
    prompt = count_request_tokens(request["messages"], request.get("tools"))
    return {
        "prompt_tokens": prompt,
        "completion_tokens": completion_tokens,
        "total_tokens": prompt + completion_tokens,
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


def finish_reason(request: dict[str, Any], decision: Decision, config: ModelConfig) -> str:
    """'tool_calls' when the model asks for calls ('stop' by default when a call was forced by
    name, as gpt-4o says), else 'stop'."""
    if not decision.calls:
        return "stop"
    if isinstance(request.get("tool_choice"), dict):
        return config.forced_finish_reason
    return "tool_calls"


def completion(request: dict[str, Any], decision: Decision, config: ModelConfig) -> dict[str, Any]:
    """A whole chat.completion object (stream: false)."""
    generated = generate(request, decision, config)
    decision = generated.decision
    completion_id, call_ids = ids_for(request, config.seed, len(decision.calls))
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
                "finish_reason": generated.finish_reason,
            }
        ],
        "usage": usage(request, generated.completion_tokens),
        "service_tier": "default",
        "system_fingerprint": FINGERPRINT,
    }


def chunks(
    request: dict[str, Any], decision: Decision, config: ModelConfig
) -> Iterator[dict[str, Any]]:
    """The chat.completion.chunk objects of a streamed answer, in order."""
    generated = generate(request, decision, config)
    decision = generated.decision
    completion_id, call_ids = ids_for(request, config.seed, len(decision.calls))

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
    for entries in PROFILES[config.profile](_tool_calls(decision, call_ids)):
        yield chunk({"tool_calls": entries})
    yield chunk({}, generated.finish_reason)
    if (request.get("stream_options") or {}).get("include_usage"):
        last = chunk({})
        last["choices"] = []
        last["usage"] = usage(request, generated.completion_tokens)
        yield last


def sse(chunk: dict[str, Any]) -> str:
    """One server-sent event, framed as the API frames it."""
    return f"data: {json.dumps(chunk, ensure_ascii=False, separators=(',', ':'))}\n\n"


def events(request: dict[str, Any], decision: Decision, config: ModelConfig) -> list[str]:
    """The whole stream as SSE events, ending with [DONE]."""
    return [sse(c) for c in chunks(request, decision, config)] + [DONE]


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
