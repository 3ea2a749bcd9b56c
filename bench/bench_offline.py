"""The offline model's speed in process, through the real SDK: what every notebook cell pays.

1. One non-streamed call with 10 tools (target: median under 5 ms).
2. One streamed answer of about 500 tokens, read to the end (target: median under 50 ms).
3. Checking a request against the API's field rules, with a 1,000,000-character message.
4. Over HTTP (uvicorn, decisions in worker threads): p50 and p95 of one call while N clients
   ask at once, N = 1, 10, 100.
Prints; asserts nothing. Run: python bench/bench_offline.py
"""

from __future__ import annotations

import os
import socket
import statistics
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import httpx2
import uvicorn

from helpers.backend import connect, model_name
from helpers.offline import MODEL_ID, ModelConfig, sync_transport
from helpers.offline.protocol import check_request
from helpers.offline.server import create_app
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


def validation_ms() -> float:
    """Median time to check a request whose message is 1,000,000 characters long."""
    request = {"model": MODEL_ID, "messages": [{"role": "user", "content": "a" * 1_000_000}]}
    return median_ms(lambda: check_request(request))


def serve_in_thread() -> tuple[uvicorn.Server, str]:
    """The offline model over HTTP on a free loopback port, in a background thread."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(create_app(ModelConfig()), port=port, log_level="warning")
    server = uvicorn.Server(config)
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.02)
    return server, f"http://127.0.0.1:{port}/v1/chat/completions"


def concurrent_latencies(url: str, clients: int, tools: list[dict]) -> list[float]:
    """Seconds each of `clients` simultaneous requests took, end to end."""
    body = {"model": MODEL_ID, "messages": [{"role": "user", "content": "Weather in Oslo?"}]}
    body["tools"] = tools

    limits = httpx2.Limits(max_connections=clients)
    with httpx2.Client(trust_env=False, timeout=300, limits=limits) as client:

        def one(_: int) -> float:
            started = time.perf_counter()
            client.post(url, json=body).raise_for_status()
            return time.perf_counter() - started

        with ThreadPoolExecutor(max_workers=clients) as pool:
            return list(pool.map(one, range(clients)))


def print_http_latencies(tools: list[dict]) -> None:
    """p50/p95 over HTTP for 1, 10 and 100 clients at once."""
    server, url = serve_in_thread()
    concurrent_latencies(url, 1, tools)  # warm-up
    for clients in (1, 10, 100):
        times = sorted(concurrent_latencies(url, clients, tools))
        p50, p95 = times[len(times) // 2], times[int(len(times) * 0.95) - 1 or 0]
        print(f"HTTP, {clients:3d} clients at once:         p50 {p50 * 1000:7.1f} ms  "
              f"p95 {p95 * 1000:7.1f} ms")  # fmt: skip
    server.should_exit = True


if __name__ == "__main__":
    main()
    print(f"checking a 1M-character request:      median {validation_ms():7.2f} ms")
    print_http_latencies(ten_tools())
