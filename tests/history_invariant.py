"""The agent's history invariant (docs/architecture.md, Agent), asserted by tests in several
folders. A tests-level module with a unique name, imported as `from history_invariant import`:
tests/conftest.py puts tests/ on sys.path (pytest's default prepend import mode), and no other
module is called this (`from conftest import` would pick whichever conftest came first)."""

from __future__ import annotations

from typing import Any


def assert_history_invariant(messages: list[dict[str, Any]]) -> None:
    """Every assistant tool_calls message is followed by exactly one tool message per call id,
    in call order; no two calls share an id; a tool message follows a call or another result."""
    ids = [
        call["id"]
        for message in messages
        if message["role"] == "assistant"
        for call in message.get("tool_calls") or []
    ]
    assert len(ids) == len(set(ids)), f"tool-call ids repeat: {ids}"
    for position, message in enumerate(messages):
        if message["role"] == "assistant" and message.get("tool_calls"):
            wanted = [call["id"] for call in message["tool_calls"]]
            following = messages[position + 1 : position + 1 + len(wanted)]
            assert [m["role"] for m in following] == ["tool"] * len(wanted), messages
            assert [m["tool_call_id"] for m in following] == wanted
        if message["role"] == "tool":
            assert messages[position - 1]["role"] in ("assistant", "tool"), messages
