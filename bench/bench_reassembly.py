"""Reassembly speed: ToolCallAccumulator against the SDK's ChatCompletionStreamState.

Both read the same SDK chunk objects: the real recordings in ../shared/fixtures/openai-recorded/
and a long synthetic stream (four calls, arguments in 3-character pieces). Prints; asserts nothing.
Run: python bench/bench_reassembly.py
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx2
import openai
from openai.lib.streaming.chat import ChatCompletionStreamState

from helpers.streaming import ToolCallAccumulator

RECORDED = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "openai-recorded"


def read_stream(body: bytes) -> list[Any]:
    """The chunks as the SDK yields them from the wire."""
    transport = httpx2.MockTransport(lambda request: httpx2.Response(
        200, content=body, headers={"content-type": "text/event-stream"}))
    client = openai.OpenAI(api_key="bench", base_url="http://bench.test/v1", max_retries=0,
                           http_client=httpx2.Client(transport=transport))
    return list(client.chat.completions.create(model="bench", messages=[], stream=True))


def synthetic_body(calls: int = 4, piece: int = 3) -> bytes:
    """One response with `calls` long tool calls, one argument piece per chunk."""
    base = {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "bench"}
    events = []
    for index in range(calls):
        arguments = json.dumps({"query": "function calling " * 20, "top_k": index + 1})
        head = {"index": index, "id": f"call_{index}", "type": "function",
                "function": {"name": "search_docs", "arguments": ""}}
        deltas = [head] + [{"index": index, "function": {"arguments": arguments[i:i + piece]}}
                           for i in range(0, len(arguments), piece)]
        events += [{"tool_calls": [delta]} for delta in deltas]
    chunks = [{**base, "choices": [{"index": 0, "delta": d, "finish_reason": None}]}
              for d in events]
    chunks.append({**base, "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]})
    lines = b"".join(f"data: {json.dumps(c)}\n\n".encode() for c in chunks)
    return lines + b"data: [DONE]\n\n"


def ours(chunks: list[Any]) -> Any:
    accumulator = ToolCallAccumulator()
    for chunk in chunks:
        accumulator.add(chunk)
    return accumulator.tool_calls


def sdks(chunks: list[Any]) -> Any:
    state = ChatCompletionStreamState()
    for chunk in chunks:
        state.handle_chunk(chunk)
    return state.get_final_completion().choices[0].message.tool_calls


def median_seconds(reassemble: Callable[[list[Any]], Any], chunks: list[Any], rounds: int) -> float:
    """The median time of one pass over `chunks`."""
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        reassemble(chunks)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    streams = {path.stem: read_stream(path.read_bytes()) for path in sorted(RECORDED.glob("*.sse"))}
    streams["synthetic: 4 long calls"] = read_stream(synthetic_body())
    print(f"{'stream':45} {'chunks':>6} {'ours µs':>9} {'SDK µs':>9} {'SDK/ours':>8}")
    ratios = []
    for name, chunks in streams.items():
        mine, theirs = median_seconds(ours, chunks, 200), median_seconds(sdks, chunks, 200)
        ratios.append(theirs / mine)
        print(f"{name:45} {len(chunks):6d} {mine * 1e6:9.1f} {theirs * 1e6:9.1f} "
              f"{theirs / mine:7.1f}x")
    print(f"\nToolCallAccumulator is {statistics.median(ratios):.1f}x as fast as "
          "ChatCompletionStreamState (median over the streams; target: > 1x).")


if __name__ == "__main__":
    main()
