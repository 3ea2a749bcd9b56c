"""POST /v1/responses: the Responses API, answered by the same decision core as chat completions.

The Responses API carries the seven steps in other shapes (../shared/notes/openai-wire.md):
flat tools {"type": "function", name, description, parameters, strict}; the model's calls as
`function_call` output items with an item `id` (fc_…) and a `call_id` (call_…); results sent
back as `function_call_output` input items answering a `call_id`; `status` and
`incomplete_details` instead of finish_reason; a stream of typed events, each with an `event:`
line and a `sequence_number`, ending with `response.completed` and no [DONE].

1. Read the request: check what the API checks (its 400s), translate it into the chat-shaped
   request the core reads (instructions -> a system message, input items -> messages, flat
   tools -> {"type": "function", "function": ...}, max_output_tokens -> max_completion_tokens).
2. Decide: `brain.decide`, the one decision core; the reply is cut at the token limit by
   `wire.generate`, exactly as for chat completions.
3. Render: a Response object, or its events (text first, then each call, as recorded).

Stored responses: a response is kept (unless `store: false`) in this process's memory, the
last STORED_LIMIT of them, so `previous_response_id` continues a conversation; it is lost when
the process (the kernel) ends. Simulated: no reasoning items, no built-in tools (web search,
files...), one output_text part per message.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from helpers.offline import brain, wire
from helpers.offline.config import MODEL_ID, ModelConfig
from helpers.offline.protocol import ApiError, check_request, schema_error
from helpers.offline.protocol import _check_tools as check_tools  # the chat rules, one copy
from helpers.tokens import token_pieces

STORED_LIMIT = 256  # responses kept for previous_response_id, oldest forgotten first
MIN_OUTPUT_TOKENS = 16  # the API's minimum for max_output_tokens
REQUEST_FIELDS = (  # CreateResponse's properties in the official OpenAPI document
    "background",
    "context_management",
    "conversation",
    "include",
    "input",
    "instructions",
    "max_output_tokens",
    "max_tool_calls",
    "metadata",
    "model",
    "moderation",
    "parallel_tool_calls",
    "previous_response_id",
    "prompt",
    "prompt_cache_key",
    "prompt_cache_options",
    "prompt_cache_retention",
    "reasoning",
    "safety_identifier",
    "service_tier",
    "store",
    "stream",
    "stream_options",
    "temperature",
    "text",
    "tool_choice",
    "tools",
    "top_logprobs",
    "top_p",
    "truncation",
    "user",
)
FIELD_TYPES: dict[str, dict[str, Any]] = {  # the fields this server reads, as the spec types them
    "input": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "object"}}]},
    "instructions": {"anyOf": [{"type": "string"}, {"type": "null"}]},
    "tools": {"type": "array", "items": {"type": "object"}},
    "parallel_tool_calls": {"anyOf": [{"type": "boolean"}, {"type": "null"}]},
    "max_output_tokens": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
    "previous_response_id": {"anyOf": [{"type": "string"}, {"type": "null"}]},
    "store": {"anyOf": [{"type": "boolean"}, {"type": "null"}]},
    "stream": {"anyOf": [{"type": "boolean"}, {"type": "null"}]},
    "temperature": {"anyOf": [{"type": "number", "minimum": 0, "maximum": 2}, {"type": "null"}]},
    "top_p": {"anyOf": [{"type": "number", "minimum": 0, "maximum": 1}, {"type": "null"}]},
    "metadata": {"anyOf": [{"type": "object"}, {"type": "null"}]},
}
TEXT_PARTS = ("input_text", "output_text", "text")  # message content parts that carry text
SKIPPED_ITEMS = ("reasoning",)  # items a model without reasoning reads past
_stored: OrderedDict[str, list[dict[str, Any]]] = OrderedDict()  # response id -> its context
_store_lock = threading.Lock()  # the HTTP server decides requests in worker threads


# ---- 1. Read the request ----


@dataclass(frozen=True)
class Created:
    """What POST /v1/responses made: the Response object, its events, and why (explain.py)."""

    body: dict[str, Any]
    events: list[str]
    streamed: bool  # the request asked for the events (stream: true)
    explanation: str  # for the x-offline-explanation header, "" for a scripted reply


def create(request: dict[str, Any], config: ModelConfig) -> Created:
    """POST /v1/responses: read the request, decide with the core, render the reply."""
    check_fields(request)
    items = context_items(request)
    chat = chat_request(request, items)
    if not chat["messages"]:
        raise ApiError(
            "Invalid 'input': empty array. Send at least one message (a string input is one "
            "user message).",
            param="input",
            code="empty_array",
        )
    check_request(chat)  # the core's own checks (message shapes), on the translated request
    decision = brain.decide(chat, config)
    generated = wire.generate(chat, decision, config)
    response = Rendered(request, chat, generated, config)
    if request.get("store") is not False:
        remember(response.id, items + response.output_items())
    why = decision.explanation.header() if decision.explanation else ""
    return Created(response.body(final=True), response.events(), bool(request.get("stream")), why)


def check_fields(request: dict[str, Any]) -> None:
    """The model, the known fields and their types, as the API checks them."""
    if not request.get("model"):
        raise ApiError(
            "Missing required parameter: 'model'.", param="model", code="missing_required_parameter"
        )
    for name, value in request.items():
        if name not in REQUEST_FIELDS:
            raise ApiError(f"Unknown parameter: '{name}'.", param=name, code="unknown_parameter")
        error = schema_error(FIELD_TYPES[name], value, name) if name in FIELD_TYPES else None
        if error is not None:
            raise error
    limit = request.get("max_output_tokens")
    if isinstance(limit, int) and limit < MIN_OUTPUT_TOKENS:
        raise ApiError(
            f"Invalid 'max_output_tokens': integer below minimum value. Expected a value >= "
            f"{MIN_OUTPUT_TOKENS}, but got {limit} instead.",
            param="max_output_tokens",
            code="integer_below_min_value",
        )
    if request["model"] != MODEL_ID:
        raise ApiError(
            f"The model `{request['model']}` does not exist or you do not have access to it. "
            f"This server serves: {MODEL_ID}.",
            code="model_not_found",
            status=404,
        )


def context_items(request: dict[str, Any]) -> list[dict[str, Any]]:
    """The conversation as input items: a stored response's context, then this input."""
    given = request.get("input", [])
    items = [{"role": "user", "content": given}] if isinstance(given, str) else list(given)
    previous = request.get("previous_response_id")
    if previous is None:
        return items
    with _store_lock:
        stored = _stored.get(previous)
    if stored is None:
        raise ApiError(
            f"Previous response with id '{previous}' not found. This server keeps the last "
            f"{STORED_LIMIT} responses created without store: false, in memory, until it stops.",
            param="previous_response_id",
            code="previous_response_not_found",
        )
    return stored + items


