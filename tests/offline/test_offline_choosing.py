"""Planning: which tool fits (by meaning, from the descriptions), or a question, or text."""

from __future__ import annotations

import pytest
from decision_support import (
    FORECAST,
    MUSEUM_TEXT,
    PACKING,
    STOCKS,
    TRAVEL,
    WEATHER_ABOUT,
    WEATHER_TEXT,
    first_calls,
    first_moves,
    named,
    user,
)
from offline_support import CITY, CURRENT, DOCS, WEATHER, ask, calls_of, tool, with_results


@pytest.mark.parametrize(
    ("question", "plain", "swapped"),
    [
        ("What's the weather in Paris?", "tool_a", "tool_b"),
        ("Which museums are in Paris?", "tool_b", "tool_a"),
    ],
)
def test_choice_follows_the_descriptions(question: str, plain: str, swapped: str) -> None:
    assert calls_of(ask(question, named(WEATHER_TEXT, MUSEUM_TEXT))) == [(plain, {"city": "Paris"})]
    assert calls_of(ask(question, named(MUSEUM_TEXT, WEATHER_TEXT))) == [
        (swapped, {"city": "Paris"})
    ]


@pytest.mark.parametrize("question", ["hello!", "Thanks a lot", "What is the meaning of life?"])
def test_small_talk_and_general_questions_get_text(question: str) -> None:
    message = ask(question)
    assert message.tool_calls is None and message.content


def test_no_tool_fits_says_so_and_lists_the_tools() -> None:
    content = ask("Who wrote Hamlet?").content
    assert "get_weather" in content and "search_docs" in content


def test_several_entities_give_parallel_calls() -> None:
    calls = calls_of(ask("What's the weather in Tokyo and Paris?"))
    assert calls == [("get_weather", {"city": "Tokyo"}), ("get_weather", {"city": "Paris"})]


def test_two_tools_in_one_request_give_one_call_each() -> None:
    calls = calls_of(ask("weather in Edinburgh? and the price of AAPL?", [WEATHER, STOCKS]))
    assert calls == [
        ("get_weather", {"city": "Edinburgh"}),
        ("get_stock_price", {"ticker": "AAPL"}),
    ]


def test_parallel_tool_calls_false_makes_one_call_per_turn_then_answers() -> None:
    history = user("What's the weather in Tokyo and Paris?")
    first = ask(history, parallel_tool_calls=False)
    assert calls_of(first) == [("get_weather", {"city": "Tokyo"})]
    history = with_results(history, first, ['{"temp_c": 21}'])
    second = ask(history, parallel_tool_calls=False)
    assert calls_of(second) == [("get_weather", {"city": "Paris"})]
    history = with_results(history, second, ['{"temp_c": 17}'])
    answer = ask(history, parallel_tool_calls=False)
    assert answer.tool_calls is None and "21" in answer.content and "17" in answer.content


def test_tool_choice_none_answers_in_text() -> None:
    message = ask("What's the weather in Paris?", tool_choice="none")
    assert message.tool_calls is None and "get_weather" in message.content


def test_tool_choice_required_calls_even_for_small_talk() -> None:
    assert len(ask("hello!", tool_choice="required").tool_calls) == 1


def test_tool_choice_naming_a_function_calls_that_function() -> None:
    choice = {"type": "function", "function": {"name": "search_docs"}}
    calls = calls_of(ask("What's the weather in Paris?", tool_choice=choice))
    assert [name for name, _ in calls] == ["search_docs"]


def test_tool_choice_auto_is_the_default() -> None:
    question = "What's the weather in Paris?"
    assert calls_of(ask(question, tool_choice="auto")) == calls_of(ask(question))


def test_the_seeds_korean_example_calls_weather_and_answers_in_korean() -> None:
    history = user("베이징 날씨 어때?")
    message = ask(history)
    assert calls_of(message) == [("get_weather", {"city": "Beijing"})]
    answer = ask(with_results(history, message, ["맑음, 28도"])).content
    assert answer == "베이징: 맑음, 28도."


def test_korean_parallel_request() -> None:
    calls = calls_of(ask("도쿄와 파리 날씨 알려줘"))
    assert calls == [("get_weather", {"city": "Tokyo"}), ("get_weather", {"city": "Paris"})]


def test_any_tool_with_a_decent_description_works() -> None:
    email = tool(
        "send_email",
        "Send an email message to a recipient.",
        {
            "to": {"type": "string", "description": "Recipient email address"},
            "urgent": {"type": "boolean", "description": "Mark as urgent"},
        },
        ["to"],
    )
    calls = calls_of(ask("Send an urgent email to ada@example.com", [WEATHER, email, DOCS]))
    assert calls == [("send_email", {"to": "ada@example.com", "urgent": True})]


