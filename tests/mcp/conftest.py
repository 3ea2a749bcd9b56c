"""Fixtures for the MCP tests: the demo tools served over stdio and over streamable HTTP, each
in a child process, and a toy server that reports its pid, sleeps, or dies on request."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from helpers.mcp_bridge import HttpServerProcess, McpRegistry, connect_mcp, demo_server_command

TOY_SERVER = [sys.executable, str(Path(__file__).with_name("mcp_toy_server.py"))]


@pytest.fixture(scope="module")
def http_demo() -> Iterator[HttpServerProcess]:
    """The demo tools over streamable HTTP on a free loopback port."""
    with HttpServerProcess() as server:
        yield server


@pytest.fixture(scope="module", params=["stdio", "streamable-http"])
def demo_tools(request: pytest.FixtureRequest) -> Iterator[McpRegistry]:
    """The demo tools, discovered over each transport."""
    if request.param == "stdio":
        with connect_mcp(demo_server_command()) as tools:
            yield tools
    else:
        server = request.getfixturevalue("http_demo")
        with connect_mcp(server.url) as tools:
            yield tools


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
