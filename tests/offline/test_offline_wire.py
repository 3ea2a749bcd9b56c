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
    FIXTURES,
    RECORDINGS,
    TOOLS,
    WEATHER,
    strict_async_client,
    strict_client,
    validate_against_spec,
)

from helpers.offline import MODEL_ID, PROFILES, Latency, ModelConfig, sync_transport
from helpers.offline.wire import PROFILES as PROFILE_SHAPES
from helpers.tokens import count_request_tokens, count_tokens, token_pieces

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


# max_tokens / max_completion_tokens: a longer reply is cut, as the real API cuts it (issue 9).


def streamed_reply(response: httpx2.Response) -> tuple[str, str, str | None, dict[str, Any]]:
    """From a raw stream: the text, the first call's arguments, the finish_reason, the usage."""
    chunks, _ = sse_chunks(response)
    text = "".join(c["choices"][0]["delta"].get("content") or "" for c in chunks if c["choices"])
    pieces = fragments_by_index(chunks).get(0, [])
    arguments = "".join(p.get("function", {}).get("arguments", "") for p in pieces)
    finish = [c["choices"][0]["finish_reason"] for c in chunks if c["choices"]][-1]
    return text, arguments, finish, chunks[-1]["usage"]


@pytest.mark.parametrize("field", ["max_tokens", "max_completion_tokens"])
def test_text_longer_than_the_limit_is_cut_with_finish_reason_length(field: str) -> None:
    full = post(body("hello there", tools=None)).json()["choices"][0]["message"]["content"]
    assert len(token_pieces(full)) > 3, "needs a reply longer than the limit"
    reply = post(body("hello there", tools=None, **{field: 3})).json()
    choice = reply["choices"][0]
    assert choice["finish_reason"] == "length"
    assert choice["message"]["content"] == "".join(token_pieces(full)[:3])
    assert reply["usage"]["completion_tokens"] == 3
    validate_against_spec(reply, "CreateChatCompletionResponse")


def test_tool_call_arguments_are_cut_mid_json() -> None:
    full = post(body("What's the weather in Paris?")).json()
    call = full["choices"][0]["message"]["tool_calls"][0]["function"]
    limit = count_tokens(call["name"]) + 2
    reply = post(body("What's the weather in Paris?", max_tokens=limit)).json()
    choice = reply["choices"][0]
    cut = choice["message"]["tool_calls"][0]["function"]
    assert choice["finish_reason"] == "length" and cut["name"] == call["name"]
    assert cut["arguments"] == "".join(token_pieces(call["arguments"])[:2])
    with pytest.raises(ValueError):
        json.loads(cut["arguments"])
    assert reply["usage"]["completion_tokens"] == limit


@pytest.mark.parametrize(("question", "limit"), [("hello there", 4), ("Weather in Tokyo?", 5)])
def test_streamed_and_whole_replies_agree_when_cut(question: str, limit: int) -> None:
    whole = post(body(question, max_tokens=limit)).json()
    streamed = post(body(question, True, max_tokens=limit))
    for chunk in sse_chunks(streamed)[0]:
        validate_against_spec(chunk, "CreateChatCompletionStreamResponse")
    text, arguments, finish, usage = streamed_reply(streamed)
    message = whole["choices"][0]["message"]
    assert text == (message["content"] or "")
    calls = message.get("tool_calls") or [{"function": {"arguments": ""}}]
    assert arguments == calls[0]["function"]["arguments"]
    assert finish == whole["choices"][0]["finish_reason"] == "length"
    assert usage["completion_tokens"] == whole["usage"]["completion_tokens"] == limit


def test_a_reply_within_the_limit_is_untouched() -> None:
    full = post(body("What's the weather in Paris?")).json()
    roomy = post(body("What's the weather in Paris?", max_completion_tokens=10_000)).json()
    for reply in (full, roomy):  # ids depend on the whole request, so they differ
        for call in reply["choices"][0]["message"]["tool_calls"]:
            del call["id"]
    assert roomy["choices"] == full["choices"] and roomy["usage"] == full["usage"]


def test_the_strict_sdk_accepts_a_cut_reply() -> None:
    reply = strict_client().chat.completions.create(
        **body("What's the weather in Paris?", max_tokens=6)
    )
    assert reply.choices[0].finish_reason == "length"
    stream = strict_client().chat.completions.create(
        **body("What's the weather in Paris?", True, max_tokens=6)
    )
    finishes = [c.choices[0].finish_reason for c in stream if c.choices]
    assert finishes[-1] == "length"


# A forced named tool_choice ends with "stop", as recorded gpt-4o streams do (issue 9).

NAMED = {"type": "function", "function": {"name": "get_weather"}}


@pytest.mark.parametrize("stream", [False, True])
def test_a_forced_named_tool_finishes_with_stop_by_default(stream: bool) -> None:
    response = post(body("What's the weather in Paris?", stream, tool_choice=NAMED))
    if stream:
        text, arguments, finish, _ = streamed_reply(response)
        assert json.loads(arguments)
    else:
        choice = response.json()["choices"][0]
        finish = choice["finish_reason"]
        assert choice["message"]["tool_calls"]
    assert finish == "stop"


def test_a_forced_named_tool_can_finish_with_tool_calls() -> None:
    options = {"forced_finish_reason": "tool_calls"}
    reply = post(body("What's the weather in Paris?", tool_choice=NAMED), **options).json()
    assert reply["choices"][0]["finish_reason"] == "tool_calls"


def test_required_and_auto_still_finish_with_tool_calls() -> None:
    for choice in ("required", "auto"):
        reply = post(body("What's the weather in Paris?", tool_choice=choice)).json()
        assert reply["choices"][0]["finish_reason"] == "tool_calls"


def test_the_recorded_gpt_4o_stream_ends_with_stop_too() -> None:
    """The recording this default copies (../shared/fixtures/real-transcripts)."""
    recording = FIXTURES.parent.parent.parent / "shared" / "fixtures" / "real-transcripts"
    path = recording / "openai__chat-stream-forced-named-tool.response.sse"
    if not path.exists():
        pytest.skip("the shared recordings are not in this checkout")
    events = [e for e in path.read_text().split("\n\n") if e.startswith("data: {")]
    finishes = [c["finish_reason"] for e in events for c in json.loads(e[6:])["choices"]]
    assert [f for f in finishes if f] == ["stop"]
