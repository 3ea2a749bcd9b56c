"""Replay: what real models sent, served again to the real openai SDK (seed 000, insight 7).

`helpers/transcripts/` holds real request and response bodies recorded against live model APIs
by public test suites (OpenAI, Ollama, Mistral, Groq, OpenRouter, Gemini's compatible
endpoint, the Responses API, Anthropic). Each `<stem>.source.txt` names the repository, file,
commit and licence it came from; INDEX.md lists them all.

A replay client is the real `openai.OpenAI` (or `AsyncOpenAI`) over an httpx2.MockTransport
that answers the 1st request with the 1st recording, the 2nd with the 2nd, and so on. SSE
bodies are served byte for byte (comment lines, `event: error`, padding and all), optionally
cut into small slices the way a network delivers them. A request past the last recording gets
an HTTP 400 that says so: only what was recorded is ever served, nothing is made up.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx2
import openai

from helpers.backend import sdk_client

TRANSCRIPTS = Path(__file__).parent / "transcripts"
SSE_HEADERS = {"content-type": "text/event-stream"}
JSON_HEADERS = {"content-type": "application/json"}
ENDPOINTS = {
    "chat.completions": "/chat/completions",
    "responses": "/responses",
    "messages": "/messages",
}  # the path each recorded API answers on
REPLAY_URL = "http://replay.invalid/v1"  # never resolved: the transport answers in process


@dataclass(frozen=True)
class Recording:
    """One recorded exchange: the request body sent, the response body received, its source."""

    stem: str
    request: dict[str, Any]
    body: bytes
    kind: str  # "sse" (a streamed response) or "json"
    source: str  # the .source.txt: where it was recorded, its licence, its quirks

    @property
    def api(self) -> str:
        """chat.completions, responses or messages (Anthropic), from the source note."""
        return self.note("api")

    @property
    def provider(self) -> str:
        """Who served it (OpenAI, Groq, ...), from the source note."""
        return self.note("provider")

    def note(self, key: str) -> str:
        """One `key: value` line of the source note ("" if it has none)."""
        for line in self.source.splitlines():
            if line.startswith(f"{key}:"):
                return line.partition(":")[2].strip()
        return ""

    def response(self) -> Any:
        """The body parsed: a dict for JSON, the list of SSE events' data for a stream."""
        if self.kind == "json":
            return json.loads(self.body)
        return [json.loads(data) for data in sse_data(self.body) if data != "[DONE]"]


def sse_data(body: bytes) -> list[str]:
    """The `data:` payloads of an SSE body, in order (comment and `event:` lines skipped)."""
    lines = body.decode().splitlines()
    return [line.removeprefix("data:").strip() for line in lines if line.startswith("data:")]


def stems() -> list[str]:
    """Every vendored recording, by file stem."""
    return sorted(
        path.name.removesuffix(".source.txt") for path in TRANSCRIPTS.glob("*.source.txt")
    )


def recording(stem: str) -> Recording:
    """Load one vendored recording; an unknown stem is named with the ones that exist."""
    if stem not in stems():
        raise KeyError(f"No recording {stem!r}. Recordings: {', '.join(stems())}.")
    sse = TRANSCRIPTS / f"{stem}.response.sse"
    body_path = sse if sse.exists() else TRANSCRIPTS / f"{stem}.response.json"
    return Recording(
        stem=stem,
        request=json.loads((TRANSCRIPTS / f"{stem}.request.json").read_text()),
        body=body_path.read_bytes(),
        kind="sse" if sse.exists() else "json",
        source=(TRANSCRIPTS / f"{stem}.source.txt").read_text(),
    )


def slices(body: bytes, chunk_size: int | None) -> list[bytes]:
    """The body as a network might deliver it: whole, or in `chunk_size`-byte slices."""
    if chunk_size is None:
        return [body]
    if chunk_size < 1:
        raise ValueError(f"chunk_size must be a positive number of bytes, got {chunk_size!r}.")
    return [body[start : start + chunk_size] for start in range(0, len(body), chunk_size)]


def not_recorded(message: str) -> httpx2.Response:
    """An OpenAI-style error the SDK raises as BadRequestError: nothing is made up."""
    error = {
        "message": message,
        "type": "invalid_request_error",
        "param": None,
        "code": "not_recorded",
    }
    return httpx2.Response(400, json={"error": error}, headers={"x-should-retry": "false"})