def test_near_identical_tools_are_a_toss_up_decided_by_the_seed() -> None:
    twins = [
        tool(
            "getWeather",
            "Get the weather for a city.",
            WEATHER["function"]["parameters"]["properties"],
            ["city"],
        ),
        tool(
            "getWeatherNow",
            "Get the weather for a city now.",
            WEATHER["function"]["parameters"]["properties"],
            ["city"],
        ),
    ]
    picks = {
        seed: ask("weather in Paris", twins, options={"seed": seed}).tool_calls[0].function.name
        for seed in range(8)
    }
    assert set(picks.values()) == {"getWeather", "getWeatherNow"}
    assert all(
        ask("weather in Paris", twins, options={"seed": s}).tool_calls[0].function.name == p
        for s, p in picks.items()
    )


def test_the_same_request_gets_the_same_reply() -> None:
    question = "Weather in Edinburgh, and search the docs for 'rate limits'"
    assert ask(question).model_dump() == ask(question).model_dump()


@pytest.mark.parametrize(
    "question",
    ["Do I need an umbrella in London?", "Is it raining in London?", "런던에 우산 필요해?"],
)
def test_umbrella_and_rain_mean_weather(question: str) -> None:
    assert calls_of(ask(question)) == [("get_weather", {"city": "London"})]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Weather forecast for Paris this week?", "get_forecast"),
        ("Tomorrow's weather in Paris?", "get_forecast"),
        ("Will it rain in Tokyo tomorrow?", "get_forecast"),
        ("베이징 날씨 어때?", "get_current_weather"),
        ("What's the weather in Paris now?", "get_current_weather"),
    ],
)
def test_forecast_words_pick_the_forecast_tool(question: str, expected: str) -> None:
    assert first_calls(question, [CURRENT, FORECAST]) == {expected}


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "파리에서 갈 만한 박물관 추천해줘",
            [("find_attractions", {"city": "Paris", "category": "museum"})],
        ),
        (
            "Where can I eat in Seoul?",
            [("find_attractions", {"city": "Seoul", "category": "food"})],
        ),
        (
            "서울 날씨랑 시간 알려줘",
            [("get_weather", {"city": "Seoul"}), ("get_local_time", {"city": "Seoul"})],
        ),
    ],
)
def test_travel_requests(question: str, expected: list) -> None:
    assert calls_of(ask(question, TRAVEL)) == expected


def test_an_example_in_a_parameter_description_does_not_decide() -> None:
    lookup = tool(
        "lookup",
        "Looks things up.",
        {"city": {"type": "string", "description": "The city name, e.g. Beijing or 베이징."}},
        ["city"],
    )
    for question in ("베이징 날씨 어때?", "서울 날씨 어때?"):  # the same: a guess (see below)
        assert [c.function.name for c in ask(question, [lookup]).tool_calls] == ["get_weather"]


@pytest.mark.parametrize(
    "question",
    ["베이징 날씨 어때?", "What's the weather in Beijing?", "Weather in Paris this week?"],
)
def test_the_tool_about_the_request_beats_one_that_mentions_it(question: str) -> None:
    assert first_moves(question, [WEATHER_ABOUT, PACKING]) == {"get_weather"}
    assert first_moves("What should I pack for 3 days in Tokyo?", [WEATHER_ABOUT, PACKING]) == {
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
    assert first_moves("베이징 날씨 어때?", tools) == {"get_current_weather"}
    assert first_moves("What's the weather in Beijing?", tools) == {"get_current_weather"}
    assert first_moves("베이징 내일 날씨 어때?", tools) == {forecast_name}


def city_tool(name: str, description: str) -> dict:
    """A tool that takes a city, told apart only by its name and description."""
    return tool(name, description, {"city": {"type": "string"}}, ["city"])


def test_a_description_that_disowns_the_tool_moves_the_choice() -> None:
    tools = [
        city_tool("get_weather", "Deprecated; returns nothing."),
        city_tool("get_time", "Get the local time in a city. Also reports the weather there."),
    ]
    assert calls_of(ask("베이징 날씨 어때?", tools)) == [("get_time", {"city": "Beijing"})]


def test_a_thin_description_is_guessed_past_even_among_fitting_neighbours() -> None:
    tools = [
        city_tool("get_weather", "Get the current weather for a city."),
        city_tool("get_local_time", "Get the local time in a city."),
        city_tool("poi", "POI lookup."),
    ]
    calls = calls_of(ask("Which museums can I visit in Paris?", tools))
    assert calls == [("get_museum", {"city": "Paris"})]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Write a draft to hr@acme.com asking about my payslip, don't send it yet", "draft_email"),
        ("Send hr@acme.com a note asking about my payslip", "send_email"),
    ],
)
def test_a_negated_action_rules_out_the_tool_that_does_it(question: str, expected: str) -> None:
    email = {"to": {"type": "string", "format": "email"}, "body": {"type": "string"}}
    tools = [
        tool("send_email", "Send an email now.", email, ["to", "body"]),
        tool("draft_email", "Save an email as a draft without sending it.", email, ["to", "body"]),
    ]
    assert [name for name, _ in calls_of(ask(question, tools))] == [expected]
