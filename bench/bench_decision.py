"""How long the offline model's decision takes (brain.decide), and how it grows.

1. One decision with 10 tools, and with 50 (the classroom's tools, read fresh each time: the
   tool-reading cache is cleared, as for a learner's new tool).
2. The same with the tools already read (the cache warm, as for a notebook's second call).
3. Growth with the input: a request padded with a pasted log to 1k, 10k and 100k characters.
4. Growth with the number of tools: 10, 25, 50, 100.
5. A pasted run of Korean words before a request for a tool that takes a list of things (the
   list reader and the Korean cue patterns must stay linear).
Prints; asserts nothing. Run: python bench/bench_decision.py
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from helpers.offline import ModelConfig
from helpers.offline.brain import decide
from helpers.offline.request import _read
from helpers.offline.tools import _read as _read_tool

TOOLSETS = Path(__file__).resolve().parents[1] / "tests/offline/classroom/toolsets.json"
ROUNDS = 15
QUESTION = "Convert 250 USD to EUR and remind me to call mom at 6pm"
KOREAN_WORD = "사과 "
KOREAN_ORDER = " 3개 주문해줘"
LOG_LINE = "2026-01-01 09:00:01 ERROR worker-3 retry failed for user@example.com (code 504)\n"


def classroom_tools() -> list[dict[str, Any]]:
    """Every distinct tool of the classroom evaluation, as a request's `tools` entries."""
    seen: dict[str, dict[str, Any]] = {}
    for tools in json.loads(TOOLSETS.read_text()).values():
        for tool in tools:
            seen.setdefault(json.dumps(tool, sort_keys=True), tool)
    return list(seen.values())


def request(text: str, tools: list[dict[str, Any]]) -> dict[str, Any]:
    """A chat request of one user message."""
    return {
        "model": "offline-tutor",
        "messages": [{"role": "user", "content": text}],
        "tools": tools,
    }


def median_ms(run: Callable[[], object], cold: bool) -> float:
    """The median time of `run` in milliseconds (caches cleared first when cold)."""
    times = []
    for _ in range(ROUNDS):
        if cold:
            _read.cache_clear()
            _read_tool.cache_clear()
        started = time.perf_counter()
        run()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def main() -> None:
    """Print the figures."""
    tools = classroom_tools()
    config = ModelConfig()
    print(f"classroom tools available: {len(tools)}")
    for count in (10, 50):
        body = request(QUESTION, tools[:count])
        cold = median_ms(lambda b=body: decide(b, config), cold=True)
        warm = median_ms(lambda b=body: decide(b, config), cold=False)
        print(f"one decision, {count} tools: {cold:8.1f} ms fresh, {warm:6.1f} ms tools read")
    for size in (1_000, 10_000, 100_000):
        pasted = (LOG_LINE * (size // len(LOG_LINE) + 1))[:size] + "\n" + QUESTION
        body = request(pasted, tools[:10])
        took = median_ms(lambda b=body: decide(b, config), cold=True)
        print(f"input {size:>7,} characters, 10 tools: {took:8.1f} ms")
    for count in (10, 25, 50, 100):
        body = request(QUESTION, (tools * 2)[:count])
        took = median_ms(lambda b=body: decide(b, config), cold=True)
        print(f"{count:>3} tools, fresh: {took:8.1f} ms")
    grocery = json.loads(TOOLSETS.read_text())["grocery"]
    for size in (1_000, 10_000, 100_000):
        pasted = KOREAN_WORD * (size // len(KOREAN_WORD)) + KOREAN_ORDER
        body = request(pasted, grocery)
        took = median_ms(lambda b=body: decide(b, config), cold=True)
        print(f"Korean paste {size:>7,} characters, a list-taking tool: {took:8.1f} ms")


if __name__ == "__main__":
    main()
