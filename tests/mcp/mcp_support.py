"""Shared pieces for the MCP tests: a toy server that reports its pid, sleeps, or dies on
request, a process check, and the history invariant."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

TOY_SERVER = [sys.executable, str(Path(__file__).with_name("mcp_toy_server.py"))]


def alive(pid: int) -> bool:
    """Whether a process with this id exists (a zombie counts as alive: nobody reaped it)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def assert_history_invariant(messages: list[dict[str, Any]]) -> None:
    """Every assistant message with tool_calls is followed by exactly one tool message per
    call id, in order; no two calls share an id."""
    ids = [
        call["id"]
        for m in messages
        if m["role"] == "assistant"
        for call in m.get("tool_calls") or []
    ]
    assert len(ids) == len(set(ids)), f"tool-call ids repeat: {ids}"
    for position, message in enumerate(messages):
        if message["role"] == "assistant" and message.get("tool_calls"):
            wanted = [call["id"] for call in message["tool_calls"]]
            following = messages[position + 1 : position + 1 + len(wanted)]
            assert [m["role"] for m in following] == ["tool"] * len(wanted), messages
            assert [m["tool_call_id"] for m in following] == wanted
