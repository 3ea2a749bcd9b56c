"""Wire fidelity: the real SDK (strict) and the official schema accept all the model sends."""

from __future__ import annotations

import asyncio
import json
import re
import time
from pathlib import Path
from typing import Any

import httpx2
import pytest
from offline_support import (
    RECORDINGS,
    TOOLS,
    WEATHER,
    strict_async_client,
    strict_client,
    validate_against_spec,
)

from helpers.offline import MODEL_ID, PROFILES, Latency, ModelConfig, sync_transport
from helpers.offline.wire import PROFILES as PROFILE_SHAPES
from helpers.tokens import count_request_tokens, token_pieces

REQUESTS = {
    "text": "hello there",
    "one call": "What's the weather in Paris?",
    "parallel": "What's the weather in Tokyo, Paris and London?",
    "two tools": "Weather in Edinburgh, and search the docs for 'rate limits'",
}


def body(question: str, stream: bool = False, **extra: Any) -> dict[str, Any]:
    """A request body as the SDK would send it."""
    request = {"model": MODEL_ID, "messages": [{"role": "user", "content": question}]}
    request |= {"tools": TOOLS, "stream": stream, **extra}
    if stream:
        request["stream_options"] = {"include_usage": True}
    return request


def post(request: dict[str, Any], **options: Any) -> httpx2.Response:
    """POST a request straight to the in-process transport (no SDK), returning the raw response."""
    transport = sync_transport(ModelConfig(**options))
    with httpx2.Client(transport=transport, base_url="http://offline.invalid") as client:
        return client.post("/v1/chat/completions", json=request)


def sse_chunks(response: httpx2.Response) -> tuple[list[dict[str, Any]], str]:
    """The JSON chunks of a raw SSE body, and its last event."""
    events = [e for e in response.text.split("\n\n") if e]
    assert all(e.startswith("data: ") for e in events), "only data: events, no event: lines"
    return [json.loads(e[6:]) for e in events[:-1]], events[-1]


def fragments_by_index(chunks: list[dict[str, Any]]) -> dict[int, list[dict[str, Any]]]:
    """Every tool-call fragment, grouped by call index, in arrival order."""
    grouped: dict[int, list[dict[str, Any]]] = {}
    for chunk in chunks:
        for choice in chunk["choices"]:
            for fragment in choice["delta"].get("tool_calls", []):
                grouped.setdefault(fragment["index"], []).append(fragment)
    return grouped


def test_profile_names_match_their_shapes() -> None:
    assert set(PROFILES) == set(PROFILE_SHAPES)


@pytest.mark.parametrize("question", REQUESTS.values(), ids=list(REQUESTS))
def test_non_streamed_response_passes_the_schema_and_the_strict_sdk(question: str) -> None:
    response = post(body(question))
    assert response.status_code == 200
    validate_against_spec(response.json(), "CreateChatCompletionResponse")
    reply = strict_client().chat.completions.create(**body(question))
    assert reply.model_dump(exclude_unset=True) == response.json()


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("question", REQUESTS.values(), ids=list(REQUESTS))
def test_every_chunk_passes_the_schema_and_the_strict_sdk(profile: str, question: str) -> None:
    chunks, last = sse_chunks(post(body(question, stream=True), profile=profile))
    assert last == "data: [DONE]"
    for chunk in chunks:
        validate_against_spec(chunk, "CreateChatCompletionStreamResponse")
    stream = strict_client(profile=profile).chat.completions.create(**body(question, stream=True))
    assert [c.model_dump(exclude_unset=True) for c in stream] == chunks


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("question", REQUESTS.values(), ids=list(REQUESTS))
def test_cross_chunk_rules_hold(profile: str, question: str) -> None:
    whole = post(body(question)).json()
    chunks, _ = sse_chunks(post(body(question, stream=True), profile=profile))
    assert {c["id"] for c in chunks} == {whole["id"]}, "one id on every chunk"
    assert chunks[0]["choices"][0]["delta"]["role"] == "assistant"
    assert chunks[-1]["choices"] == [] and chunks[-1]["usage"] == whole["usage"]
    assert all("usage" not in c for c in chunks[:-1])
    finishes = [c["choices"][0]["finish_reason"] for c in chunks[:-1]]
    assert finishes[-1] == whole["choices"][0]["finish_reason"] and not any(finishes[:-1])
    message = whole["choices"][0]["message"]
    text = "".join(c["choices"][0]["delta"].get("content") or "" for c in chunks[:-1])
    assert text == (message["content"] or "")
    for index, fragments in fragments_by_index(chunks).items():
        expected = message["tool_calls"][index]
        head = fragments[0]
        assert (head["id"], head["type"], head["function"]["name"]) == (
            expected["id"],
            "function",
            expected["function"]["name"],
        ), "the first fragment of a call carries its id, type and name"
        arguments = "".join(f["function"].get("arguments", "") for f in fragments)
        assert json.loads(arguments) == json.loads(expected["function"]["arguments"])