class Replay:
    """Serves recordings in order, one per request; counts what it served."""

    def __init__(self, recordings: list[Recording], chunk_size: int | None = None) -> None:
        if not recordings:
            raise ValueError("A replay needs at least one recording (see helpers.replay.stems()).")
        slices(b"", chunk_size)  # a bad chunk_size is named now, not at the first request
        self.recordings = recordings
        self.chunk_size = chunk_size
        self.requests: list[dict[str, Any]] = []  # what the client sent, for comparison

    def next_recording(self, request: httpx2.Request) -> Recording | httpx2.Response:
        """The recording for this request, or the error that explains why there is none."""
        self.requests.append(json.loads(request.content or b"{}"))
        served = len(self.requests)
        if served > len(self.recordings):
            return not_recorded(
                f"This replay holds {len(self.recordings)} recording(s) and request {served} was "
                "never recorded. Pass one recording per request you make (for example a "
                "recorded final answer after a tool call)."
            )
        current = self.recordings[served - 1]
        endpoint = ENDPOINTS.get(current.api, "/chat/completions")
        if not request.url.path.endswith(endpoint):
            return not_recorded(
                f"Recording {current.stem!r} answers {endpoint}, but request {served} went to "
                f"{request.url.path}. Use the client method for its API ({current.api})."
            )
        return current

    def respond(self, request: httpx2.Request) -> httpx2.Response:
        """Sync transport handler: the next recording's body, verbatim."""
        current = self.next_recording(request)
        if isinstance(current, httpx2.Response):
            return current
        if current.kind == "json":
            return httpx2.Response(200, content=current.body, headers=JSON_HEADERS)
        return httpx2.Response(
            200, content=iter(slices(current.body, self.chunk_size)), headers=SSE_HEADERS
        )

    async def respond_async(self, request: httpx2.Request) -> httpx2.Response:
        """Async transport handler: the same, with the stream as async byte slices."""
        current = self.next_recording(request)
        if isinstance(current, httpx2.Response):
            return current
        if current.kind == "json":
            return httpx2.Response(200, content=current.body, headers=JSON_HEADERS)
        return httpx2.Response(
            200, content=aiter_slices(slices(current.body, self.chunk_size)), headers=SSE_HEADERS
        )

    def client(self) -> openai.OpenAI:
        """The real openai.OpenAI over this replay (no retries: a retry would skip a recording)."""
        transport = httpx2.MockTransport(self.respond)
        return sdk_client(transport, base_url=REPLAY_URL, api_key="replay")

    def async_client(self) -> openai.AsyncOpenAI:
        """The real openai.AsyncOpenAI over this replay."""
        transport = httpx2.MockTransport(self.respond_async)
        return sdk_client(transport, base_url=REPLAY_URL, api_key="replay", asynchronous=True)


async def aiter_slices(pieces: list[bytes]) -> AsyncIterator[bytes]:
    """The slices as an async byte stream (what httpx2.AsyncClient reads)."""
    for piece in pieces:
        yield piece


def _recordings(items: tuple[str | Recording, ...]) -> list[Recording]:
    return [item if isinstance(item, Recording) else recording(item) for item in items]


def replay_client(*stems: str | Recording, chunk_size: int | None = None) -> openai.OpenAI:
    """The real openai.OpenAI answering request n with recording n (stems or Recordings)."""
    return Replay(_recordings(stems), chunk_size).client()


def replay_async_client(
    *stems: str | Recording, chunk_size: int | None = None
) -> openai.AsyncOpenAI:
    """The real openai.AsyncOpenAI answering request n with recording n."""
    return Replay(_recordings(stems), chunk_size).async_client()


# ---- seed 000, insight 7: one protocol idea, three wire shapes ----

WIRE_APIS = ("OpenAI chat", "OpenAI Responses", "Anthropic messages")
CALL_STEMS = {  # the same question and weather tool, sent to three APIs
    "OpenAI chat": "mistral__chat-stream-call-finish-usage-one-chunk",
    "OpenAI Responses": "openai-responses__nonstream-parallel-function-calls",
    "Anthropic messages": "anthropic__nonstream-parallel-tool-use",
}
RESULT_STEMS = {  # a request that carries a tool result back (no Anthropic one was recorded)
    "OpenAI chat": "openai__chat-stream-final-answer-after-tool",
    "OpenAI Responses": "openai-responses__stream-after-function-output",
}
ANTHROPIC_RESULT = (  # Anthropic's documented shape, typed here: no recording carries one
    "messages[] role 'user', content[] block type 'tool_result', tool_use_id, content "
    "(Anthropic's documented shape; no recording here carries one)"
)


