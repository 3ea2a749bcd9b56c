"""The Responses API wire: the same seven steps, the same Agent, other shapes (seed 000, insight 7).

OpenAI's Responses API (`client.responses.create`) carries function calling in other shapes
than Chat Completions (../shared/notes/openai-wire.md):

  step 2   tools [{"type": "function", "function": {name, ...}}]
           -> flat tools [{"type": "function", "name", "description", "parameters", "strict"}]
  step 2   messages [system, user, ...]  -> instructions + input items
  step 4   message.tool_calls[i] {id, function: {name, arguments}}
           -> output item {"type": "function_call", "id": "fc_…", "call_id": "call_…", ...}
  step 6   {"role": "tool", "tool_call_id", "content"}
           -> input item {"type": "function_call_output", "call_id", "output"}
  3-4      delta.tool_calls[].index fragments
           -> response.function_call_arguments.delta events, by output_index / item_id
  step 4   finish_reason -> status, incomplete_details.reason
  step 4   a usage chunk (choices: []) -> usage in response.completed

Design: one loop. `Agent` keeps its history as chat messages and sends it through four wire
methods: `_body` (step 2: the request), `_send` / `_send_async` (step 3: send it and read the
reply as a `Reply`, step 4's input) and `_stream_reply` (steps 3-4 streamed). `ResponsesAgent`
overrides those four and nothing else, so every other step (unique ids, approval, running the
calls, pairing each result with its call, the alarm, and the events the widgets read) is the
Agent's own. Step 4 keys each call by its `call_id` (the id results answer; the item's own
`fc_…` id is only its name in the output list), and step 6's tool message goes out as a
`function_call_output` with that `call_id`.

The agent sends the whole history each time and `store: false`, as on Chat Completions: nothing
is kept on the server, so `previous_response_id` is not needed (the offline model supports it;
see docs/offline-model.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import openai

from helpers.agent import Agent
from helpers.calls import Reply
from helpers.errors import AgentError
from helpers.events import FragmentEvent
from helpers.registry import ToolRegistry
from helpers.streaming import ChunkUpdate, field_of

CALL_TYPES = {"function_call": "function", "custom_tool_call": "custom"}  # item -> chat type
OUTPUT_TYPES = {"function": "function_call_output", "custom": "custom_tool_call_output"}


# ---- step 2: the request in the Responses API's shapes ----


def flat_tool(definition: dict[str, Any]) -> dict[str, Any]:
    """One chat tool definition, flat: name, description, parameters and strict next to type.

    `strict` is said explicitly (False unless the tool asks for it): the Responses API's
    default is strict, Chat Completions' is not, and the same tool should act the same on both.
    """
    function = definition["function"]
    return {"type": "function", **function, "strict": function.get("strict", False)}


def definitions(registry: ToolRegistry) -> list[dict[str, Any]]:
    """Step 2: ALL of the registry's definitions, in the Responses API's flat shape."""
    return [flat_tool(definition) for definition in registry.definitions()]


def call_item(tool_call: dict[str, Any]) -> dict[str, Any]:
    """An assistant message's tool call as the input item that repeats it (keyed by call_id)."""
    kind = tool_call.get("type") or "function"
    body = tool_call.get(kind) or {}
    if kind == "custom":
        return {
            "type": "custom_tool_call",
            "call_id": tool_call["id"],
            "name": body["name"],
            "input": body.get("input", ""),
        }
    return {
        "type": "function_call",
        "call_id": tool_call["id"],
        "name": body["name"],
        "arguments": body["arguments"],
    }


def output_item(call_id: str, output: str, kind: str = "function") -> dict[str, Any]:
    """Step 6: a result as the input item that answers the call with this call_id."""
    return {
        "type": OUTPUT_TYPES.get(kind, "function_call_output"),
        "call_id": call_id,
        "output": output,
    }


def function_call_output(call: Any, result: str) -> dict[str, Any]:
    """Step 6 from a `function_call` output item (SDK object or dict) and its tool's result."""
    return output_item(field_of(call, "call_id"), result)


def input_items(messages: list[dict[str, Any]]) -> tuple[str | None, list[dict[str, Any]]]:
    """The history as (instructions, input items): a leading system message becomes the
    instructions; calls become function_call items, tool messages function_call_outputs."""
    instructions = None
    if messages and messages[0].get("role") == "system":
        instructions, messages = messages[0]["content"], messages[1:]
    kinds: dict[str, str] = {}  # call_id -> the call's type, for its output's type
    items: list[dict[str, Any]] = []
    for message in messages:
        if message["role"] == "tool":
            call_id = message["tool_call_id"]
            items.append(output_item(call_id, message["content"], kinds.get(call_id, "function")))
            continue
        if message.get("content"):
            items.append({"role": message["role"], "content": message["content"]})
        for tool_call in message.get("tool_calls") or []:
            kinds[tool_call["id"]] = tool_call.get("type") or "function"
            items.append(call_item(tool_call))
    return instructions, items