@pytest.mark.parametrize("question", [REQUESTS["parallel"], REQUESTS["two tools"]])
def test_openai_profile_sends_calls_in_order_in_token_sized_pieces(question: str) -> None:
    whole = post(body(question)).json()
    chunks, _ = sse_chunks(post(body(question, stream=True)))
    order = [
        f["index"] for c in chunks[:-1] for f in c["choices"][0]["delta"].get("tool_calls", [])
    ]
    assert order == sorted(order), "all of call 0, then all of call 1"
    for index, fragments in fragments_by_index(chunks).items():
        arguments = whole["choices"][0]["message"]["tool_calls"][index]["function"]["arguments"]
        assert fragments[0]["function"]["arguments"] == ""
        assert [f["function"]["arguments"] for f in fragments[1:]] == token_pieces(arguments)
        assert all(set(f) == {"index", "function"} for f in fragments[1:])


def test_argument_pieces_cut_inside_keys_and_strings() -> None:
    chunks, _ = sse_chunks(post(body("weather in San Francisco", stream=True)))
    pieces = [f["function"]["arguments"] for f in fragments_by_index(chunks)[0][1:]]
    assert '{"' in pieces and "city" in pieces, "the key arrives apart from its quotes"
    assert any(p.strip() == "Francisco" for p in pieces), "a string value arrives in pieces"


def test_text_streams_token_by_token() -> None:
    chunks, _ = sse_chunks(post(body("What is the meaning of life?", stream=True)))
    content = post(body("What is the meaning of life?")).json()["choices"][0]["message"]["content"]
    deltas = [c["choices"][0]["delta"].get("content") for c in chunks[1:-2]]
    assert deltas == token_pieces(content) and len(deltas) > 10


@pytest.mark.parametrize(
    ("profile", "rule"),
    [
        ("whole_call", lambda fragments: len(fragments) == 1),
        (
            "repeated_ids",
            lambda fragments: all("id" in f and "name" in f["function"] for f in fragments),
        ),
        ("openai", lambda fragments: all("id" not in f for f in fragments[1:])),
    ],
)
def test_profiles_shape_the_fragments(profile: str, rule: Any) -> None:
    chunks, _ = sse_chunks(post(body(REQUESTS["parallel"], stream=True), profile=profile))
    assert all(rule(fragments) for fragments in fragments_by_index(chunks).values())


def test_multi_entry_and_interleaved_mix_the_calls() -> None:
    chunks, _ = sse_chunks(post(body(REQUESTS["parallel"], stream=True), profile="multi_entry"))
    sizes = [len(c["choices"][0]["delta"].get("tool_calls", [])) for c in chunks[:-1]]
    assert max(sizes) == 3
    chunks, _ = sse_chunks(post(body(REQUESTS["parallel"], stream=True), profile="interleaved"))
    order = [
        f["index"] for c in chunks[:-1] for f in c["choices"][0]["delta"].get("tool_calls", [])
    ]
    assert order[:6] == [0, 1, 2, 0, 1, 2]


def shape(lines: list[str]) -> list[str]:
    """A stream's outline: role, head i, args i (runs collapsed), finish, usage, done."""
    outline: list[str] = []
    for line in lines:
        if line == "data: [DONE]":
            outline.append("done")
            continue
        chunk = json.loads(line[6:])
        if not chunk["choices"]:
            outline.append("usage")
            continue
        delta = chunk["choices"][0]["delta"]
        if "role" in delta:
            outline.append("role")
        for fragment in delta.get("tool_calls", []):
            kind = "head" if "id" in fragment else "args"
            outline.append(f"{kind} {fragment['index']}")
        if chunk["choices"][0]["finish_reason"]:
            outline.append("finish")
    return [step for i, step in enumerate(outline) if i == 0 or step != outline[i - 1]]


