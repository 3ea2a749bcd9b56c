"""Run one turn's tool calls: in order (seed 000, step 5) or all at once (seed 001, parallel).

The model may ask for several tools in one turn. They do not depend on each other, so
they can run at the same time: N tools that each wait L seconds take about L, not N x L.
Results keep the order of the calls and carry their `tool_call_id`, so each result goes
back to the call that asked for it. One failing or timed-out tool does not sink the others.

Python cannot stop a running thread: a sync tool that times out keeps running in the
background, and its late result is dropped. It runs in a daemon thread (helpers.coroutines),
so it does not keep the kernel or the process alive once everything else has finished.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from helpers.calls import ToolCall
from helpers.coroutines import start_in_daemon_thread
from helpers.registry import ToolRegistry, ToolResult, tool_error


@dataclass(frozen=True)
class ToolRun:
    """A call, its result, and when it ran (time.monotonic() seconds)."""

    call: ToolCall
    result: ToolResult
    started: float
    finished: float

    @property
    def seconds(self) -> float:
        """How long the call took."""
        return self.finished - self.started

    def message(self) -> dict[str, Any]:
        """Step 6: the result wrapped as a `tool` message, paired to its call by id."""
        return {"role": "tool", "tool_call_id": self.call.id, "content": self.result.content}


OnStart = Callable[[ToolCall], None]
OnDone = Callable[[ToolRun], None]


def ignore(_: object) -> None:
    """The default listener: nobody is watching."""


def timeout_result(name: str, timeout: float) -> ToolResult:
    """The error the model gets for a call that ran out of time."""
    return tool_error(
        "timeout",
        f"The tool '{name}' did not finish within {timeout:g} s and was abandoned. "
        "Try again later, or answer with what you have.",
    )


def call_with_timeout(registry: ToolRegistry, call: ToolCall, timeout: float | None) -> ToolResult:
    """One call in this thread, or in a daemon thread that we stop waiting for after `timeout`."""
    if timeout is None:
        return registry.call(call.name, call.arguments)
    future = start_in_daemon_thread(lambda: registry.call(call.name, call.arguments))
    try:
        return future.result(timeout=timeout)
    except concurrent.futures.TimeoutError:
        return timeout_result(call.name, timeout)


def run_in_order(
    registry: ToolRegistry,
    calls: list[ToolCall],
    *,
    timeout: float | None = None,
    on_start: OnStart = ignore,
    on_done: OnDone = ignore,
) -> list[ToolRun]:
    """Step 5, one call after another: N calls of L seconds take N x L."""
    runs = []
    for call in calls:
        on_start(call)
        started = time.monotonic()
        result = call_with_timeout(registry, call, timeout)
        run = ToolRun(call, result, started, time.monotonic())
        on_done(run)
        runs.append(run)
    return runs


async def run_one(
    registry: ToolRegistry,
    call: ToolCall,
    timeout: float | None,
    on_start: OnStart,
    on_done: OnDone,
) -> ToolRun:
    """One call on the event loop, given up after `timeout` seconds."""
    on_start(call)
    started = time.monotonic()
    try:
        result = await asyncio.wait_for(registry.call_async(call.name, call.arguments), timeout)
    except TimeoutError:  # raised by wait_for only when a timeout was given
        result = timeout_result(call.name, timeout or 0.0)
    run = ToolRun(call, result, started, time.monotonic())
    on_done(run)
    return run


async def run_concurrently(
    registry: ToolRegistry,
    calls: list[ToolCall],
    *,
    timeout: float | None = None,
    on_start: OnStart = ignore,
    on_done: OnDone = ignore,
) -> list[ToolRun]:
    """Step 5, all calls at once with asyncio.gather: N calls of L seconds take about L."""
    one_each = [run_one(registry, call, timeout, on_start, on_done) for call in calls]
    return list(await asyncio.gather(*one_each))
