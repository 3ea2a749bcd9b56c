"""ToolCallAccumulator (seed 001): recorded real streams, each provider shape, and any split."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx2
import openai
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from openai.lib.streaming.chat import ChatCompletionStreamState
from openai.types.chat import ChatCompletionChunk

from helpers.streaming import ToolCallAccumulator

RECORDED = Path(__file__).resolve().parents[1] / "fixtures" / "openai-recorded"
RECORDINGS = sorted(RECORDED.glob("*.sse"))


def replay(body: bytes, piece: int) -> list[ChatCompletionChunk]:
    """The real SDK reads a recorded stream delivered in `piece`-byte network chunks."""
    pieces = [body[i:i + piece] for i in range(0, len(body), piece)]
    transport = httpx2.MockTransport(lambda request: httpx2.Response(
        200, content=iter(pieces), headers={"content-type": "text/event-stream"}))
    client = openai.OpenAI(api_key="test", base_url="http://recorded.test/v1", max_retries=0,
                           http_client=httpx2.Client(transport=transport))
    return list(client.chat.completions.create(model="recorded", messages=[], stream=True))


def through_sdk(chunks: list[dict[str, Any]]) -> list[ChatCompletionChunk]:
    """The chunks as the SDK hands them over after reading them from the wire."""
    body = b"".join(f"data: {json.dumps(c)}\n\n".encode() for c in chunks) + b"data: [DONE]\n\n"
    return replay(body, 4096)


def sdk_result(chunks: list[Any]) -> tuple[list[dict[str, Any]], str | None, str | None]:
    state = ChatCompletionStreamState()
    for chunk in chunks:
        state.handle_chunk(chunk)
    choice = state.get_final_completion().choices[0]
    calls = [{"id": c.id, "type": c.type,
              "function": {"name": c.function.name, "arguments": c.function.arguments}}
             for c in choice.message.tool_calls or []]
    return calls, choice.finish_reason, choice.message.content


def accumulate(chunks: list[Any]) -> ToolCallAccumulator:
    accumulator = ToolCallAccumulator()
    for chunk in chunks:
        accumulator.add(chunk)
    return accumulator


def test_there_are_recordings() -> None:
    assert len(RECORDINGS) >= 7


@pytest.mark.parametrize("path", RECORDINGS, ids=lambda p: p.stem)
@pytest.mark.parametrize("piece", [7, 4096])
def test_recording_reassembles_like_the_sdk(path: Path, piece: int) -> None:
    chunks = replay(path.read_bytes(), piece)
    calls, finish_reason, content = sdk_result(chunks)
    accumulator = accumulate(chunks)
    assert calls  # every recording holds at least one tool call
    assert accumulator.tool_calls == calls
    assert accumulator.finish_reason == finish_reason == "tool_calls"
    assert (accumulator.content or None) == content
    assert accumulator.usage is not None and accumulator.usage["total_tokens"] > 0
    for index, call in enumerate(calls):
        assert accumulator.partial_arguments(index) == json.loads(call["function"]["arguments"])


@pytest.mark.parametrize("path", RECORDINGS, ids=lambda p: p.stem)
def test_recording_as_plain_dicts_gives_the_same_calls(path: Path) -> None:
    lines = path.read_text().splitlines()
    dicts = [json.loads(line[6:]) for line in lines
             if line.startswith("data: ") and line != "data: [DONE]"]
    from_dicts = accumulate(dicts)
    from_sdk = accumulate(replay(path.read_bytes(), 4096))
    assert from_dicts.tool_calls == from_sdk.tool_calls
    assert from_dicts.usage == from_sdk.usage


def test_recorded_parallel_calls_are_the_ones_the_sdk_test_expects() -> None:
    """The expectation written in chat_parallel_tool_calls_two_tools.sse.source.txt."""
    chunks = replay((RECORDED / "chat_parallel_tool_calls_two_tools.sse").read_bytes(), 64)
    calls = accumulate(chunks).tool_calls
    assert [(c["id"], c["function"]["name"]) for c in calls] == [
        ("call_JMW1whyEaYG438VE1OIflxA2", "GetWeatherArgs"),
        ("call_DNYTawLBoN8fj3KN6qU9N1Ou", "get_stock_price"),
    ]
    assert json.loads(calls[0]["function"]["arguments"]) == {
        "city": "Edinburgh", "country": "GB", "units": "c"}
    assert json.loads(calls[1]["function"]["arguments"]) == {
        "ticker": "AAPL", "exchange": "NASDAQ"}


# ---- provider shapes (../shared/notes/openai-wire.md) ----

def chunk(*entries: dict[str, Any], content: str | None = None,
          finish: str | None = None) -> dict[str, Any]:
    delta: dict[str, Any] = {}
    if content is not None:
        delta["content"] = content
    if entries:
        delta["tool_calls"] = list(entries)
    return {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}


def entry(index: int | None, arguments: str = "", **fields: Any) -> dict[str, Any]:
    """A tool-call fragment; fields may hold id, type and name."""
    function = {"arguments": arguments}
    if "name" in fields:
        function["name"] = fields.pop("name")
    result = {**fields, "function": function}
    if index is not None:
        result["index"] = index
    return result


WEATHER = {"id": "call_a", "type": "function",
           "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'}}
TIME = {"id": "call_b", "type": "function",
        "function": {"name": "get_time", "arguments": '{"city": "Seoul"}'}}
USAGE = {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m",
         "choices": [], "usage": {"prompt_tokens": 7, "completion_tokens": 3, "total_tokens": 10}}

SHAPES = {
    "one after another, usage chunk last": [
        chunk(entry(0, "", id="call_a", type="function", name="get_weather")),
        chunk(entry(0, '{"ci')), chunk(entry(0, 'ty": "Par')), chunk(entry(0, 'is"}')),
        chunk(entry(1, "", id="call_b", type="function", name="get_time")),
        chunk(entry(1, '{"city": "Seoul"}')),
        chunk(finish="tool_calls"), USAGE,
    ],
    "several entries in one chunk": [
        chunk(entry(0, '{"city": ', id="call_a", type="function", name="get_weather"),
              entry(1, '{"city": ', id="call_b", type="function", name="get_time")),
        chunk(entry(0, '"Paris"}'), entry(1, '"Seoul"}'), finish="tool_calls"),
    ],
    "interleaved 0,1,0,1": [
        chunk(entry(0, "", id="call_a", type="function", name="get_weather")),
        chunk(entry(1, "", id="call_b", type="function", name="get_time")),
        chunk(entry(0, '{"city": "Pa')), chunk(entry(1, '{"city": "Se')),
        chunk(entry(0, 'ris"}')), chunk(entry(1, 'oul"}')), chunk(finish="tool_calls"),
    ],
    "index 1 before index 0": [
        chunk(entry(1, '{"city": "Seoul"}', id="call_b", type="function", name="get_time")),
        chunk(entry(0, '{"city": "Paris"}', id="call_a", type="function", name="get_weather")),
        chunk(finish="tool_calls"),
    ],
    "id and name repeated on every fragment": [
        chunk(entry(0, '{"city"', id="call_a", type="function", name="get_weather")),
        chunk(entry(0, ': "Paris"}', id="call_a", type="function", name="get_weather")),
        chunk(entry(1, '{"city": ', id="call_b", type="function", name="get_time")),
        chunk(entry(1, '"Seoul"}', id="call_b", type="function", name="get_time")),
        chunk(finish="tool_calls"),
    ],
    "whole call in one chunk, with finish_reason": [
        chunk(entry(0, '{"city": "Paris"}', id="call_a", type="function", name="get_weather"),
              entry(1, '{"city": "Seoul"}', id="call_b", type="function", name="get_time"),
              finish="tool_calls"),
    ],
    "missing type": [
        chunk(entry(0, '{"city": "Paris"}', id="call_a", name="get_weather")),
        chunk(entry(1, '{"city": "Seoul"}', id="call_b", name="get_time")),
        chunk(finish="tool_calls"),
    ],
    "name in pieces": [
        chunk(entry(0, "", id="call_a", type="function", name="get_")),
        chunk(entry(0, '{"city": "Paris"}', name="weather")),
        chunk(entry(1, '{"city": "Seoul"}', id="call_b", name="get_time")),
        chunk(finish="tool_calls"),
    ],
    "no index at all (each call whole, with its id)": [
        chunk(entry(None, '{"city": "Paris"}', id="call_a", type="function", name="get_weather")),
        chunk(entry(None, '{"city": "Seoul"}', id="call_b", type="function", name="get_time")),
        chunk(finish="tool_calls"),
    ],
}


@pytest.mark.parametrize("shape", SHAPES, ids=list(SHAPES))
@pytest.mark.parametrize("as_sdk_objects", [False, True], ids=["dicts", "sdk"])
def test_provider_shape_reassembles(shape: str, as_sdk_objects: bool) -> None:
    chunks = SHAPES[shape]
    if as_sdk_objects:
        chunks = through_sdk(chunks)
    accumulator = accumulate(chunks)
    assert accumulator.tool_calls == [WEATHER, TIME]
    assert accumulator.finish_reason == "tool_calls"


def test_usage_chunk_has_no_choices_and_is_kept() -> None:
    accumulator = accumulate(SHAPES["one after another, usage chunk last"])
    assert accumulator.usage == USAGE["usage"]


def test_text_and_tool_calls_in_one_response() -> None:
    chunks = [chunk(content="Let me "), chunk(content="check."),
              chunk(entry(0, '{"city": "Paris"}', id="call_a", type="function",
                          name="get_weather")),
              chunk(finish="tool_calls")]
    accumulator = ToolCallAccumulator()
    texts = [accumulator.add(c).text for c in chunks]
    assert texts == ["Let me ", "check.", "", ""]
    assert accumulator.message() == {"role": "assistant", "content": "Let me check.",
                                     "tool_calls": [WEATHER]}


def test_a_plain_answer_has_no_tool_calls_in_its_message() -> None:
    accumulator = accumulate([chunk(content="맑음"), chunk(content=", 28도", finish="stop")])
    assert accumulator.message() == {"role": "assistant", "content": "맑음, 28도"}
    assert accumulator.finish_reason == "stop"
    assert not accumulator.has_tool_calls


def test_fragments_report_each_piece_and_the_arguments_so_far() -> None:
    accumulator = ToolCallAccumulator()
    fragments = [f for c in SHAPES["interleaved 0,1,0,1"] for f in accumulator.add(c).fragments]
    assert [(f.index, f.arguments_delta) for f in fragments] == [
        (0, ""), (1, ""), (0, '{"city": "Pa'), (1, '{"city": "Se'), (0, 'ris"}'), (1, 'oul"}')]
    assert fragments[4].arguments == '{"city": "Paris"}'
    assert fragments[4].name == "get_weather" and fragments[5].id == "call_b"


def test_partial_arguments_while_streaming() -> None:
    accumulator = ToolCallAccumulator()
    accumulator.add(chunk(entry(0, '{"city": "Edinb', id="call_a", name="get_weather")))
    assert accumulator.partial_arguments(0) == {"city": "Edinb"}
    accumulator.add(chunk(entry(0, 'urgh", "unit": ')))
    assert accumulator.partial_arguments(0) == {"city": "Edinburgh"}
    assert accumulator.partial_arguments(5) == {}


def test_partial_arguments_of_broken_json_are_empty_not_an_error() -> None:
    accumulator = accumulate([chunk(entry(0, '{"city": }}', id="call_a", name="f"))])
    assert accumulator.partial_arguments(0) == {}


def test_other_choices_are_kept_apart() -> None:
    second = chunk(entry(0, '{"city": "Oslo"}', id="call_z", name="get_weather"))
    second["choices"][0]["index"] = 1
    chunks = [second, *SHAPES["missing type"]]
    assert accumulate(chunks).tool_calls == [WEATHER, TIME]
    other = ToolCallAccumulator(choice=1)
    for c in chunks:
        other.add(c)
    assert [c["id"] for c in other.tool_calls] == ["call_z"]


# ---- property: any split of any valid calls in any shape ----

names = st.from_regex(r"[a-z][a-z0-9_]{0,15}", fullmatch=True)
values = st.one_of(st.integers(-1000, 1000), st.booleans(), st.none(), st.text(max_size=12),
                   st.floats(allow_nan=False, allow_infinity=False, width=32))
arguments = st.dictionaries(st.text(min_size=1, max_size=8), values, max_size=4).map(
    lambda d: json.dumps(d, ensure_ascii=False))


def split(draw: st.DrawFn, text: str) -> list[str]:
    """Cut text at any positions (pieces may be empty, as on the wire)."""
    cuts = sorted(draw(st.lists(st.integers(0, len(text)), max_size=6)))
    bounds = [0, *cuts, len(text)]
    return [text[a:b] for a, b in zip(bounds, bounds[1:], strict=False)]


@st.composite
def streams(draw: st.DrawFn) -> tuple[list[dict[str, Any]], list[dict[str, Any]], str]:
    """A set of calls, then the chunks of one stream that carries them in some shape."""
    count = draw(st.integers(1, 4))
    calls = [{"id": f"call_{i}_{draw(st.from_regex(r'[A-Za-z0-9]{4}', fullmatch=True))}",
              "type": "function",
              "function": {"name": draw(names), "arguments": draw(arguments)}}
             for i in range(count)]
    shape = draw(st.sampled_from(["first fragment", "repeat everywhere", "name in pieces",
                                  "no type", "whole"]))
    per_call = []
    for index, call in enumerate(calls):
        name, args = call["function"]["name"], call["function"]["arguments"]
        pieces = [args] if shape == "whole" else split(draw, args)
        fragments = [entry(index, piece) for piece in pieces]
        head = fragments[0]
        head.update(id=call["id"], type="function")
        head["function"]["name"] = name
        if shape == "repeat everywhere":
            for fragment in fragments:
                fragment.update(id=call["id"], type="function")
                fragment["function"]["name"] = name
        if shape == "no type":
            for fragment in fragments:
                fragment.pop("type", None)
        if shape == "name in pieces":
            name_pieces = [p for p in split(draw, name) if p]
            so_far = ""
            for piece in name_pieces:  # a piece equal to all before it would read as a repeat
                assume(piece != so_far)
                so_far += piece
            fragments += [entry(index) for _ in range(len(name_pieces) - len(fragments))]
            for fragment, piece in zip(fragments, name_pieces, strict=False):
                fragment["function"]["name"] = piece
            for fragment in fragments[len(name_pieces):]:
                fragment["function"].pop("name", None)
        per_call.append(fragments)
    order = []  # any interleaving that keeps each call's own order; any index may come first
    queues = [list(f) for f in per_call]
    while any(queues):
        open_calls = [i for i, q in enumerate(queues) if q]
        order.append(queues[draw(st.sampled_from(open_calls))].pop(0))
    sizes = draw(st.lists(st.integers(1, 3), min_size=len(order), max_size=len(order)))
    text = draw(st.text(max_size=10))
    chunks = [chunk(content=piece) for piece in split(draw, text) if piece]
    position = 0
    for size in sizes:  # several entries in one chunk
        if position < len(order):
            chunks.append(chunk(*order[position:position + size]))
            position += size
    chunks.append(chunk(finish="tool_calls"))
    if draw(st.booleans()):
        chunks.append(USAGE)
    return calls, chunks, text


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(streams(), st.booleans())
def test_any_split_in_any_shape_reassembles_exactly(
    stream: tuple[list[dict[str, Any]], list[dict[str, Any]], str], as_sdk_objects: bool
) -> None:
    calls, chunks, text = stream
    if as_sdk_objects:
        chunks = through_sdk(chunks)
    accumulator = accumulate(chunks)
    assert accumulator.tool_calls == calls
    assert accumulator.content == text
    assert accumulator.finish_reason == "tool_calls"
    for index, call in enumerate(calls):
        assert accumulator.partial_arguments(index) == json.loads(call["function"]["arguments"])
