"""Events: a frozen dataclass per type, and their SSE form (seed 001: progress shown in the UI)."""

from __future__ import annotations

import dataclasses
import json
from typing import get_args

import pytest

from helpers.events import (
    EVENT_TYPES,
    AnswerEvent,
    Event,
    MessageEvent,
    ToolDoneEvent,
    ToolStartEvent,
)


def test_sse_is_one_data_line_and_a_blank_line() -> None:
    event = ToolStartEvent(id="call_1", function="get_weather", args={"city": "베이징\n서울"})
    text = event.to_sse()
    assert text.startswith("data: ") and text.endswith("\n\n")
    assert text.count("\n") == 2  # a newline inside the data is escaped, never split
    assert "베이징" in text  # readable, not \\uXXXX
    assert json.loads(text[len("data: "):]) == {"type": "tool_start", "id": "call_1",
                                                 "function": "get_weather",
                                                 "args": {"city": "베이징\n서울"}}


def test_type_comes_first_and_the_fields_follow_in_order() -> None:
    assert AnswerEvent(content="맑음").to_sse() == 'data: {"type": "answer", "content": "맑음"}\n\n'
    done = ToolDoneEvent(id="c", function="f", ok=False, content="{}", error_kind="timeout",
                         seconds=0.5, started=1.0, finished=1.5)
    assert list(json.loads(done.to_sse()[6:])) == [
        "type", "id", "function", "ok", "content", "error_kind", "seconds", "started", "finished"]


def test_the_step_is_in_the_event_but_not_on_the_wire() -> None:
    message = MessageEvent(step=6, message={"role": "tool"}, position=2)
    assert (message.type, message.step) == ("message", 6)
    assert message.data == {"message": {"role": "tool"}, "position": 2}
    assert "step" not in message.to_sse()


def test_a_misspelt_field_is_an_error_and_events_cannot_change() -> None:
    with pytest.raises(TypeError, match="conten"):
        AnswerEvent(conten="맑음")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        AnswerEvent(type="alarm", content="x")  # type: ignore[call-arg]  # the type is fixed
    with pytest.raises(dataclasses.FrozenInstanceError):
        AnswerEvent(content="x").content = "y"  # type: ignore[misc]


def test_event_types_match_the_contract() -> None:
    assert EVENT_TYPES == ("request", "decision", "fragment", "text_delta", "tool_start",
                           "tool_done", "message", "answer", "alarm", "incomplete", "approval")
    assert [kind.type for kind in get_args(Event)] == list(EVENT_TYPES)
