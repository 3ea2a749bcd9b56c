"""Checkers for lesson 05's exercises: streamed fragments (seed 001, buffering by index)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from helpers.exercises import WrongAnswer, checker, expect

Chunk = dict[str, Any]


def chunk(*entries: dict[str, Any], finish_reason: str | None = None) -> Chunk:
    """A chunk dict, as json.loads gives it, with one choice carrying these tool-call entries."""
    delta = {"tool_calls": list(entries)} if entries else {}
    return {"choices": [{"index": 0, "delta": delta, "finish_reason": finish_reason}]}


def head(index: int, call_id: str, name: str, arguments: str = "") -> dict[str, Any]:
    """A call's first fragment: index, id, type, name, and (usually empty) arguments."""
    return {"index": index, "id": call_id, "type": "function",
            "function": {"name": name, "arguments": arguments}}


def piece(index: int, arguments: str) -> dict[str, Any]:
    """A later fragment: only the index and a piece of the arguments."""
    return {"index": index, "function": {"arguments": arguments}}


def repeated(index: int, call_id: str, name: str, arguments: str) -> dict[str, Any]:
    """A fragment from a server that repeats id, type and name every time."""
    return head(index, call_id, name, arguments)


USAGE_CHUNK: Chunk = {"choices": [], "usage": {"prompt_tokens": 80, "completion_tokens": 20}}
WEATHER = {"id": "call_w", "name": "get_weather", "arguments": '{"city": "Paris"}'}
TIME = {"id": "call_t", "name": "get_time", "arguments": '{"city": "Seoul"}'}