# ---- step 4: the model's reply, read into the Reply the Agent acts on ----


def tool_call_entry(item: Any) -> dict[str, Any]:
    """A function_call (or custom_tool_call) output item as the history keeps a call: its id
    is the call_id, the id that results answer."""
    kind = CALL_TYPES[field_of(item, "type")]
    if kind == "custom":
        body = {"name": field_of(item, "name"), "input": field_of(item, "input") or ""}
    else:
        body = {"name": field_of(item, "name"), "arguments": field_of(item, "arguments") or ""}
    return {"id": field_of(item, "call_id") or "", "type": kind, kind: body}


def message_text(item: Any) -> str:
    """The text of an output message: its output_text parts joined."""
    parts = field_of(item, "content") or []
    return "".join(field_of(p, "text") or "" for p in parts if field_of(p, "type") == "output_text")


def finish_reason_of(status: str | None, reason: str | None, has_calls: bool) -> str | None:
    """`status` and `incomplete_details.reason` in Chat Completions' words, which the Agent's
    checks read: cut at max_output_tokens is 'length'."""
    if status == "incomplete":
        return "length" if reason == "max_output_tokens" else reason
    if status != "completed":
        return status
    return "tool_calls" if has_calls else "stop"


def usage_of(usage: Any) -> dict[str, Any] | None:
    """ResponseUsage (input/output tokens) in Chat Completions' words (prompt/completion)."""
    if usage is None:
        return None
    return {
        "prompt_tokens": field_of(usage, "input_tokens"),
        "completion_tokens": field_of(usage, "output_tokens"),
        "total_tokens": field_of(usage, "total_tokens"),
    }


def reply_from_response(response: Any) -> Reply:
    """Step 4 from a whole `Response` (SDK object or dict): its text and its calls, in order
    (reasoning items and other kinds are not the agent's to act on)."""
    text, calls = "", []
    for item in field_of(response, "output") or []:
        kind = field_of(item, "type")
        if kind == "message":
            text += message_text(item)
        elif kind in CALL_TYPES:
            calls.append(tool_call_entry(item))
    message: dict[str, Any] = {"role": "assistant", "content": text or None}
    if calls:
        message["tool_calls"] = calls
    details = field_of(response, "incomplete_details")
    reason = finish_reason_of(
        field_of(response, "status"), field_of(details, "reason"), bool(calls)
    )
    return Reply(message, reason, usage_of(field_of(response, "usage")))


# ---- steps 3-4 streamed: typed events, fragments reassembled by output_index / item_id ----


@dataclass
class CallBuffer:
    """One function call being reassembled from its events."""

    output_index: int
    item_id: str
    call_id: str
    name: str
    arguments: str = ""


