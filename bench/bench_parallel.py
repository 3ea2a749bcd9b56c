"""Parallel against sequential: N tool calls that each take L seconds (seed 001).

First the bare executors (run_in_order, run_concurrently), then whole agent turns on the
offline model (Agent.run runs one turn's calls in order, Agent.run_async concurrently).
Last, how long a process lives on after a sync tool timed out (it ran in a daemon thread).
Prints; asserts nothing. Run: python bench/bench_parallel.py
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable

from helpers.agent import Agent
from helpers.backend import connect, connect_async
from helpers.calls import ToolCall
from helpers.demo_tools import demo_registry
from helpers.parallel import run_concurrently, run_in_order

DELAY = 0.2
CITIES = ["Seoul", "Tokyo", "Paris", "London", "Beijing"]


def calls(n: int) -> list[ToolCall]:
    return [ToolCall(f"call_{i}", "get_weather", json.dumps({"city": CITIES[i]}))
            for i in range(n)]


def seconds(job: Callable[[], object]) -> float:
    started = time.perf_counter()
    job()
    return time.perf_counter() - started


SLOW_TOOL = textwrap.dedent("""
    import asyncio, time
    from helpers.calls import ToolCall
    from helpers.parallel import run_concurrently, run_in_order
    from helpers.registry import ToolRegistry

    registry = ToolRegistry()
    registry.register(lambda: time.sleep(8), name="slow", description="Takes eight seconds.",
                      parameters={"type": "object", "properties": {}})
    call = ToolCall("call_1", "slow", "{}")
    started = time.perf_counter()
    run_in_order(registry, [call], timeout=0.2)
    asyncio.run(run_concurrently(registry, [call], timeout=0.2))
    print(time.perf_counter() - started)
""")


def timed_out_tool_and_exit() -> None:
    """Issue 10, defect 7: an 8 s sync tool given up after 0.2 s (in order, then gathered)."""
    started = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", SLOW_TOOL], capture_output=True, text=True,
                         check=True).stdout
    exited = time.perf_counter() - started
    print(f"\nan 8 s tool timed out after 0.2 s, twice: the calls returned in "
          f"{float(out.split()[-1]):.2f} s, the process exited after {exited:.2f} s")


def main() -> None:
    os.environ["WORKBOOK_FORCE_OFFLINE"] = "1"
    registry = demo_registry(delay=DELAY)
    print(f"each tool call takes {DELAY} s\n")
    print(f"{'N':>2} {'in order s':>10} {'gather s':>9} {'speed-up':>8}")
    for n in range(1, len(CITIES) + 1):
        in_order = seconds(lambda n=n: run_in_order(registry, calls(n)))
        together = seconds(lambda n=n: asyncio.run(run_concurrently(registry, calls(n))))
        print(f"{n:2d} {in_order:10.3f} {together:9.3f} {in_order / together:7.1f}x")

    question = "What's the weather in " + ", ".join(CITIES[:-1]) + f" and {CITIES[-1]}?"
    Agent(connect(), demo_registry()).run(question)  # warm up: the first call loads the tokenizer
    sync_agent = Agent(connect(), registry)
    async_agent = Agent(connect_async(), registry)
    sync_time = seconds(lambda: sync_agent.run(question))
    async_time = seconds(lambda: asyncio.run(async_agent.run_async(question)))
    print(f"\nagent turn with {async_agent.stats.tool_calls} calls: run {sync_time:.3f} s, "
          f"run_async {async_time:.3f} s, speed-up {sync_time / async_time:.1f}x")
    timed_out_tool_and_exit()


if __name__ == "__main__":
    main()
