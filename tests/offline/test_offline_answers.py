"""Answers (seed step 7): tool results turned into sentences in the user's language."""

from __future__ import annotations

import json
from typing import Any

import pytest
from decision_support import (
    ATTRACTIONS,
    CONVERT,
    PACKING,
    PARIS_MUSEUMS,
    SUNNY,
    WEATHER_ABOUT,
    WEATHER_RESULT,
    answer_to,
    answer_to_one,
    user,
)
from offline_support import WEATHER, ask, tool, with_results


def test_the_final_answer_is_written_from_the_results() -> None:
    history = user("What's the weather in Beijing?")
    message = ask(history)
    answer = ask(with_results(history, message, [SUNNY]))
    assert answer.tool_calls is None
    assert "Beijing" in answer.content and "sunny" in answer.content and "28" in answer.content


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("What's the weather in Beijing?", "Beijing: sunny, 28 °C."),
        ("베이징 날씨 어때?", "베이징: 맑음, 28도."),
    ],
)
def test_the_answer_is_a_sentence_in_the_users_language(question: str, expected: str) -> None:
    assert answer_to(question, [WEATHER_RESULT]) == expected


def test_the_answer_is_headed_by_the_subject_not_repeated() -> None:
    answer = answer_to("What's the weather in Beijing?", [SUNNY])
    assert answer == "Beijing: sunny, 28 °C."


def test_numbers_keep_their_labels_and_codes_too() -> None:
    result = json.dumps({"amount": 100, "from": "USD", "to": "EUR", "result": 92.59})
    answer = answer_to("Convert 100 USD to EUR", [result], [WEATHER, CONVERT])
    assert answer == "Amount 100, USD → EUR, result 92.59."


def test_a_list_result_is_summarised_by_its_first_items() -> None:
    docs = [{"title": f"Doc {n}", "snippet": f"Text number {n}."} for n in range(1, 6)]
    answer = answer_to("Search the docs for tool_call_id", [json.dumps(docs)])
    assert answer == (
        "tool_call_id: 5 results. Doc 1 — Text number 1. Also: Doc 2, Doc 3 and 2 more."
    )


def test_several_results_make_a_list_of_sentences() -> None:
    tokyo = json.dumps({"city": "Tokyo", "condition": "rain", "temperature": 19, "unit": "celsius"})
    answer = answer_to("도쿄와 베이징 날씨 알려줘", [tokyo, WEATHER_RESULT])
    assert answer == "- 도쿄: 비, 19도.\n- 베이징: 맑음, 28도."


def test_an_error_field_that_is_null_means_success() -> None:
    history = user("What's the weather in Tokyo?")
    message = ask(history)
    answer = ask(with_results(history, message, ['{"error": null, "temp_c": 21}']))
    assert answer.tool_calls is None and "21" in answer.content


def test_a_korean_answer_says_its_field_names_in_korean() -> None:
    answer = answer_to_one("파리에서 갈 만한 박물관 추천해줘", PARIS_MUSEUMS, [ATTRACTIONS])
    assert answer == "파리: 박물관, 장소 Louvre, Musée d'Orsay."


def test_a_korean_answer_leaves_out_a_list_key_it_cannot_say() -> None:
    result = {"city": "Paris", "category": "museum", "sights": ["Louvre", "Musée d'Orsay"]}
    answer = answer_to_one("파리에서 갈 만한 박물관 추천해줘", result, [ATTRACTIONS])
    assert answer == "파리: 박물관, Louvre, Musée d'Orsay."


