"""Shared pieces for the MCP tests: a toy server that reports its pid, sleeps, or dies on
request, and a process check (the history invariant is tests/history_invariant.py)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

TOY_SERVER = [sys.executable, str(Path(__file__).with_name("mcp_toy_server.py"))]


def alive(pid: int) -> bool:
    """Whether a process with this id exists (a zombie counts as alive: nobody reaped it)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True
