"""One agent turn with one tool against the two raw SDK calls it makes (seed 000: 2 LLM calls).

Both sides talk to the offline model through helpers.backend.connect(). The raw side sends
exactly the two requests the agent sent, with nothing around them; the difference is what
the agent adds (schemas, events, validation, history). Prints; asserts nothing.
Run: python bench/bench_agent.py
"""

from __future__ import annotations

import os
import statistics
import time
from typing import Any

from helpers.agent import Agent
from helpers.backend import connect
from helpers.demo_tools import weather_registry
from helpers.events import Event

QUESTION = "베이징 날씨 어때?"
ROUNDS = 200


def agent_turn(client: Any) -> tuple[float, list[dict[str, Any]]]:
    """Time one Agent.run; return the time and the requests it sent."""
    requests: list[dict[str, Any]] = []

    def keep_request(event: Event) -> None:
        if event.type == "request":
            requests.append(event.data["request"])

    agent = Agent(client, weather_registry(), on_event=keep_request)
    started = time.perf_counter()
    agent.run(QUESTION)
    return time.perf_counter() - started, requests


def raw_calls(client: Any, requests: list[dict[str, Any]]) -> float:
    """Time the same requests sent straight through the SDK."""
    started = time.perf_counter()
    for request in requests:
        client.chat.completions.create(**request)
    return time.perf_counter() - started


def main() -> None:
    os.environ["WORKBOOK_FORCE_OFFLINE"] = "1"
    client = connect()
    _, requests = agent_turn(client)  # warm up, and learn the two requests
    if len(requests) != 2:
        raise SystemExit(f"expected 2 LLM calls for one tool call, the agent made {len(requests)}")
    agent_times, raw_times = [], []
    for _ in range(ROUNDS):  # alternate, so both see the same machine load
        agent_times.append(agent_turn(client)[0])
        raw_times.append(raw_calls(client, requests))
    agent_ms, raw_ms = statistics.median(agent_times) * 1e3, statistics.median(raw_times) * 1e3
    print(f"agent turn (1 tool, 2 LLM calls): {agent_ms:7.2f} ms  (median of {ROUNDS})")
    print(f"the 2 raw SDK calls it made:      {raw_ms:7.2f} ms")
    print(f"ratio agent / raw: {agent_ms / raw_ms:.3f}x  (target: <= 1.15x)")


if __name__ == "__main__":
    main()
