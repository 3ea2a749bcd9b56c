"""Step 5 for several calls: in order, or concurrently with asyncio.gather (seed 001)."""

from __future__ import annotations

import asyncio
import json
import threading
import time

from helpers.calls import ToolCall
from helpers.parallel import ToolRun, run_concurrently, run_in_order
from helpers.registry import ToolRegistry


def sleepy_registry() -> ToolRegistry:
    registry = ToolRegistry()

    @registry.register
    def block_for(seconds: float, label: str) -> str:
        """Wait for some seconds in a plain function, then return the label."""
        time.sleep(seconds)
        return label

    @registry.register
    async def await_for(seconds: float, label: str) -> str:
        """Wait for some seconds in a coroutine, then return the label."""
        await asyncio.sleep(seconds)
        return label

    @registry.register
    def explode(reason: str) -> str:
        """Raise an error with the given reason, to test failures."""
        raise RuntimeError(reason)

    return registry


def call(number: int, name: str, **arguments: object) -> ToolCall:
    return ToolCall(id=f"call_{number}", name=name, arguments=json.dumps(arguments))


def overlapped(runs: list[ToolRun]) -> bool:
    """Every call started before any call finished."""
    return max(run.started for run in runs) < min(run.finished for run in runs)


def test_n_sleeping_tools_take_about_l_not_n_times_l() -> None:
    n, seconds = 4, 0.3
    calls = [call(i, "block_for" if i % 2 else "await_for", seconds=seconds, label=str(i))
             for i in range(n)]
    runs = asyncio.run(run_concurrently(sleepy_registry(), calls))
    assert overlapped(runs)  # the times themselves are printed by bench/bench_parallel.py
    assert [run.result.content for run in runs] == ["0", "1", "2", "3"]


def test_in_order_runs_one_after_another() -> None:
    calls = [call(i, "block_for", seconds=0.05, label=str(i)) for i in range(3)]
    runs = run_in_order(sleepy_registry(), calls)
    assert not overlapped(runs)
    assert all(a.finished <= b.started for a, b in zip(runs, runs[1:], strict=False))


def test_results_keep_call_order_and_are_paired_by_id() -> None:
    calls = [call(i, "await_for", seconds=0.2 - 0.05 * i, label=f"answer {i}") for i in range(4)]
    runs = asyncio.run(run_concurrently(sleepy_registry(), calls))
    assert [run.finished for run in runs] == sorted((run.finished for run in runs), reverse=True)
    assert [run.message() for run in runs] == [
        {"role": "tool", "tool_call_id": f"call_{i}", "content": f"answer {i}"} for i in range(4)]


def test_a_failing_and_a_timed_out_tool_do_not_sink_the_others() -> None:
    calls = [call(0, "await_for", seconds=0.01, label="fast"),
             call(1, "explode", reason="disk full"),
             call(2, "await_for", seconds=5, label="too slow"),
             call(3, "no_such_tool"),
             call(4, "block_for", seconds=0.01, label="also fast")]
    runs = asyncio.run(run_concurrently(sleepy_registry(), calls, timeout=0.3))
    results = [run.result for run in runs]
    assert [r.error_kind for r in results] == [None, "tool_failed", "timeout", "unknown_tool", None]
    assert results[0].content == "fast" and results[4].content == "also fast"
    assert "did not finish within 0.3 s" in results[2].content
    assert "RuntimeError: disk full" in results[1].content


def test_a_sync_tool_times_out_in_order_too() -> None:
    registry, release = sleepy_registry(), threading.Event()
    registry.register(release.wait, name="wait_for_release",
                      description="Wait until the test lets it go.", parameters={"type": "object"})
    calls = [call(0, "wait_for_release"), call(1, "block_for", seconds=0.0, label="quick")]
    safety = threading.Timer(60, release.set)  # a loop that waited would get "ok" at last
    safety.start()
    try:
        runs = run_in_order(registry, calls, timeout=0.1)
    finally:
        release.set()
        safety.cancel()
    assert [run.result.error_kind for run in runs] == ["timeout", None]


def test_listeners_see_each_start_and_done() -> None:
    seen: list[tuple[str, str]] = []
    calls = [call(i, "block_for", seconds=0.0, label=str(i)) for i in range(2)]
    run_in_order(sleepy_registry(), calls,
                 on_start=lambda c: seen.append(("start", c.id)),
                 on_done=lambda r: seen.append(("done", r.call.id)))
    assert seen == [("start", "call_0"), ("done", "call_0"), ("start", "call_1"),
                    ("done", "call_1")]


def test_shown_arguments_are_parsed_or_left_raw() -> None:
    assert call(0, "f", city="서울").shown_arguments() == {"city": "서울"}
    assert ToolCall("c", "f", '{"city": ').shown_arguments() == '{"city": '
    assert ToolCall("c", "f", "[1]").shown_arguments() == "[1]"
    deep = "[" * 992 + "]" * 992  # more than json.loads can read: shown as it came
    assert ToolCall("c", "f", deep).shown_arguments() == deep
    assert ToolCall.from_message({"id": "c", "function": {"name": "f"}}) == ToolCall("c", "f", "")
