"""A choice named beyond its words: a date's weekday, a number, the other language (choices.py)."""

from __future__ import annotations

import pytest
from offline_support import ask, calls_of, tool

GYM = tool(
    "gym_schedule",
    "Show the classes the gym runs on one day of the week.",
    {"weekday": {"type": "string", "enum": ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]}},
    ["weekday"],
)
CAFETERIA = tool(
    "cafeteria_menu",
    "학교 식당의 요일별 메뉴를 보여줍니다.",
    {"day": {"type": "string", "enum": ["월", "화", "수", "목", "금"], "description": "요일"}},
    ["day"],
)
ELEVATOR = tool(
    "call_elevator",
    "Call the lift to a floor of the building.",
    {"floor": {"type": "string", "enum": ["B1", "1F", "2F", "3F", "4F"]}},
    ["floor"],
)
WARD = tool(
    "ward_visiting_hours",
    "Tell the visiting hours of a hospital department.",
    {"department": {"type": "string", "enum": ["cardiology", "pediatrics", "dermatology"]}},
    ["department"],
)


@pytest.mark.parametrize(
    ("question", "tools", "expected"),
    [
        # a weekday choice is the weekday of the date said (the clock: Thursday 2026-01-01)
        ("What classes are on at the gym tomorrow?", [GYM], {"weekday": "fri"}),
        ("gym classes next Tuesday", [GYM], {"weekday": "tue"}),
        ("오늘 학교 식당 메뉴 뭐야?", [CAFETERIA], {"day": "목"}),
        ("다음 주 월요일 학교 식당 메뉴 알려줘", [CAFETERIA], {"day": "월"}),
        # a numbered choice by its number
        ("Send the lift to floor 3", [ELEVATOR], {"floor": "3F"}),
        # a choice in the other language, through the glossary
        ("소아과 면회 시간 알려줘", [WARD], {"department": "pediatrics"}),
    ],
)
def test_a_choice_named_beyond_its_words(question: str, tools: list, expected: dict) -> None:
    [(_, arguments)] = calls_of(ask(question, tools))
    assert arguments == expected


ROOMS = tool(
    "room_status",
    "Show whether a meeting room is free right now.",
    {"room": {"type": "string", "enum": ["A101", "A102", "B201", "B202"]}},
    ["room"],
)


@pytest.mark.parametrize(
    ("question", "tools", "expected"),
    [
        # choices listed for one parameter make one call each
        ("Is A101 or B202 free right now?", [ROOMS], [{"room": "A101"}, {"room": "B202"}]),
        ("월요일하고 수요일 학교 식당 메뉴 알려줘", [CAFETERIA], [{"day": "월"}, {"day": "수"}]),
        ("gym classes on Monday and Friday", [GYM], [{"weekday": "mon"}, {"weekday": "fri"}]),
        # one choice said, another word near it: one call
        ("Is A101 free right now? It was booked by B team", [ROOMS], [{"room": "A101"}]),
    ],
)
def test_choices_listed_make_one_call_each(question: str, tools: list, expected: list) -> None:
    calls = [arguments for _, arguments in calls_of(ask(question, tools))]
    assert sorted(calls, key=str) == sorted(expected, key=str)


WALLET = tool(
    "card_balance",
    "Show the balance of one of the user's cards.",
    {"card": {"type": "string", "enum": ["credit", "debit", "transit"]}},
    ["card"],
)


def test_choices_named_by_other_words_and_both_make_one_call_each() -> None:
    calls = calls_of(ask("Show the balance of my credit card and my debit card, both", [WALLET]))
    assert sorted(arguments["card"] for _, arguments in calls) == ["credit", "debit"]
    calls = calls_of(ask("Show the balance of my credit card", [WALLET]))
    assert [arguments for _, arguments in calls] == [{"card": "credit"}]
    calls = calls_of(ask("신용카드랑 체크카드 잔액 둘 다 보여줘", [WALLET]))
    assert sorted(arguments["card"] for _, arguments in calls) == ["credit", "debit"]
