"""Choosing the tool by meaning: the general ideas a real model uses to pick (or not pick) a tool.

Each test states one idea in domains the classroom set does not use, in English and Korean.
"""

from __future__ import annotations

from typing import Any

import pytest
from offline_support import ask, tool


def string(description: str) -> dict[str, str]:
    """A string parameter."""
    return {"type": "string", "description": description}


def tool_names(text: str, tools: list[dict[str, Any]]) -> list[str]:
    """The names of the tools the model calls for one user message ([] for a text reply)."""
    return [call.function.name for call in ask(text, tools).tool_calls or []]


SUBWAY = [
    tool(
        "get_line_congestion",
        "지하철 노선의 현재 혼잡도를 알려줍니다.",
        {"line": string("노선")},
        ["line"],
    ),
    tool(
        "get_timetable",
        "역의 열차 시간표를 조회합니다.",
        {"station": string("역 이름")},
        ["station"],
    ),
]
GARAGE = [
    tool("get_free_spaces", "Live count of free parking spaces in the garage.", {}, []),
    tool(
        "pay_parking",
        "Pay the parking fee for a car.",
        {"plate": string("licence plate")},
        ["plate"],
    ),
]


@pytest.mark.parametrize(
    ("text", "tools", "expected"),
    [
        ("지금 2호선 사람 많아?", SUBWAY, "get_line_congestion"),
        ("Are there many cars in the garage right now?", GARAGE, "get_free_spaces"),
        ("지금 주차장에 차 많아?", GARAGE, "get_free_spaces"),
    ],
)
def test_a_question_about_right_now_asks_a_live_tool(
    text: str, tools: list[dict[str, Any]], expected: str
) -> None:
    """How a place stands at this moment is live data no model knows: the tool that reports it
    answers, though the question names things (people, cars) the tool's words do not."""
    assert tool_names(text, tools) == [expected]


@pytest.mark.parametrize(
    ("text", "tools"),
    [
        ("Why do cars need oil changes?", GARAGE),
        ("지하철에서 멀미가 나는 이유가 뭐야?", SUBWAY),
        ("What causes the squeak when a car brakes in a parking garage?", GARAGE),
        ("지하철 연착의 원인은 뭐야?", SUBWAY),
    ],
)
def test_a_timeless_question_about_the_world_gets_text(
    text: str, tools: list[dict[str, Any]]
) -> None:
    """Knowledge that holds at any time is not live data, and asking for a reason or a cause
    ("what causes", "이유가 뭐야") asks for knowledge as "why" does: no tool is called."""
    assert tool_names(text, tools) == []