@pytest.mark.parametrize(
    ("result", "english", "korean"),
    [
        ({"city": "Beijing", "sky": "clear", "temp_c": 28}, "clear, 28 °C", "맑음, 28도"),
        ({"city": "Beijing", "sky": "clear", "temperature_c": 28}, "clear, 28 °C", "맑음, 28도"),
        ({"city": "Beijing", "temp_f": 82}, "82 °F", "82 °F"),
        ({"city": "Beijing", "humidity_pct": 60}, "humidity 60%", "습도 60%"),
        ({"city": "Beijing", "price_usd": 12.5}, "price 12.5 USD", "가격 12.5 USD"),
    ],
)
def test_a_unit_in_a_key_name_joins_its_number(
    result: dict[str, Any], english: str, korean: str
) -> None:
    assert (
        answer_to_one("What's the weather in Beijing?", result, [WEATHER_ABOUT])
        == f"Beijing: {english}."
    )
    assert answer_to_one("베이징 날씨 어때?", result, [WEATHER_ABOUT]) == f"베이징: {korean}."


def test_a_short_list_is_said_in_full() -> None:
    result = {
        "city": "Tokyo",
        "days": 3,
        "items": ["3 sets of clothes", "phone charger", "passport", "umbrella"],
    }
    answer = answer_to_one("What should I pack for 3 days in Tokyo?", result, [PACKING])
    assert answer == "Tokyo: 3 days, items 3 sets of clothes, phone charger, passport, umbrella."


def test_a_long_list_is_summarised() -> None:
    result = {"city": "Tokyo", "days": 3, "items": [f"item {n}" for n in range(12)]}
    answer = answer_to_one("What should I pack for 3 days in Tokyo?", result, [PACKING])
    assert answer.endswith("items item 0, item 1, item 2 and 9 more.")


def test_a_korean_question_names_the_value_as_the_tool_s_author_described_it() -> None:
    """The missing value is named by its Korean description, else its name's words in Korean."""
    vet = tool(
        "book_vet",
        "동물병원 진료를 예약합니다.",
        {"pet_name": {"type": "string", "description": "반려동물 이름"}},
        ["pet_name"],
    )
    question = ask("금요일에 동물병원 예약해줘", [vet]).content
    assert "반려동물 이름(pet_name)" in question and question.endswith("?")
    balance = tool(
        "get_balance",
        "Get the balance of a bank account.",
        {"account": {"type": "string", "description": "Account name, e.g. checking"}},
        ["account"],
    )
    assert "계정(account)" in ask("잔액 얼마야?", [balance]).content
    assert "account" in ask("What's my balance?", [balance]).content


def _one_required(name: str, description: str) -> list[dict[str, Any]]:
    """A tool that needs one string value, described as given."""
    spec: dict[str, Any] = {"type": "string"}
    if description:
        spec["description"] = description
    return [tool("log_visit", "Log a visit.", {name: spec}, [name])]


@pytest.mark.parametrize(
    ("name", "description", "said"),
    [
        ("pet_name", "The pet's name", "반려동물 이름(pet_name)"),
        ("hive_name", "", "이름(hive_name)"),
        ("drone_nickname", "The drone's nickname", "별명(drone_nickname)"),
        ("child", "Child name", "사람(child)"),
        ("recipient", "Who gets it", "받는 사람(recipient)"),
    ],
)
def test_a_korean_question_names_whose_name_it_asks_for(
    name: str, description: str, said: str
) -> None:
    """The name of a thing is asked as that thing's name, never as a title or a recipient; a
    person is "받는 사람" only when the parameter is the one who receives."""
    question = ask("방문 기록해줘", _one_required(name, description)).content
    assert said in question and question.endswith("?")
    assert "제목" not in question
    if name != "recipient":
        assert "받는 사람" not in question


@pytest.mark.parametrize(
    ("name", "spec", "said"),
    [
        ("visit_at", {"type": "string", "description": "방문 일시 YYYY-MM-DDTHH:MM"}, "방문 일시("),
        ("ingredients", {"type": "array", "items": {"type": "string"}}, "재료(ingredients)"),
        ("cities", {"type": "array", "items": {"type": "string"}}, "도시(cities)"),
    ],
)
def test_a_korean_question_says_the_value_not_its_format_or_its_plural(
    name: str, spec: dict[str, Any], said: str
) -> None:
    """A date's format is no name for it; a plural English name is said by its singular."""
    question = ask("기록해줘", [tool("log_visit", "Log a visit.", {name: spec}, [name])]).content
    assert said in question and "YYYY" not in question
