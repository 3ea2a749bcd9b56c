"""Quotations that hold apostrophes, codes written with Hangul, and choices said by a synonym."""

from __future__ import annotations

from typing import Any

import pytest
from offline_support import ask, calls_of, tool

from helpers.offline.choices import english_forms
from helpers.offline.entities import read_values
from helpers.offline.glossary import EVERYDAY_SYNONYMS


def values(text: str, kind: str) -> list[Any]:
    """The values of one kind the entity reader finds in a text."""
    return [e.value for e in read_values(text) if e.kind == kind]


# ---------------------------------------------------------------- quotations


@pytest.mark.parametrize(
    ("text", "inside"),
    [
        ("Post 'We're hiring backend engineers' to #jobs", "We're hiring backend engineers"),
        ("Add the note 'grandma's sweater inside' to box 4", "grandma's sweater inside"),
        ('Set the status to "it\'s done"', "it's done"),
        ("Title it ‘Don’t panic’ please", "Don’t panic"),
        ("'We're back at 3'라고 메모해줘", "We're back at 3"),
        ("'I'm outside'이라고 보내줘", "I'm outside"),
        ("엄마한테 '오늘 늦어요'라고 보내", "오늘 늦어요"),
        ("민수에게 「내일 봐」라고 보내", "내일 봐"),
        ("Rename it to “Q3 plan”.", "Q3 plan"),
    ],
)
def test_a_quotation_runs_past_the_apostrophes_inside_it(text: str, inside: str) -> None:
    assert values(text, "quoted") == [inside]


def test_two_quotations_stay_two() -> None:
    assert values("Say 'hi' and then 'bye'", "quoted") == ["hi", "bye"]


def test_apostrophes_outside_quotes_open_nothing() -> None:
    assert values("it's Tom's 'big day' and we're late", "quoted") == ["big day"]
    assert values("the students' books and Tom's bag", "quoted") == []


def test_a_long_paste_of_unmatched_apostrophes_is_read() -> None:
    paste = ("don't 'we it's 'x " * 6000)[:90_000] + " 'the end'"
    assert values(paste, "quoted")[-1:] == ["the end"]


# ---------------------------------------------------------------- codes with Hangul


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("12가3456 차량 조회해줘", "12가3456"),
        ("123허4567 주차 등록", "123허4567"),
        ("Look up plate 34나 5678", "34나 5678"),
        ("2024가합12345 사건 조회", "2024가합12345"),
    ],
)
def test_digits_joined_by_a_hangul_mark_are_one_code(text: str, code: str) -> None:
    assert values(text, "code") == [code]
    assert values(text, "number") == []


def test_a_number_unit_between_digits_is_no_code() -> None:
    assert values("10만5000원 보내줘", "code") == []


def test_two_plates_listed_are_two_codes() -> None:
    assert values("12가3456, 34나5678 조회", "code") == ["12가3456", "34나5678"]


def test_a_plate_fills_the_plate_parameter() -> None:
    lookup = tool(
        "lookup_vehicle",
        "차량 번호로 차량 정보를 조회합니다.",
        {"plate": {"type": "string", "description": "차량 번호"}},
        ["plate"],
    )
    assert calls_of(ask("12가3456 차량 조회해줘", [lookup])) == [
        ("lookup_vehicle", {"plate": "12가3456"})
    ]


# ---------------------------------------------------------------- choices said by a synonym


def test_the_synonym_table_is_read_from_the_choice_side_too() -> None:
    assert EVERYDAY_SYNONYMS["budget"] == EVERYDAY_SYNONYMS["inexpensive"]
    assert EVERYDAY_SYNONYMS["budget"] in english_forms("budget")


def choice_tool(name: str, values_: list[str]) -> dict[str, Any]:
    """A tool of one required enum parameter."""
    return tool(name, f"Run {name.replace('_', ' ')}.", {
        "kind": {"type": "string", "enum": values_, "description": "Which kind"}
    }, ["kind"])  # fmt: skip


@pytest.mark.parametrize(
    ("text", "name", "members", "chosen"),
    [
        ("Run the washer on gentle", "start_washer", ["normal", "delicate", "heavy"], "delicate"),
        ("Pay the wifi bill", "pay_utility", ["electricity", "water", "internet"], "internet"),
        ("Rent me an e-bike", "rent_bike", ["standard", "electric", "tandem"], "electric"),
        ("Find cheap hotels", "search_hotels", ["luxury", "midrange", "budget"], "budget"),
        ("Find fancy hotels", "search_hotels", ["budget", "midrange", "luxury"], "luxury"),
        ("Ship this parcel the quick way", "ship_parcel", ["standard", "express"], "express"),
        ("Rent a small car", "rent_car", ["suv", "van", "compact"], "compact"),
    ],
)
def test_a_choice_said_by_an_everyday_synonym(
    text: str, name: str, members: list[str], chosen: str
) -> None:
    assert calls_of(ask(text, [choice_tool(name, members)])) == [(name, {"kind": chosen})]
