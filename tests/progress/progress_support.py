"""What the progress tests share: an SSE parser and a slow tool that records its own work."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

from helpers.registry import ToolRegistry


def parse_sse(body: str) -> list[dict[str, Any]]:
    """Split a text/event-stream body into its `data:` payloads; fail on any other framing."""
    assert body.endswith("\n\n"), f"an SSE body ends with a blank line: {body[-40:]!r}"
    messages = []
    for block in body.removesuffix("\n\n").split("\n\n"):
        assert block.startswith("data: ") and "\n" not in block, f"not one data line: {block!r}"
        messages.append(json.loads(block.removeprefix("data: ")))
    return messages


@dataclass
class SlowSteps:
    """An async tool `slow_step` that takes `seconds` and records starts, ends and cancels."""

    seconds: float = 0.3
    started: int = 0
    finished: int = 0
    cancelled: int = 0
    registry: ToolRegistry = field(default_factory=ToolRegistry)

    def __post_init__(self) -> None:
        self.registry.register(self.slow_step, name="slow_step")

    async def slow_step(self, step: int) -> dict[str, int]:
        """Do one slow step of a long job and report which step finished.

        Args:
            step: The number of the step to do.
        """
        self.started += 1
        try:
            await asyncio.sleep(self.seconds)
        except asyncio.CancelledError:
            self.cancelled += 1
            raise
        self.finished += 1
        return {"step": step}


def calls_to_slow_step(turns: int) -> list[Any]:
    """An offline-model script: `turns` turns that each call slow_step, then a final text."""
    return [[{"name": "slow_step", "arguments": {"step": n}}] for n in range(turns)] + ["Done."]
