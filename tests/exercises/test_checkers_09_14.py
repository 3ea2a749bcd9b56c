"""Lessons 09 (cost) and 14 (capstone): each checker rejects the typical wrong answer, naming it."""

from __future__ import annotations

from typing import Any

import pytest

from helpers.exercises import check
from helpers.tokens import tool_definition_tokens

SKIES = {
    "Beijing": "clear",
    "Seoul": "cloudy",
    "Tokyo": "rain",
    "Paris": "sunny",
    "Rome": "sunny",
    "London": "drizzle",
}


def verdict(exercise_id: str, answer: Any) -> str:
    """The line `check` shows; it must be a rejection."""
    result = check(exercise_id, answer)
    assert not result.passed
    return repr(result)


@pytest.mark.parametrize(
    ("answer", "hint"),
    [
        (lambda raw, amount, to: raw, "leave the table of rates"),
        (
            lambda raw, amount, to: {"result": round(amount * raw["conversion_rates"][to], 2)},
            "name both currencies",
        ),
        (
            lambda raw, amount, to: {
                "from": "USD",
                "to": to,
                "result": round(amount * raw["conversion_rates"][to], 2),
            },
            "Take the base from raw['base_code']",
        ),
        (
            lambda raw, amount, to: {
                "from": raw["base_code"],
                "to": to,
                "rate": raw["conversion_rates"][to],
            },
            "Do the arithmetic in the tool",
        ),
        (
            lambda raw, amount, to: {
                "from": raw["base_code"],
                "to": to,
                "result": amount * raw["conversion_rates"][to] + 0.004,
            },
            "round the converted amount to 2 decimals",
        ),
    ],
)
def test_09_1_rejects_raw_unlabelled_and_unrounded_results(answer, hint) -> None:
    assert hint in verdict("09.1", answer)


def tools_of_first_request_only(events: list) -> float:
    first = next(e for e in events if e.type == "request")
    prompt = sum(e.data["usage"]["prompt_tokens"] for e in events if e.type == "decision")
    return tool_definition_tokens(first.data["request"].get("tools")) / prompt


def share_in_percent(events: list) -> float:
    tools = sum(
        tool_definition_tokens(e.data["request"].get("tools"))
        for e in events
        if e.type == "request"
    )
    prompt = sum(e.data["usage"]["prompt_tokens"] for e in events if e.type == "decision")
    return 100 * tools / prompt


@pytest.mark.parametrize(
    ("answer", "hint"),
    [
        (tools_of_first_request_only, "every request carries all of them"),
        (share_in_percent, "a percentage"),
        (lambda events: 0.5, "expected"),
    ],
)
def test_09_2_rejects_counting_once_percentages_and_guesses(answer, hint) -> None:
    assert hint in verdict("09.2", answer)


def packing(city: str, days: int) -> dict:
    """Suggest what to pack for a trip to a city, given how many days the trip lasts.

    Args:
        city: The city in English, e.g. "Tokyo".
        days: How many days the trip lasts, at least 1.
    """
    if city not in SKIES:
        raise ValueError(f"No weather for {city!r}. Cities with data: {', '.join(SKIES)}.")
    if days < 1:
        raise ValueError(f"days must be at least 1, got {days}.")
    rainy = SKIES[city] in ("rain", "drizzle")
    return {"city": city, "days": days, "items": ["clothes"] + (["umbrella"] if rainy else [])}


def undocumented(city: str, days: int) -> dict:
    return packing(city, days)


def vague_errors(city: str, days: int) -> dict:
    """Suggest what to pack for a trip to a city, given how many days the trip lasts.

    Args:
        city: The city in English, e.g. "Tokyo".
        days: How many days the trip lasts, at least 1.
    """
    if city not in SKIES:
        raise ValueError("bad input")
    return packing(city, days)


def days_as_text(city: str, days: str) -> dict:
    """Suggest what to pack for a trip to a city, given how many days the trip lasts.

    Args:
        city: The city in English, e.g. "Tokyo".
        days: How many days the trip lasts, at least 1.
    """
    return packing(city, int(days))


def always_umbrella(city: str, days: int) -> dict:
    """Suggest what to pack for a trip to a city, given how many days the trip lasts.

    Args:
        city: The city in English, e.g. "Tokyo".
        days: How many days the trip lasts, at least 1.
    """
    packing(city, days)
    return {"city": city, "days": days, "items": ["clothes", "umbrella"]}


def test_14_1_accepts_a_described_tool_the_model_chooses() -> None:
    assert check("14.1", packing).passed


@pytest.mark.parametrize(
    ("answer", "hint"),
    [
        (undocumented, "has no description"),
        (vague_errors, "name the cities there are"),
        (always_umbrella, "should not include an umbrella"),
        (days_as_text, "where 'Tokyo' and '3 days' go"),  # days as text: '3 days'
    ],
)
def test_14_1_rejects_what_the_model_cannot_use(answer, hint) -> None:
    assert hint in verdict("14.1", answer)


def first_call_without_checking_for_text(client, model, tools, expected) -> float:
    right = 0
    for question, wanted in expected.items():
        response = client.chat.completions.create(
            model=model, messages=[{"role": "user", "content": question}], tools=tools
        )
        right += response.choices[0].message.tool_calls[0].function.name == wanted
    return right / len(expected)


def with_two_tools_only(client, model, tools, expected) -> float:
    right = 0
    for question, wanted in expected.items():
        message = (
            client.chat.completions.create(
                model=model, messages=[{"role": "user", "content": question}], tools=tools[:2]
            )
            .choices[0]
            .message
        )
        right += (message.tool_calls[0].function.name if message.tool_calls else None) == wanted
    return right / len(expected)


@pytest.mark.parametrize(
    ("answer", "hint"),
    [
        (first_call_without_checking_for_text, "'NoneType' object is not subscriptable"),
        (with_two_tools_only, "send them all"),
        (lambda client, model, tools, expected: 0.8, "ask once per question"),
    ],
)
def test_14_2_rejects_crashes_filtering_and_guessing(answer, hint) -> None:
    assert hint in verdict("14.2", answer)
