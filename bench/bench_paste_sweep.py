"""A long paste against every classroom tool set: where a pattern that backtracks would show.

A regex that is linear on one tool set's wording can turn quadratic on another's (a topic cue
or a label pattern that only a Korean description switches on). This sweeps all tool sets in
tests/offline/classroom/toolsets.json with a 90,000-character paste, once in Korean and once in
English, each with values of many kinds (counts, money, times, names, an email, a quotation),
and prints the slowest decisions. Prints; asserts nothing. Run: python bench/bench_paste_sweep.py
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from helpers.offline import ModelConfig
from helpers.offline.brain import decide

TOOLSETS = Path(__file__).resolve().parents[1] / "tests/offline/classroom/toolsets.json"
SIZE = 90_000
SHOWN = 10
KOREAN = (
    "사과 3개랑 배 두 개, 내일 오후 3시에 서울에서 회의 잡아줘. "
    "김민지한테 '늦어요'라고 보내고 "
)
ENGLISH = (
    "Order 2 lattes and a muffin, book a table for 4 at 7pm tomorrow in Paris, "
    "email bob@example.com 'running late' and pay $12.50. "
)


def pasted(line: str) -> str:
    """The line repeated to SIZE characters."""
    return (line * (SIZE // len(line) + 1))[:SIZE]


def seconds_to_decide(text: str, tools: list[dict[str, Any]]) -> float:
    """Wall-clock seconds of one decision on a one-message request."""
    body = {"model": "offline-tutor", "messages": [{"role": "user", "content": text}]}
    started = time.perf_counter()
    decide({**body, "tools": tools}, ModelConfig())
    return time.perf_counter() - started


def main() -> None:
    """Print the slowest tool sets for each paste."""
    toolsets = json.loads(TOOLSETS.read_text(encoding="utf-8"))
    timings = []
    for name, tools in toolsets.items():
        for language, line in (("ko", KOREAN), ("en", ENGLISH)):
            timings.append((seconds_to_decide(pasted(line), tools), name, language))
    timings.sort(reverse=True)
    print(f"{len(toolsets)} tool sets x 2 pastes of {SIZE:,} characters; slowest {SHOWN}:")
    for took, name, language in timings[:SHOWN]:
        print(f"  {took:6.2f} s  {name} ({language})")
    print(f"median {timings[len(timings) // 2][0]:.2f} s")


if __name__ == "__main__":
    main()