# (what the stream looks like, its chunks, the calls expected), from easy to hard
CASES: list[tuple[str, list[Chunk], list[dict[str, str]]]] = [
    (
        "the seed's example, one call split into pieces",
        [chunk(head(0, "call_w", "get_weather"))]
        + [chunk(piece(0, text)) for text in ["{", '"city"', ': "', "Par", 'is"}']]
        + [chunk(finish_reason="tool_calls")],
        [WEATHER],
    ),
    (
        "a stream that ends with the usage chunk (\"choices\": [])",
        [chunk(head(0, "call_w", "get_weather")), chunk(piece(0, '{"city": "Paris"}')),
         chunk(finish_reason="tool_calls"), USAGE_CHUNK],
        [WEATHER],
    ),
    (
        "two calls taking turns (index 0, 1, 0, 1)",
        [chunk(head(0, "call_w", "get_weather")), chunk(head(1, "call_t", "get_time")),
         chunk(piece(0, '{"city": ')), chunk(piece(1, '{"city": ')),
         chunk(piece(0, '"Paris"}')), chunk(piece(1, '"Seoul"}')),
         chunk(finish_reason="tool_calls")],
        [WEATHER, TIME],
    ),
    (
        "several entries in one chunk, index 1 arriving first",
        [chunk(head(1, "call_t", "get_time"), head(0, "call_w", "get_weather")),
         chunk(piece(1, '{"city": "Seoul"}'), piece(0, '{"city": "Paris"}')),
         chunk(finish_reason="tool_calls")],
        [WEATHER, TIME],
    ),
    (
        "a server that repeats id and name on every fragment",
        [chunk(repeated(0, "call_w", "get_weather", text))
         for text in ["", '{"city": ', '"Paris"}']] + [chunk(finish_reason="tool_calls")],
        [WEATHER],
    ),
    (
        "a whole call in one chunk",
        [chunk(head(0, "call_w", "get_weather", '{"city": "Paris"}'), finish_reason="tool_calls")],
        [WEATHER],
    ),
    (
        "a text reply with no tool calls",
        [{"choices": [{"index": 0, "delta": {"content": "Hello!"}, "finish_reason": None}]},
         {"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}],
        [],
    ),
]


def run_case(reassemble: Callable[[list[Chunk]], Any], case: str, chunks: list[Chunk]) -> Any:
    """Call the learner's function on one case; a crash on a known shape becomes a hint."""
    try:
        return reassemble(copy.deepcopy(chunks))
    except (IndexError, KeyError, TypeError, AttributeError) as error:
        raise WrongAnswer(
            f"on {case}, your function raised {type(error).__name__}: {error}. Read each "
            "chunk's choices with a loop (the usage chunk has none) and each fragment's fields "
            "with .get(), since later fragments carry only index and arguments."
        ) from None


def call_hint(case: str, position: int, call: Any, want: dict[str, str]) -> str | None:
    """What is wrong with one returned call, or None."""
    if not isinstance(call, dict) or not all(key in call for key in want):
        return f"on {case}, each call should be a dict with id, name and arguments; got {call!r}."
    if call["name"] != want["name"]:
        if call["name"] and call["name"] == want["name"] * (len(call["name"]) // len(want["name"])):
            return (f"on {case}, call {position} is named {call['name']!r}: the same name sent "
                    "again is a repeat, not a new piece to add.")
        return f"on {case}, call {position} is named {call['name']!r} instead of {want['name']!r}."
    if call["arguments"] != want["arguments"]:
        return (f"on {case}, call {position} ({want['name']}) has arguments "
                f"{call['arguments']!r} instead of {want['arguments']!r}: join the pieces of "
                "each index, and only of that index.")
    if call["id"] != want["id"]:
        return (f"on {case}, call {position} has id {call['id']!r} instead of {want['id']!r}: "
                "keep the first fragment's id; the same id sent again is a repeat.")
    return None


@checker("05.1")
def check_reassemble(reassemble: Callable[[list[Chunk]], list[dict[str, str]]]) -> None:
    """05.1 (seed 001, buffering by index): whole calls from every stream shape."""
    for case, chunks, expected in CASES:
        got = run_case(reassemble, case, chunks)
        expect(isinstance(got, list),
               f"on {case}, return a list of calls, one per index; got {type(got).__name__}.")
        expect(len(got) == len(expected),
               f"on {case}, expected {len(expected)} call(s), got {len(got)}: {got!r}.")
        names = [call.get("name") if isinstance(call, dict) else None for call in got]
        wanted = [want["name"] for want in expected]
        reversed_order = names != wanted and names == wanted[::-1]
        expect(not reversed_order,
               f"on {case}, the calls came back as {names}: return them in index order.")
        for position, (call, want) in enumerate(zip(got, expected, strict=True)):
            hint = call_hint(case, position, call, want)
            expect(hint is None, hint or "")


PREVIEWS: list[tuple[str, dict[str, Any]]] = [
    ("", {}),
    ("{", {}),
    ('{"ci', {}),
    ('{"city": ', {}),
    ('{"city": "Edinb', {"city": "Edinb"}),
    ('{"city": "베이', {"city": "베이"}),
    ('{"city": "Edinburgh", "coun', {"city": "Edinburgh"}),
    ('{"query": "tool_call_id", "top_k": 3', {"query": "tool_call_id", "top_k": 3}),
    ('{"city": "Edinburgh", "country": "GB"}', {"city": "Edinburgh", "country": "GB"}),
]


@checker("05.2")
def check_preview(preview: Callable[[str], dict[str, Any]]) -> None:
    """05.2 (partial JSON): what unfinished arguments already say, {} when nothing yet."""
    for so_far, expected in PREVIEWS:
        try:
            got = preview(so_far)
        except ValueError as error:
            raise WrongAnswer(
                f"preview({so_far!r}) raised ValueError: {error}. While nothing readable has "
                "arrived yet, return {}."
            ) from None
        if expected and got == {}:
            raise WrongAnswer(
                f"preview({so_far!r}) returned {{}}, but a UI could already show {expected!r}. "
                "json.loads cannot read unfinished JSON, and jiter's partial_mode=True drops an "
                "unfinished string: use jiter.from_json(text.encode(), "
                "partial_mode='trailing-strings')."
            )
        expect(got == expected, f"preview({so_far!r}) returned {got!r}, expected {expected!r}.")
