"""The notebook authors' last open feedback items on the offline model (round 3)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from offline_support import CITY, CURRENT, ask, tool, with_results

PARIS_MUSEUMS = {"city": "Paris", "category": "museum", "places": ["Louvre", "Musée d'Orsay"]}
ATTRACTIONS = tool(
    "find_attractions",
    "Find places to visit in a city: museums, parks or places to eat.",
    {"city": {"type": "string"}, "category": {"type": "string", "enum": ["museum", "park"]}},
    ["city"],
)
PACKING = tool(
    "packing_list",
    "Suggest what to pack for a trip to a city, from the weather there and the trip's length.",
    {"city": {"type": "string"}, "days": {"type": "integer"}},
    ["city", "days"],
)


def answer_to(question: str, result: dict[str, Any], tools: list[dict[str, Any]]) -> str:
    """The final answer after the model's one call for `question` got `result`."""
    history = [{"role": "user", "content": question}]
    message = ask(history, tools)
    assert message.tool_calls, message.content
    content = json.dumps(result, ensure_ascii=False)
    return ask(with_results(history, message, [content] * len(message.tool_calls)), tools).content


def test_a_korean_answer_says_its_field_names_in_korean() -> None:
    answer = answer_to("파리에서 갈 만한 박물관 추천해줘", PARIS_MUSEUMS, [ATTRACTIONS])
    assert answer == "파리: 박물관, 장소 Louvre, Musée d'Orsay."


def test_a_korean_answer_leaves_out_a_list_key_it_cannot_say() -> None:
    result = {"city": "Paris", "category": "museum", "sights": ["Louvre", "Musée d'Orsay"]}
    answer = answer_to("파리에서 갈 만한 박물관 추천해줘", result, [ATTRACTIONS])
    assert answer == "파리: 박물관, Louvre, Musée d'Orsay."


WEATHER = tool(
    "get_weather",
    "Get the current weather (condition and temperature) for a city.",
    {"city": {"type": "string"}},
    ["city"],
)


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
    assert answer_to("What's the weather in Beijing?", result, [WEATHER]) == f"Beijing: {english}."
    assert answer_to("베이징 날씨 어때?", result, [WEATHER]) == f"베이징: {korean}."


def test_a_short_list_is_said_in_full() -> None:
    result = {
        "city": "Tokyo",
        "days": 3,
        "items": ["3 sets of clothes", "phone charger", "passport", "umbrella"],
    }
    answer = answer_to("What should I pack for 3 days in Tokyo?", result, [PACKING])
    assert answer == "Tokyo: 3 days, items 3 sets of clothes, phone charger, passport, umbrella."


def test_a_long_list_is_summarised() -> None:
    result = {"city": "Tokyo", "days": 3, "items": [f"item {n}" for n in range(12)]}
    answer = answer_to("What should I pack for 3 days in Tokyo?", result, [PACKING])
    assert answer.endswith("items item 0, item 1, item 2 and 9 more.")


def first_calls(question: str, tools: list[dict[str, Any]], seeds: range = range(6)) -> set:
    """The tool names the model calls first for `question` over several seeds (None: no call)."""
    replies = [ask(question, tools, options={"seed": seed}) for seed in seeds]
    return {reply.tool_calls[0].function.name if reply.tool_calls else None for reply in replies}


@pytest.mark.parametrize(
    "question",
    ["베이징 날씨 어때?", "What's the weather in Beijing?", "Weather in Paris this week?"],
)
def test_the_tool_about_the_request_beats_one_that_mentions_it(question: str) -> None:
    assert first_calls(question, [WEATHER, PACKING]) == {"get_weather"}
    assert first_calls("What should I pack for 3 days in Tokyo?", [WEATHER, PACKING]) == {
        "packing_list"
    }




@pytest.mark.parametrize("forecast_name", ["get_forecast", "weather_forecast"])
def test_a_question_with_no_time_word_asks_for_now(forecast_name: str) -> None:
    forecast = tool(
        forecast_name,
        "Get the weather forecast for the next 3 days in a city, one entry per day.",
        CITY,
        ["city"],
    )
    tools = [CURRENT, forecast]
    assert first_calls("베이징 날씨 어때?", tools) == {"get_current_weather"}
    assert first_calls("What's the weather in Beijing?", tools) == {"get_current_weather"}
    assert first_calls("베이징 내일 날씨 어때?", tools) == {forecast_name}


WEATHER_WITH_UNIT = tool(
    "get_weather",
    "Get the current weather (condition and temperature) for a city.",
    {
        "city": {"type": "string"},
        "unit": {"type": "string", "enum": ["celsius", "fahrenheit"], "default": "celsius"},
    },
    ["city"],
)
SUNNY = {"city": "Beijing", "condition": "sunny", "temperature": 28, "unit": "celsius"}


@pytest.mark.parametrize(
    ("scripted", "calls_again"),
    [({"city": "Beijing"}, False), ({"city": "Tokyo"}, True)],
)
def test_a_scripted_call_that_leaves_out_a_default_is_not_made_again(
    scripted: dict[str, Any], calls_again: bool
) -> None:
    script = (
        {
            "content": "베이징 날씨를 확인해 볼게요.",
            "calls": [{"name": "get_weather", "arguments": scripted}],
        },
    )
    history = [{"role": "user", "content": "베이징 날씨 어때?"}]
    options = {"script": script}
    first = ask(history, [WEATHER_WITH_UNIT], options=options)
    history = with_results(history, first, [json.dumps(SUNNY)])
    second = ask(history, [WEATHER_WITH_UNIT], options=options)
    assert bool(second.tool_calls) is calls_again
    if not calls_again:
        assert second.content == "베이징: 맑음, 28도."