def remember(response_id: str, items: list[dict[str, Any]]) -> None:
    """Keep a response's whole context for previous_response_id (the newest STORED_LIMIT)."""
    with _store_lock:
        _stored[response_id] = items
        _stored.move_to_end(response_id)
        while len(_stored) > STORED_LIMIT:
            _stored.popitem(last=False)


def chat_request(request: dict[str, Any], items: list[dict[str, Any]]) -> dict[str, Any]:
    """The chat-shaped request the decision core reads."""
    messages = messages_of(items)
    if request.get("instructions"):  # instructions are the system message, sent first
        messages.insert(0, {"role": "system", "content": request["instructions"]})
    chat: dict[str, Any] = {"model": request["model"], "messages": messages}
    tools = chat_tools(request.get("tools"))
    if tools:
        chat["tools"] = tools
    choice = chat_tool_choice(request.get("tool_choice"), tools)
    if choice is not None and tools:  # without tools, a mode means nothing to the core
        chat["tool_choice"] = choice
    if request.get("parallel_tool_calls") is False:
        chat["parallel_tool_calls"] = False
    if request.get("max_output_tokens") is not None:
        chat["max_completion_tokens"] = request["max_output_tokens"]
    return chat


def messages_of(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Input items as chat messages: a function_call joins the assistant message before it,
    a function_call_output becomes a tool message; every output answers a call, every call
    gets an output (the API's 400s otherwise)."""
    messages: list[dict[str, Any]] = []
    open_calls: list[str] = []
    for i, item in enumerate(items):
        kind = item_type(item, i)
        if kind == "function_call":
            _add_call(messages, item, i)
            open_calls.append(item["call_id"])
        elif kind == "function_call_output":
            messages.append(_tool_message(item, open_calls, i))
        elif kind == "message":
            _no_open_calls(open_calls)
            messages.append({"role": _role(item, i), "content": text_of(item.get("content"), i)})
        elif kind not in SKIPPED_ITEMS:
            raise _unsupported_item(kind, i)
    _no_open_calls(open_calls)
    return messages


def item_type(item: Any, i: int) -> str:
    """An input item's type; a message may leave it out (EasyInputMessage)."""
    if not isinstance(item, dict):
        raise ApiError(
            f"Invalid type for 'input[{i}]': expected an object.",
            param=f"input[{i}]",
            code="invalid_type",
        )
    return item.get("type") or ("message" if "role" in item else "")


def _add_call(messages: list[dict[str, Any]], item: dict[str, Any], i: int) -> None:
    """A function_call item: one more call of the assistant turn it belongs to."""
    for key in ("call_id", "name", "arguments"):
        if not isinstance(item.get(key), str):
            raise ApiError(
                f"Missing required parameter: 'input[{i}].{key}'.",
                param=f"input[{i}].{key}",
                code="missing_required_parameter",
            )
    call = {
        "id": item["call_id"],
        "type": "function",
        "function": {"name": item["name"], "arguments": item["arguments"]},
    }
    last = messages[-1] if messages else {}
    if last.get("role") == "assistant":
        last.setdefault("tool_calls", []).append(call)
    else:
        messages.append({"role": "assistant", "content": None, "tool_calls": [call]})


def _tool_message(item: dict[str, Any], open_calls: list[str], i: int) -> dict[str, Any]:
    """A function_call_output item: the tool message that answers its call_id."""
    call_id = item.get("call_id")
    if call_id not in open_calls:
        raise ApiError(
            f"No tool call found for function call output with call_id {call_id}. Each "
            "function_call_output must follow the function_call item with the same call_id.",
            param=f"input[{i}]",
            code="invalid_value",
        )
    open_calls.remove(call_id)
    return {"role": "tool", "tool_call_id": call_id, "content": text_of(item.get("output"), i)}


def _no_open_calls(open_calls: list[str]) -> None:
    """Every function_call must be answered before the conversation goes on."""
    if open_calls:
        raise ApiError(
            f"No tool output found for function call {open_calls[0]}. Send one "
            "function_call_output item with this call_id after its function_call.",
            param="input",
            code="invalid_value",
        )


def _role(item: dict[str, Any], i: int) -> str:
    """A message's role as the core reads it (developer instructions are system ones)."""
    role = item.get("role")
    if role not in ("user", "assistant", "system", "developer"):
        raise ApiError(
            f"Invalid value: {role!r}. Supported values are: 'user', 'assistant', 'system', "
            "and 'developer'.",
            param=f"input[{i}].role",
            code="invalid_value",
        )
    return "system" if role == "developer" else role


def text_of(content: Any, i: int) -> str:
    """A message's content or a call's output as text: a string, or its text parts joined."""
    if isinstance(content, str):
        return content
    if isinstance(content, list) and all(isinstance(part, dict) for part in content):
        return "".join(p.get("text") or "" for p in content if p.get("type") in TEXT_PARTS)
    raise ApiError(
        f"Invalid type for 'input[{i}].content': expected a string or an array of content parts.",
        param=f"input[{i}]",
        code="invalid_type",
    )


def _unsupported_item(kind: str, i: int) -> ApiError:
    """The 400 for an item this simulator does not read."""
    return ApiError(
        f"Invalid value: '{kind}' at 'input[{i}].type'. This offline model reads messages, "
        "function_call and function_call_output items (and skips reasoning items).",
        param=f"input[{i}].type",
        code="invalid_value",
    )


def chat_tools(tools: list[Any] | None) -> list[dict[str, Any]]:
    """Flat function tools as the core's tool dicts, checked by the chat rules (one set of
    rules), their errors worded with the Responses API's paths (tools[0].name)."""
    wrapped = []
    for i, tool in enumerate(tools or []):
        if not isinstance(tool, dict) or tool.get("type") != "function":
            kind = tool.get("type") if isinstance(tool, dict) else None
            raise ApiError(
                f"Invalid value for 'tools[{i}].type': {kind!r}. This offline model offers "
                "function tools only: "
                '{"type": "function", "name": ..., "parameters": ...}.',
                param=f"tools[{i}].type",
                code="invalid_value",
            )
        if isinstance(tool.get("function"), dict):
            raise ApiError(
                f"Unknown parameter: 'tools[{i}].function'. Responses API tools are flat: put "
                "name, description, parameters and strict next to type, with no 'function'.",
                param=f"tools[{i}].function",
                code="unknown_parameter",
            )
        function = {key: value for key, value in tool.items() if key != "type"}
        if function.get("parameters") is None:
            function.pop("parameters", None)
        wrapped.append({"type": "function", "function": function})
    try:
        check_tools(wrapped)
    except ApiError as error:
        raise flat_paths(error) from None
    return wrapped


def flat_paths(error: ApiError) -> ApiError:
    """A chat tool error re-worded for flat tools: 'tools[0].function.name' -> 'tools[0].name'."""
    message = error.message.replace(".function.", ".").replace(".function'", "'")
    param = (error.param or "").replace(".function", "") or None
    return ApiError(message, param=param, code=error.code, status=error.status)


def chat_tool_choice(choice: Any, tools: list[dict[str, Any]]) -> Any:
    """tool_choice as the core reads it: a mode, or {"type": "function", "function": {name}}."""
    if choice is None or choice in ("none", "auto", "required"):
        return choice
    name = choice.get("name") if isinstance(choice, dict) else None
    if not isinstance(choice, dict) or choice.get("type") != "function" or not name:
        raise ApiError(
            f"Invalid value for 'tool_choice': {choice!r}. Use 'none', 'auto', 'required' or "
            '{"type": "function", "name": "..."}.',
            param="tool_choice",
            code="invalid_value",
        )
    names = [tool["function"]["name"] for tool in tools]
    if name not in names:
        raise ApiError(
            f"Tool choice 'function' with name {name!r} not found in 'tools' parameter. "
            f"Name one of: {', '.join(names) or '(no tools were sent)'}.",
            param="tool_choice",
            code="invalid_value",
        )
    return {"type": "function", "function": {"name": name}}


# ---- 3. Render: a Response object, or its stream of typed events ----


class Rendered:
    """One generated reply in the Responses API's shapes: ids, items, the object, the events."""

    def __init__(
        self,
        request: dict[str, Any],
        chat: dict[str, Any],
        generated: wire.Generated,
        config: ModelConfig,
    ) -> None:
        self.request, self.chat, self.generated = request, chat, generated
        asked = {key: value for key, value in request.items() if key != "stream"}
        digest = hashlib.sha256(  # streamed or not, the same ids (as for chat completions)
            (json.dumps(asked, sort_keys=True, ensure_ascii=False) + repr(config)).encode()
        ).hexdigest()
        self.id = f"resp_{digest[:48]}"
        self.incomplete = generated.finish_reason == "length"
        calls = generated.decision.calls
        self.message_id = f"msg_{_hash(digest, 'message')}"
        self.call_ids = [f"call_{_hash(digest, f'call{i}')[:24]}" for i in range(len(calls))]
        self.item_ids = [f"fc_{_hash(digest, f'item{i}')}" for i in range(len(calls))]

    @property
    def status(self) -> str:
        """'incomplete' when cut at max_output_tokens, else 'completed'."""
        return "incomplete" if self.incomplete else "completed"

    def output_items(self) -> list[dict[str, Any]]:
        """The output: the text as one message (if any), then one function_call per call."""
        status = self.status
        decision = self.generated.decision
        items = [self.message(decision.content, status)] if decision.content else []
        for item_id, call_id, call in zip(
            self.item_ids, self.call_ids, decision.calls, strict=True
        ):
            items.append(function_call(item_id, call_id, call.name, call.arguments, status))
        return items

    def message(self, text: str | None, status: str) -> dict[str, Any]:
        """An assistant message item with its text as one output_text part."""
        return {
            "id": self.message_id,
            "type": "message",
            "status": status,
            "content": [output_text(text or "")],
            "role": "assistant",
        }

    def body(self, *, final: bool) -> dict[str, Any]:
        """The Response object: finished (final, with usage) or as response.created announces
        it (the spec's usage is an object or absent, so it is left out until the end)."""
        body = self.fields(final=final)
        if final:
            body["usage"] = self.usage()
        return body

    def fields(self, *, final: bool) -> dict[str, Any]:
        """Every field of the Response object but usage."""
        request = self.request
        return {
            "id": self.id,
            "object": "response",
            "created_at": wire.CREATED,
            "status": self.status if final else "in_progress",
            "background": False,
            "completed_at": wire.CREATED if final and not self.incomplete else None,
            "error": None,
            "incomplete_details": {"reason": "max_output_tokens"}
            if final and self.incomplete
            else None,
            "instructions": request.get("instructions"),
            "max_output_tokens": request.get("max_output_tokens"),
            "max_tool_calls": None,
            "model": MODEL_ID,
            "output": self.output_items() if final else [],
            "parallel_tool_calls": request.get("parallel_tool_calls") is not False,
            "previous_response_id": request.get("previous_response_id"),
            "reasoning": {"effort": None, "summary": None},
            "service_tier": "default",
            "store": request.get("store") is not False,
            "temperature": request.get("temperature", 1.0),
            "text": {"format": {"type": "text"}},
            "tool_choice": request.get("tool_choice") or "auto",
            "tools": [echoed_tool(tool) for tool in request.get("tools") or []],
            "top_p": request.get("top_p", 1.0),
            "truncation": "disabled",
            "metadata": request.get("metadata") or {},
        }

    def usage(self) -> dict[str, Any]:
        """ResponseUsage from the chat counts (helpers.tokens): input, output, total."""
        counted = wire.usage(self.chat, self.generated.completion_tokens)
        return {
            "input_tokens": counted["prompt_tokens"],
            "input_tokens_details": {"cached_tokens": 0, "cache_write_tokens": 0},
            "output_tokens": counted["completion_tokens"],
            "output_tokens_details": {"reasoning_tokens": 0},
            "total_tokens": counted["total_tokens"],
        }

    def events(self) -> list[str]:
        """The stream, in the recorded order, numbered from 0, with no [DONE]."""
        payloads = [
            {"type": "response.created", "response": self.body(final=False)},
            {"type": "response.in_progress", "response": self.body(final=False)},
        ]
        for index, item in enumerate(self.output_items()):
            payloads += item_events(item, index)
        last = "response.incomplete" if self.incomplete else "response.completed"
        payloads.append({"type": last, "response": self.body(final=True)})
        return [sse(payload, n) for n, payload in enumerate(payloads)]


def item_events(item: dict[str, Any], index: int) -> list[dict[str, Any]]:
    """One output item's events: added, its content (text or arguments) in pieces, done."""
    started = {**item, "status": "in_progress"}
    if item["type"] == "function_call":
        started["arguments"] = ""
        middle = arguments_events(item, index)
    else:
        started["content"] = []
        middle = text_events(item, index)
    return [
        {"type": "response.output_item.added", "output_index": index, "item": started},
        *middle,
        {"type": "response.output_item.done", "output_index": index, "item": item},
    ]


def arguments_events(item: dict[str, Any], index: int) -> list[dict[str, Any]]:
    """A call's arguments in token-sized deltas, then the whole (with the name, as the spec
    requires)."""
    where = {"item_id": item["id"], "output_index": index}
    deltas = [
        {"type": "response.function_call_arguments.delta", **where, "delta": piece}
        for piece in token_pieces(item["arguments"])
    ]
    done = {
        "type": "response.function_call_arguments.done",
        **where,
        "name": item["name"],
        "arguments": item["arguments"],
    }
    return [*deltas, done]


def text_events(item: dict[str, Any], index: int) -> list[dict[str, Any]]:
    """A message's text: its part added, token-sized deltas, the text done, the part done."""
    part = item["content"][0]
    where = {"item_id": item["id"], "output_index": index, "content_index": 0}
    deltas = [
        {"type": "response.output_text.delta", **where, "delta": piece, "logprobs": []}
        for piece in token_pieces(part["text"])
    ]
    return [
        {"type": "response.content_part.added", **where, "part": output_text("")},
        *deltas,
        {"type": "response.output_text.done", **where, "text": part["text"], "logprobs": []},
        {"type": "response.content_part.done", **where, "part": part},
    ]


def function_call(
    item_id: str, call_id: str, name: str, arguments: str, status: str
) -> dict[str, Any]:
    """A function_call output item: its own id (fc_…) and the call_id results answer."""
    return {
        "id": item_id,
        "type": "function_call",
        "status": status,
        "arguments": arguments,
        "call_id": call_id,
        "name": name,
    }


def output_text(text: str) -> dict[str, Any]:
    """One output_text content part."""
    return {"type": "output_text", "annotations": [], "logprobs": [], "text": text}


def echoed_tool(tool: dict[str, Any]) -> dict[str, Any]:
    """A tool as the Response repeats it: strict stated (the API's default is strict when the
    schema allows it: every property required; it then closes the object)."""
    parameters = tool.get("parameters")
    strict = tool.get("strict")
    if strict is None:
        strict = isinstance(parameters, dict) and set(parameters.get("properties") or {}) <= set(
            parameters.get("required") or []
        )
    if strict and isinstance(parameters, dict):
        parameters = {**parameters, "additionalProperties": False}
    return {
        "type": "function",
        "description": tool.get("description"),
        "name": tool["name"],
        "parameters": parameters,
        "strict": strict,
    }


def sse(payload: dict[str, Any], sequence_number: int) -> str:
    """One typed event, framed as the API frames it: an `event:` line, then its data."""
    data = json.dumps(
        {**payload, "sequence_number": sequence_number}, ensure_ascii=False, separators=(",", ":")
    )
    return f"event: {payload['type']}\ndata: {data}\n\n"


def _hash(digest: str, label: str) -> str:
    """A deterministic hex id for one part of a response."""
    return hashlib.sha256(f"{digest}:{label}".encode()).hexdigest()[:48]