@dataclass
class ResponseStreamAccumulator:
    """Buffers a Responses stream into text, whole calls, status and usage (seed 001).

    A call's `response.output_item.added` opens a buffer at its `output_index`; each
    `response.function_call_arguments.delta` joins the buffer it names (by `output_index`,
    else by `item_id`); `.done` and `response.output_item.done` give the whole value, which
    wins; `response.completed` (or `.incomplete`) brings the status and the usage.
    """

    text: str = ""
    status: str | None = None
    reason: str | None = None
    usage: dict[str, Any] | None = None
    calls: dict[int, CallBuffer] = field(default_factory=dict)

    def add(self, event: Any) -> ChunkUpdate:
        """Take one event (SDK object or dict); return the text and fragments it added."""
        kind = field_of(event, "type") or ""
        if kind == "response.output_text.delta":
            self.text += field_of(event, "delta") or ""
            return ChunkUpdate(text=field_of(event, "delta") or "")
        if kind == "response.output_item.added":
            return self._added(field_of(event, "item"), field_of(event, "output_index"))
        if kind == "response.function_call_arguments.delta":
            return self._delta(event)
        if kind in ("response.function_call_arguments.done", "response.output_item.done"):
            self._done(event)
        elif kind in ("response.completed", "response.incomplete"):
            self._finished(field_of(event, "response"))
        elif kind in ("response.failed", "error"):
            raise AgentError(f"The model's stream failed ({kind}): {failure(event)}")
        return ChunkUpdate()

    def _added(self, item: Any, output_index: int) -> ChunkUpdate:
        """A new output item: a function call opens its buffer (its first fragment)."""
        if field_of(item, "type") != "function_call":
            return ChunkUpdate()
        call = CallBuffer(
            output_index,
            field_of(item, "id") or "",
            field_of(item, "call_id") or "",
            field_of(item, "name") or "",
            field_of(item, "arguments") or "",
        )
        self.calls[output_index] = call
        return ChunkUpdate(fragments=[self._fragment(call, call.arguments)])

    def _delta(self, event: Any) -> ChunkUpdate:
        """A piece of a call's arguments, joined to the buffer it belongs to."""
        call = self._buffer_for(event)
        if call is None:
            return ChunkUpdate()
        delta = field_of(event, "delta") or ""
        call.arguments += delta
        return ChunkUpdate(fragments=[self._fragment(call, delta)])

    def _done(self, event: Any) -> None:
        """The whole arguments (and, from output_item.done, the whole item): they win."""
        item = field_of(event, "item")
        call = self._buffer_for(event)
        if call is None:
            return
        source = item if item is not None else event
        call.arguments = field_of(source, "arguments") or call.arguments
        call.call_id = field_of(source, "call_id") or call.call_id
        call.name = field_of(source, "name") or call.name

    def _finished(self, response: Any) -> None:
        """The last event: the status, why it is incomplete, and the usage."""
        self.status = field_of(response, "status")
        self.reason = field_of(field_of(response, "incomplete_details"), "reason")
        self.usage = usage_of(field_of(response, "usage"))

    def _buffer_for(self, event: Any) -> CallBuffer | None:
        """The call an event belongs to: by output_index, else by item_id (None if neither)."""
        call = self.calls.get(field_of(event, "output_index"))
        if call is not None:
            return call
        item_id = field_of(event, "item_id") or field_of(field_of(event, "item"), "id")
        return next((c for c in self.calls.values() if item_id and c.item_id == item_id), None)

    def _fragment(self, call: CallBuffer, delta: str) -> FragmentEvent:
        """The `fragment` event the widgets show: the call's position among the calls."""
        index = sorted(self.calls).index(call.output_index)
        return FragmentEvent(
            index=index,
            id=call.call_id,
            name=call.name,
            arguments_delta=delta,
            arguments=call.arguments,
        )

    def tool_calls(self) -> list[dict[str, Any]]:
        """The reassembled calls, in output order, as the history keeps them."""
        return [
            {
                "id": c.call_id,
                "type": "function",
                "function": {"name": c.name, "arguments": c.arguments},
            }
            for _, c in sorted(self.calls.items())
        ]

    def reply(self) -> Reply:
        """Step 4: the reassembled reply."""
        message: dict[str, Any] = {"role": "assistant", "content": self.text or None}
        if self.calls:
            message["tool_calls"] = self.tool_calls()
        reason = finish_reason_of(self.status, self.reason, bool(self.calls))
        return Reply(message, reason, self.usage)


def failure(event: Any) -> str:
    """What a `response.failed` or `error` event says went wrong."""
    error = field_of(field_of(event, "response"), "error") or event
    return f"{field_of(error, 'code') or 'error'}: {field_of(error, 'message') or 'no message'}"


# ---- the Agent on this wire ----


class ResponsesAgent(Agent):
    """The Agent on the Responses API: the same steps; only the four wire methods differ."""

    def _body(self, *, stream: bool) -> dict[str, Any]:
        """Step 2: instructions, the history as input items, ALL tools flat; nothing stored."""
        instructions, items = input_items(self.messages)
        request: dict[str, Any] = {"model": self.model, "input": items, "store": False}
        if instructions:
            request["instructions"] = instructions
        if len(self.registry):
            request["tools"] = definitions(self.registry)
        request.update(self.request_options)  # e.g. {"max_output_tokens": 500}
        if stream:
            request["stream"] = True
        return request

    def _send(self, client: openai.OpenAI, request: dict[str, Any]) -> Reply:
        """Step 3: the model decides; its `Response` read as a Reply (step 4)."""
        return reply_from_response(client.responses.create(**request))

    async def _send_async(self, client: openai.AsyncOpenAI, request: dict[str, Any]) -> Reply:
        """Step 3 with the async client."""
        return reply_from_response(await client.responses.create(**request))

    async def _stream_reply(self, client: openai.AsyncOpenAI, request: dict[str, Any]) -> Reply:
        """Steps 3-4 streamed: text passed on at once, call arguments buffered by output_index."""
        accumulator = ResponseStreamAccumulator()
        async with await client.responses.create(**request) as stream:
            async for event in stream:
                self._pass_on(accumulator.add(event), calls_begun=bool(accumulator.calls))
        return accumulator.reply()
