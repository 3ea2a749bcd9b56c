"""Events: one record per step of the agent loop, and its Server-Sent Events form (seed 001).

Each kind of event is a frozen dataclass: its `type`, the `step` of seed 000 it belongs to,
and its fields. `Event` is their union. Widgets, plots, the stats and the SSE endpoint all
read the same events; docs/architecture.md lists each type with its step and fields.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from typing import Any, Literal, get_args

from helpers.errors import ErrorKind

Usage = dict[str, Any] | None


@dataclass(frozen=True, kw_only=True)
class EventFields:
    """What every event offers: its fields as a dict (`data`) and as an SSE message (`to_sse`)."""

    @property
    def data(self) -> dict[str, Any]:
        """The event's fields after `type` and `step`: what `to_sse` sends after the type."""
        return {name: value for name, value in self.payload().items() if name != "type"}

    def payload(self) -> dict[str, Any]:
        """`type` first, then the fields in the order the class declares them (not `step`)."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name != "step"}

    def to_sse(self) -> str:
        """One SSE message: 'data: {"type": ..., <the fields>}' and a blank line."""
        return sse_message(self.payload())


@dataclass(frozen=True, kw_only=True)
class RequestEvent(EventFields):
    """Step 2: the request about to be sent (the whole history and ALL tool definitions)."""

    type: Literal["request"] = field(default="request", init=False)
    step: Literal[2] = field(default=2, init=False)
    iteration: int
    message_count: int
    tool_names: list[str]
    request: dict[str, Any]


@dataclass(frozen=True, kw_only=True)
class DecisionEvent(EventFields):
    """Step 4: what the model decided (its text, the calls it asks for, why it stopped)."""

    type: Literal["decision"] = field(default="decision", init=False)
    step: Literal[4] = field(default=4, init=False)
    iteration: int
    content: str | None
    tool_calls: list[dict[str, str]]  # {id, name, arguments}
    finish_reason: str | None
    usage: Usage  # prompt_tokens and completion_tokens, or None


@dataclass(frozen=True, kw_only=True)
class FragmentEvent(EventFields):
    """Step 4, streamed: one piece of a call's arguments, and the call's state after it."""

    type: Literal["fragment"] = field(default="fragment", init=False)
    step: Literal[4] = field(default=4, init=False)
    index: int
    id: str
    name: str
    arguments_delta: str
    arguments: str


@dataclass(frozen=True, kw_only=True)
class TextDeltaEvent(EventFields):
    """Streamed text: step 7, or 3 once this response has started a tool call."""

    type: Literal["text_delta"] = field(default="text_delta", init=False)
    step: Literal[3, 7]
    delta: str


@dataclass(frozen=True, kw_only=True)
class ToolStartEvent(EventFields):
    """Step 5 begins for one call."""

    type: Literal["tool_start"] = field(default="tool_start", init=False)
    step: Literal[5] = field(default=5, init=False)
    id: str
    function: str
    args: dict[str, Any] | str  # parsed, or the raw string when it is not a JSON object


@dataclass(frozen=True, kw_only=True)
class ToolDoneEvent(EventFields):
    """Step 5 ends for one call: its result, and when it ran (seconds since the run began)."""

    type: Literal["tool_done"] = field(default="tool_done", init=False)
    step: Literal[5] = field(default=5, init=False)
    id: str
    function: str
    ok: bool
    content: str
    error_kind: ErrorKind | None
    seconds: float
    started: float
    finished: float


@dataclass(frozen=True, kw_only=True)
class MessageEvent(EventFields):
    """A message joined the history: 2 user, 4 assistant with tool_calls, 6 tool, 7 answer."""

    type: Literal["message"] = field(default="message", init=False)
    step: Literal[2, 4, 6, 7]
    message: dict[str, Any]
    position: int  # its index in the history


@dataclass(frozen=True, kw_only=True)
class AnswerEvent(EventFields):
    """Step 7: the final answer."""

    type: Literal["answer"] = field(default="answer", init=False)
    step: Literal[7] = field(default=7, init=False)
    content: str


@dataclass(frozen=True, kw_only=True)
class AlarmEvent(EventFields):
    """The repeated-error alarm (seed 000, 추가 질문 2): a human must fix the descriptions."""

    type: Literal["alarm"] = field(default="alarm", init=False)
    step: None = field(default=None, init=False)
    reason: str
    function: str
    error: str
    count: int


@dataclass(frozen=True, kw_only=True)
class IncompleteEvent(EventFields):
    """Step 4: a reply the agent cannot act on, cut at the token limit or empty."""

    type: Literal["incomplete"] = field(default="incomplete", init=False)
    step: Literal[4] = field(default=4, init=False)
    iteration: int
    cause: Literal["length", "empty"]
    finish_reason: str | None
    message: str  # the sentence of the IncompleteReply raised next


@dataclass(frozen=True, kw_only=True)
class ApprovalEvent(EventFields):
    """Step 5 begins: the agent decided whether to run one call (`Agent(..., approve=...)`)."""

    type: Literal["approval"] = field(default="approval", init=False)
    step: Literal[5] = field(default=5, init=False)
    id: str
    function: str
    args: dict[str, Any] | str  # parsed, or the raw string when it is not a JSON object
    approved: bool
    reason: str  # the approver's words ("" when it gave none); a denial's go to the model


Event = (
    RequestEvent
    | DecisionEvent
    | FragmentEvent
    | TextDeltaEvent
    | ToolStartEvent
    | ToolDoneEvent
    | MessageEvent
    | AnswerEvent
    | AlarmEvent
    | IncompleteEvent
    | ApprovalEvent
)
EVENT_TYPES = tuple(kind.type for kind in get_args(Event))  # "request", "decision", ...


def token_counts(usage: Usage) -> Usage:
    """The `decision` event's usage: only the prompt and completion tokens (None without usage)."""
    if not usage:  # passed on as it came: None, or {} from a server that sent an empty usage
        return usage
    return {
        "prompt_tokens": usage.get("prompt_tokens"),
        "completion_tokens": usage.get("completion_tokens"),
    }


def sse_message(payload: dict[str, Any]) -> str:
    """Server-Sent Events framing: 'data: <one line of JSON>' and a blank line."""
    return f"data: {json.dumps(payload, ensure_ascii=False)}\n\n"
