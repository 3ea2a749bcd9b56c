"""The offline model's speed in process, through the real SDK: what every notebook cell pays.

1. One non-streamed call with 10 tools (target: median under 5 ms).
2. One streamed answer of about 500 tokens, read to the end (target: median under 50 ms).
Prints; asserts nothing. Run: python bench/bench_offline.py
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable

import httpx2

from helpers.backend import connect, model_name
from helpers.offline import ModelConfig, sync_transport
from helpers.tokens import count_tokens

ROUNDS = 100
TOPICS = ["weather", "stock price", "exchange rate", "news", "flight", "hotel", "email",
          "calendar event", "documentation", "translation"]  # fmt: skip


def ten_tools() -> list[dict]:
    """Ten tools with distinct descriptions and one required string parameter each."""
    return [
        {
            "type": "function",
            "function": {
                "name": f"get_{topic.replace(' ', '_')}",
                "description": f"Look up the {topic} for a given subject.",
                "parameters": {
                    "type": "object",
                    "properties": {"subject": {"type": "string", "description": "City or name"}},
                    "required": ["subject"],
                },
            },
        }
        for topic in TOPICS
    ]


def long_answer(tokens: int = 500) -> str:
    """A text of about `tokens` o200k_base tokens."""
    sentence, text = "The model chooses, the agent carries and executes. ", ""
    while count_tokens(text) < tokens:
        text += sentence
    return text


def median_ms(run: Callable[[], object]) -> float:
    """The median wall time of `run`, in milliseconds, after one warm-up."""
    run()
    times = []
    for _ in range(ROUNDS):
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


def main() -> None:
    """Time both cases and print them next to their targets."""
    os.environ["WORKBOOK_FORCE_OFFLINE"] = "1"
    client = connect()
    tools = ten_tools()
    ask = [{"role": "user", "content": "What's the weather in Paris?"}]

    def one_call() -> object:
        return client.chat.completions.create(model=model_name(), messages=ask, tools=tools)

    text = long_answer()
    streamer = connect(script=(text,))
    tell = [{"role": "user", "content": "Tell me the whole story."}]

    def streamed_answer() -> object:
        stream = streamer.chat.completions.create(model=model_name(), messages=tell, stream=True)
        return [chunk for chunk in stream]

    raw = httpx2.Client(transport=sync_transport(ModelConfig(script=(text,))))
    body = {"model": model_name(), "messages": tell, "stream": True}

    def raw_stream() -> object:
        url = "http://offline.invalid/v1/chat/completions"
        with raw.stream("POST", url, json=body) as response:
            return list(response.iter_bytes())

    tokens = count_tokens(text)
    single, streamed, raw_ms = (
        median_ms(one_call),
        median_ms(streamed_answer),
        median_ms(raw_stream),
    )
    print(f"non-streamed call, 10 tools (SDK):    median {single:7.2f} ms  (target < 5 ms)")
    print(f"streamed {tokens}-token answer (SDK):   median {streamed:7.2f} ms  (target < 50 ms)")
    print(f"  the same, model + transport only:   median {raw_ms:7.2f} ms  (raw bytes, no SDK)")


if __name__ == "__main__":
    main()