def recorded(path: Path) -> list[str]:
    """The events of a recorded stream."""
    return [e for e in path.read_text().split("\n\n") if e]


def test_stream_outline_matches_the_real_recordings() -> None:
    singles = {tuple(shape(recorded(p))) for p in RECORDINGS.glob("chat_single_*.sse")}
    pairs = {tuple(shape(recorded(p))) for p in RECORDINGS.glob("chat_parallel_*.sse")}
    ours_single = tuple(
        shape(post(body(REQUESTS["one call"], stream=True)).text.split("\n\n")[:-1])
    )
    ours_pair = tuple(shape(post(body(REQUESTS["two tools"], stream=True)).text.split("\n\n")[:-1]))
    assert singles == {ours_single}
    assert pairs == {ours_pair}


def test_chunk_fields_match_the_real_recordings() -> None:
    real = json.loads(recorded(RECORDINGS / "chat_parallel_tool_calls_two_tools.sse")[2][6:])
    ours, _ = sse_chunks(post(body(REQUESTS["one call"], stream=True)))
    assert set(ours[2]) == set(real)
    assert set(ours[2]["choices"][0]) == set(real["choices"][0])


def test_ids_are_deterministic_and_well_formed() -> None:
    first = post(body(REQUESTS["parallel"])).json()
    again = post(body(REQUESTS["parallel"])).json()
    other_seed = post(body(REQUESTS["parallel"]), seed=7).json()
    assert first == again
    assert first["id"] != other_seed["id"]
    assert re.fullmatch(r"chatcmpl-[A-Za-z0-9]{29}", first["id"])
    ids = [c["id"] for c in first["choices"][0]["message"]["tool_calls"]]
    assert len(set(ids)) == 3 and all(re.fullmatch(r"call_[A-Za-z0-9]{24}", i) for i in ids)


def test_usage_counts_messages_and_tool_definitions() -> None:
    request = body(REQUESTS["one call"])
    usage = post(request).json()["usage"]
    assert usage["prompt_tokens"] == count_request_tokens(request["messages"], TOOLS)
    fewer = post(body(REQUESTS["one call"]) | {"tools": [WEATHER]}).json()["usage"]
    assert fewer["prompt_tokens"] < usage["prompt_tokens"], "more tools, more prompt tokens"
    assert usage["completion_tokens"] > 0
    assert usage["total_tokens"] == usage["prompt_tokens"] + usage["completion_tokens"]


def test_sdk_stream_helper_accumulates_to_the_same_calls() -> None:
    client = strict_client()
    whole = client.chat.completions.create(**body(REQUESTS["two tools"]))
    request = body(REQUESTS["two tools"])
    del request["stream"]
    with client.chat.completions.stream(**request) as stream:
        final = stream.get_final_completion()
    got = [(c.function.name, c.function.arguments) for c in final.choices[0].message.tool_calls]
    want = [(c.function.name, c.function.arguments) for c in whole.choices[0].message.tool_calls]
    assert got == want


def test_async_client_gets_the_same_chunks() -> None:
    async def collect() -> list[dict[str, Any]]:
        stream = await strict_async_client().chat.completions.create(
            **body(REQUESTS["parallel"], stream=True)
        )
        return [chunk.model_dump(exclude_unset=True) async for chunk in stream]

    chunks, _ = sse_chunks(post(body(REQUESTS["parallel"], stream=True)))
    assert asyncio.run(collect()) == chunks


def test_simulated_latency_delays_the_chunks() -> None:
    latency = Latency(first_token=0.05, per_token=0.01)
    started = time.perf_counter()
    stream = strict_client(latency=latency).chat.completions.create(
        **body(REQUESTS["one call"], stream=True)
    )
    count = sum(1 for _ in stream)
    assert time.perf_counter() - started >= 0.9 * (0.05 + 0.01 * count)


def test_simulated_latency_awaits_between_chunks_in_async_clients() -> None:
    async def timed() -> tuple[float, int]:
        client = strict_async_client(latency=Latency(first_token=0.05, per_token=0.01))
        started = time.perf_counter()
        stream = await client.chat.completions.create(**body(REQUESTS["one call"], stream=True))
        count = len([chunk async for chunk in stream])
        return time.perf_counter() - started, count

    elapsed, count = asyncio.run(timed())
    assert elapsed >= 0.9 * (0.05 + 0.01 * count)
