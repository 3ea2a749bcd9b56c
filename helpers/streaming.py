"""ToolCallAccumulator: streamed tool-call fragments -> whole calls (seed 001, buffering).

In a stream, a call's arguments arrive in pieces split anywhere ('{"ci', 'ty": "', ...).
Fragments belong together only by their `index`, so we keep one buffer per index and join
the pieces. Servers differ (see ../shared/notes/openai-wire.md): some send several entries
in one chunk, interleave calls, send an index out of order, repeat `id` and `name` on every
fragment, send a whole call at once, omit `type`, or end with a usage chunk with no choices.
The rules below survive all of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import jiter

from helpers.events import FragmentEvent


def field_of(obj: Any, key: str) -> Any:
    """Read `key` from an SDK object or from the equivalent dict (json.loads of a chunk)."""
    if obj is None:
        return None
    if isinstance(obj, dict):
        return obj.get(key)
    return getattr(obj, key, None)


def partial_json(arguments: str) -> dict[str, Any]:
    """Arguments parsed while they stream: '{"city": "Edinb' -> {"city": "Edinb"}; {} if none."""
    if not arguments.strip():
        return {}
    try:
        value = jiter.from_json(arguments.encode(), partial_mode="trailing-strings")
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def merge_piece(so_far: str, piece: str | None) -> str:
    """Join the pieces of `id` or `name`; the same value sent again is a repeat, not a piece.

    The one ambiguous case, a name like "abab" sent as "ab" + "ab", never comes from a real
    server: servers either send the whole value (maybe again and again) or split it once.
    """
    if not piece or piece == so_far:
        return so_far
    return so_far + piece


@dataclass
class CallBuffer:
    """One tool call being reassembled."""

    index: int
    id: str = ""
    type: str = ""
    name: str = ""
    arguments: str = ""


@dataclass(frozen=True)
class ChunkUpdate:
    """What one chunk added: text to show now, and tool-call fragments to buffer."""

    text: str = ""
    fragments: list[FragmentEvent] = field(default_factory=list)


class ToolCallAccumulator:
    """Buffers one choice's streamed deltas into text, whole tool calls, finish reason, usage."""

    def __init__(self, choice: int = 0) -> None:
        self.choice = choice
        self.content = ""
        self.finish_reason: str | None = None
        self.usage: dict[str, Any] | None = None
        self._calls: dict[int, CallBuffer] = {}

    def add(self, chunk: Any) -> ChunkUpdate:
        """Take one chunk (SDK `ChatCompletionChunk` or dict); return what it added."""
        usage = field_of(chunk, "usage")
        if usage is not None:  # the SDK's CompletionUsage, or a dict
            self.usage = usage if isinstance(usage, dict) else usage.model_dump(exclude_none=True)
        update = ChunkUpdate()
        for choice in field_of(chunk, "choices") or []:  # the usage chunk has no choices
            if (field_of(choice, "index") or 0) == self.choice:
                update = self._add_choice(choice)
        return update

    def _add_choice(self, choice: Any) -> ChunkUpdate:
        delta = field_of(choice, "delta")
        text = field_of(delta, "content") or ""
        self.content += text
        fragments = [self._add_entry(entry) for entry in field_of(delta, "tool_calls") or []]
        self.finish_reason = field_of(choice, "finish_reason") or self.finish_reason
        return ChunkUpdate(text, fragments)

    def _add_entry(self, entry: Any) -> FragmentEvent:
        """Merge one tool-call fragment into the buffer of its index."""
        call = self._buffer_for(entry)
        function = field_of(entry, "function")
        call.id = merge_piece(call.id, field_of(entry, "id"))
        call.type = field_of(entry, "type") or call.type
        call.name = merge_piece(call.name, field_of(function, "name"))
        delta = field_of(function, "arguments") or ""
        call.arguments += delta
        return FragmentEvent(index=call.index, id=call.id, name=call.name, arguments_delta=delta,
                             arguments=call.arguments)

    def _buffer_for(self, entry: Any) -> CallBuffer:
        index = field_of(entry, "index")
        if index is None:
            index = self._index_for_unindexed(field_of(entry, "id"))
        if index not in self._calls:
            self._calls[index] = CallBuffer(index)
        return self._calls[index]

    def _index_for_unindexed(self, call_id: str | None) -> int:
        """For servers that omit `index`: a known id continues its call, a new id starts one,
        no id continues the latest call."""
        for call in self._calls.values():
            if call_id and call.id == call_id:
                return call.index
        if not self._calls:
            return 0
        latest = max(self._calls)
        return latest + 1 if call_id else latest

    @property
    def has_tool_calls(self) -> bool:
        return bool(self._calls)

    @property
    def tool_calls(self) -> list[dict[str, Any]]:
        """The calls so far, in index order, shaped as in an assistant message."""
        return [
            {
                "id": call.id,
                "type": call.type or "function",
                "function": {"name": call.name, "arguments": call.arguments},
            }
            for _, call in sorted(self._calls.items())
        ]

    def partial_arguments(self, index: int) -> dict[str, Any]:
        """The arguments of call `index` parsed while they stream ('{"city": "Edinb' -> Edinb)."""
        call = self._calls.get(index)
        return partial_json(call.arguments) if call else {}

    def message(self) -> dict[str, Any]:
        """The assistant message to append to the history (step 4)."""
        message: dict[str, Any] = {"role": "assistant", "content": self.content or None}
        if self._calls:
            message["tool_calls"] = self.tool_calls
        return message
