"""Event and its SSE form (seed 001: progress shown in the UI)."""

from __future__ import annotations

import json

import pytest

from helpers.events import EVENT_TYPES, Event


def test_sse_is_one_data_line_and_a_blank_line() -> None:
    event = Event("tool_start", 5, {"id": "call_1", "function": "get_weather",
                                    "args": {"city": "베이징\n서울"}})
    text = event.to_sse()
    assert text.startswith("data: ") and text.endswith("\n\n")
    assert text.count("\n") == 2  # a newline inside the data is escaped, never split
    assert "베이징" in text  # readable, not \\uXXXX
    assert json.loads(text[len("data: "):]) == {"type": "tool_start", "id": "call_1",
                                                 "function": "get_weather",
                                                 "args": {"city": "베이징\n서울"}}


def test_type_comes_first_in_the_payload() -> None:
    assert Event("answer", 7, {"content": "맑음"}).to_sse() == (
        'data: {"type": "answer", "content": "맑음"}\n\n')


def test_unknown_event_types_are_refused_with_the_allowed_ones() -> None:
    with pytest.raises(ValueError, match="Allowed types: request, decision"):
        Event("thinking", 3, {})


def test_event_types_match_the_contract() -> None:
    assert EVENT_TYPES == ("request", "decision", "fragment", "text_delta", "tool_start",
                           "tool_done", "message", "answer", "alarm")