def shown(value: Any, limit: int = 70) -> str:
    """Compact JSON, long values cut with an ellipsis."""
    text = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    return text if len(text) <= limit else text[: limit - 1] + "…"


def keys_of(item: dict[str, Any]) -> str:
    """The keys of one wire object, as {a, b, c}."""
    return "{" + ", ".join(item) + "}"


def chat_shape(call: Recording, result: Recording) -> dict[str, str]:
    """Where each part lives in Chat Completions (the call read from its stream)."""
    definition = call.request["tools"][0]
    chunk = next(
        c
        for c in call.response()
        if c.get("choices") and c["choices"][0]["delta"].get("tool_calls")
    )
    tool_call = chunk["choices"][0]["delta"]["tool_calls"][0]
    reply = next(m for m in result.request["messages"] if m["role"] == "tool")
    return {
        "definition": f"tools[] {keys_of(definition)}; function {keys_of(definition['function'])}",
        "call": (
            f"choices[0].delta.tool_calls[] (message.tool_calls[] unstreamed): "
            f"id {tool_call['id']!r}, function.name {tool_call['function']['name']!r}"
        ),
        "arguments": f"a JSON string: {shown(tool_call['function']['arguments'], 80)}",
        "result": (
            f"messages[] role 'tool', tool_call_id {reply['tool_call_id']!r}, "
            f"content {reply['content']!r}"
        ),
        "stop signal": f"finish_reason: {chunk['choices'][0]['finish_reason']!r}",
    }


def responses_shape(call: Recording, result: Recording) -> dict[str, str]:
    """Where each part lives in the Responses API."""
    definition = call.request["tools"][0]
    body = call.response()
    function_call = next(item for item in body["output"] if item["type"] == "function_call")
    output = next(
        item for item in result.request["input"] if item.get("type") == "function_call_output"
    )
    return {
        "definition": f"tools[] {keys_of(definition)} (flat, no `function` wrapper)",
        "call": (
            f"output[] item type 'function_call': call_id {function_call['call_id']!r}, "
            f"name {function_call['name']!r} (and its own item id)"
        ),
        "arguments": f"a JSON string: {shown(function_call['arguments'], 80)}",
        "result": (
            f"input[] item type 'function_call_output', call_id {output['call_id']!r}, "
            f"output {output['output']!r}"
        ),
        "stop signal": f"status: {body['status']!r} with function_call items in output",
    }


def anthropic_shape(call: Recording) -> dict[str, str]:
    """Where each part lives in Anthropic's Messages API."""
    definition = call.request["tools"][0]
    body = call.response()
    tool_use = next(block for block in body["content"] if block["type"] == "tool_use")
    return {
        "definition": f"tools[] {keys_of(definition)} (schema under input_schema)",
        "call": (
            f"content[] block type 'tool_use': id {tool_use['id']!r}, name {tool_use['name']!r}"
        ),
        "arguments": f"an object, already parsed: {shown(tool_use['input'], 80)}",
        "result": ANTHROPIC_RESULT,
        "stop signal": f"stop_reason: {body['stop_reason']!r}",
    }


def wire_shapes() -> list[dict[str, str]]:
    """One row per part of a tool call (definition, call, arguments, result, stop signal),
    one column per wire format, each cell read from a vendored recording. The chat column is
    Mistral's chat-completions endpoint, which speaks the OpenAI chat format: it answered the
    same question with the same weather tool as the Responses and Anthropic recordings."""
    columns = {
        "OpenAI chat": chat_shape(
            recording(CALL_STEMS["OpenAI chat"]), recording(RESULT_STEMS["OpenAI chat"])
        ),
        "OpenAI Responses": responses_shape(
            recording(CALL_STEMS["OpenAI Responses"]), recording(RESULT_STEMS["OpenAI Responses"])
        ),
        "Anthropic messages": anthropic_shape(recording(CALL_STEMS["Anthropic messages"])),
    }
    parts = list(columns["OpenAI chat"])
    rows = [{"part": part, **{api: columns[api][part] for api in WIRE_APIS}} for part in parts]
    return [
        {"part": "recorded from", **{api: recorded_from(CALL_STEMS[api]) for api in WIRE_APIS}},
        *rows,
    ]


def recorded_from(stem: str) -> str:
    """Provider, model and file of the recording a column is read from."""
    found = recording(stem)
    return f"{found.provider}, {found.request['model']} ({stem})"
