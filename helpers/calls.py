"""Step 4 of seed 000: the model's reply, and the tool calls it asks for (tool_calls 반환).

The model runs nothing: it returns `tool_calls`, each with an `id`, a function `name` and its
`arguments` as a JSON string. Here the agent reads them. It makes every id unique, because
step 6 pairs each result with its call by that id; and it refuses to act on a reply that is
not whole: one cut at the token limit, or one with neither text nor tool calls.

Whether the model asked for tools is decided by the calls themselves, never by
`finish_reason`: gpt-4o ends a forced tool call with "stop", not "tool_calls".
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from helpers.errors import AgentError, IncompleteReply
from helpers.registry import ToolResult, tool_error

RUNNABLE_TYPE = "function"  # the only kind of tool call the registry runs


@dataclass(frozen=True)
class ToolCall:
    """One call the model asked for (step 4): which tool, with which JSON arguments."""

    id: str
    name: str
    arguments: str
    type: str = RUNNABLE_TYPE

    @classmethod
    def from_message(cls, tool_call: dict[str, Any]) -> ToolCall:
        """From an entry of an assistant message's `tool_calls` (a custom call has `input`)."""
        kind = tool_call.get("type") or RUNNABLE_TYPE
        body = tool_call.get(kind) or {}
        return cls(
            id=tool_call.get("id") or "",
            name=body.get("name") or "",
            arguments=body.get("arguments") or body.get("input") or "",
            type=kind,
        )

    @property
    def runnable(self) -> bool:
        """A function call, the kind the registry runs."""
        return self.type == RUNNABLE_TYPE

    def shown_arguments(self) -> dict[str, Any] | str:
        """The arguments as a dict to show, or the raw string when they are not a JSON object."""
        try:
            value = json.loads(self.arguments)
        except (ValueError, RecursionError):  # not JSON, or nested too deeply to read
            return self.arguments
        return value if isinstance(value, dict) else self.arguments


def unsupported_type(call: ToolCall, functions: list[str]) -> ToolResult:
    """The error the model gets for a call of a type the agent cannot run (e.g. `custom`)."""
    return tool_error(
        "unknown_tool",
        f"Tool call type '{call.type}' is not supported; call one of the functions: "
        f"{', '.join(functions)}.",
    )


@dataclass(frozen=True)
class Reply:
    """One model response, streamed or not: the assistant message, why it stopped, its usage."""

    message: dict[str, Any]
    finish_reason: str | None
    usage: dict[str, Any] | None

    @property
    def tool_calls(self) -> list[ToolCall]:
        """The calls the model asked for; empty for a final answer."""
        return [ToolCall.from_message(call) for call in self.message.get("tool_calls") or []]


def reply_from_completion(completion: Any) -> Reply:
    """Step 4 from a non-streamed `ChatCompletion`: each call kept as the API sent it."""
    if not completion.choices:
        raise AgentError("The model's response has no choices: the server sent nothing to act on.")
    choice = completion.choices[0]
    message: dict[str, Any] = {"role": "assistant", "content": choice.message.content}
    if choice.message.tool_calls:
        message["tool_calls"] = [call_entry(call) for call in choice.message.tool_calls]
    usage = completion.usage.model_dump(exclude_none=True) if completion.usage else None
    return Reply(message, choice.finish_reason, usage)


def call_entry(call: Any) -> dict[str, Any]:
    """One SDK tool call as the history keeps it: a function call as id, type, function (name,
    arguments); a call of any other type (e.g. custom) as the API sent it."""
    if call.type != RUNNABLE_TYPE:
        return call.model_dump(exclude_none=True)
    return {
        "id": call.id,
        "type": RUNNABLE_TYPE,
        "function": {"name": call.function.name, "arguments": call.function.arguments},
    }


def unique_id(wanted: str, taken: set[str]) -> str:
    """`wanted`, or the first of wanted_2, wanted_3, ... that no other call has."""
    candidate, number = wanted, 1
    while candidate in taken:
        number += 1
        candidate = f"{wanted}_{number}"
    return candidate


def give_unique_ids(message: dict[str, Any], iteration: int, taken: set[str]) -> None:
    """Every call gets an id no other call in the history has: a missing id becomes
    call_<iteration>_<position> (some servers send none), a repeated one gets _2, _3, ..."""
    for position, call in enumerate(message.get("tool_calls") or []):
        call["id"] = unique_id(call.get("id") or f"call_{iteration}_{position}", taken)
        taken.add(call["id"])


def incomplete(reply: Reply) -> IncompleteReply | None:
    """The error for a reply the agent cannot act on, or None if the reply is whole."""
    if reply.finish_reason == "length":
        return IncompleteReply("length", cut_at_token_limit(reply))
    if not reply.tool_calls and not reply.message.get("content"):
        return IncompleteReply(
            "empty",
            f"The model's reply has neither text nor tool calls (finish_reason "
            f"'{reply.finish_reason}'): there is no answer to give and no tool to run. Ask "
            "again; if it keeps happening, look at the server, which ended its reply with "
            "nothing in it.",
        )
    return None


def cut_at_token_limit(reply: Reply) -> str:
    """The sentence for a reply cut at max_tokens: what was cut, and what to raise."""
    if reply.tool_calls:
        names = ", ".join(call.name or "?" for call in reply.tool_calls)
        what = f"its tool-call arguments are incomplete ({names}), so no tool was run"
    else:
        text = reply.message.get("content") or ""
        what = f"its text is incomplete (it ends with {text[-40:]!r})"
    return (
        "The model's reply was cut at the token limit (finish_reason 'length'): "
        f"{what}. Raise max_tokens / max_completion_tokens (e.g. Agent(..., request_options="
        "{'max_completion_tokens': 4000}), or the server's default), or ask for less at once."
    )
