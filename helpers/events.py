"""Event: one record per step of the agent loop, and its Server-Sent Events form (seed 001).

Widgets, plots and the SSE endpoint all read the same events; docs/architecture.md lists
each type with its step and data.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

EVENT_TYPES = (
    "request",
    "decision",
    "fragment",
    "text_delta",
    "tool_start",
    "tool_done",
    "message",
    "answer",
    "alarm",
)


@dataclass(frozen=True)
class Event:
    """What happened (`type`), at which of the seven steps (`step`), with which details (`data`)."""

    type: str
    step: int | None
    data: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.type not in EVENT_TYPES:
            raise ValueError(
                f"Unknown event type {self.type!r}. Allowed types: {', '.join(EVENT_TYPES)}."
            )

    def to_sse(self) -> str:
        """One SSE message: 'data: {"type": ..., **data}' and a blank line."""
        return sse_message({"type": self.type, **self.data})


def sse_message(payload: dict[str, Any]) -> str:
    """Server-Sent Events framing: 'data: <one line of JSON>' and a blank line."""
    return f"data: {json.dumps(payload, ensure_ascii=False)}\n\n"
