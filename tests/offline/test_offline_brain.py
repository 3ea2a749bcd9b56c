"""The model's behaviour: choosing from descriptions, arguments, results and errors."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest
from offline_support import DOCS, TOOLS, WEATHER, ask, calls_of, tool, with_results

SUNNY = json.dumps({"city": "Beijing", "condition": "sunny", "temp_c": 28})
UNKNOWN_TOOL = json.dumps(
    {"error": "Unknown tool 'weather_lookup'. Available tools: get_weather, search_docs."}
)
STOCKS = tool(
    "get_stock_price",
    "Get the latest stock price for a ticker symbol.",
    {"ticker": {"type": "string", "description": "Ticker symbol, e.g. AAPL"}},
    ["ticker"],
)


def user(text: str) -> list[dict[str, Any]]:
    """A conversation of one user message."""
    return [{"role": "user", "content": text}]


def named(description_a: str, description_b: str) -> list[dict[str, Any]]:
    """Two tools with neutral names and the same parameters: only the descriptions differ."""
    city = {"city": {"type": "string", "description": "A city name"}}
    return [
        tool("tool_a", description_a, city, ["city"]),
        tool("tool_b", description_b, city, ["city"]),
    ]


WEATHER_TEXT = "Get the current weather (temperature, rain) for a city."
MUSEUM_TEXT = "List the museums and galleries worth visiting in a city."


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


def test_a_missing_required_argument_gets_a_clarifying_question() -> None:
    message = ask("What's the weather like?")
    assert message.tool_calls is None
    assert message.content.endswith("?") and "city" in message.content


def test_the_answer_to_a_clarifying_question_completes_the_request() -> None:
    history = user("What's the weather like?")
    question = ask(history)
    history += [{"role": "assistant", "content": question.content}, *user("Paris, please")]
    assert calls_of(ask(history)) == [("get_weather", {"city": "Paris"})]


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


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("weather in Oslo in fahrenheit", {"city": "Oslo", "unit": "fahrenheit"}),
        ("search the docs for streaming, top 3 results", {"query": "streaming", "top_k": 3}),
        ("search the docs for 'tool_choice'", {"query": "tool_choice"}),
    ],
)
def test_arguments_come_from_the_schema_and_validate(question: str, expected: dict) -> None:
    [(name, arguments)] = calls_of(ask(question))
    assert arguments == expected
    schema = next(t for t in TOOLS if t["function"]["name"] == name)["function"]["parameters"]
    jsonschema.validate(arguments, schema)


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


def test_the_final_answer_is_written_from_the_results() -> None:
    history = user("What's the weather in Beijing?")
    message = ask(history)
    answer = ask(with_results(history, message, [SUNNY]))
    assert answer.tool_calls is None
    assert "Beijing" in answer.content and "sunny" in answer.content and "28" in answer.content


def test_an_informative_error_makes_the_model_correct_itself() -> None:
    history = user("What's the weather in Tokyo?")
    wrong = ask(history, options={"faults": ("invented_tool_name",)})
    assert calls_of(wrong) == [("weather_lookup", {"city": "Tokyo"})]
    fixed = ask(
        with_results(history, wrong, [UNKNOWN_TOOL]), options={"faults": ("invented_tool_name",)}
    )
    assert calls_of(fixed) == [("get_weather", {"city": "Tokyo"})]


@pytest.mark.parametrize("vague", ["error", "", json.dumps({"error": "failed"})])
def test_a_vague_error_makes_the_model_repeat_the_same_call(vague: str) -> None:
    options = {"faults": ("invented_tool_name",)}
    history = user("What's the weather in Tokyo?")
    wrong = ask(history, options=options)
    for _ in range(3):
        history = with_results(history, wrong, [vague])
        again = ask(history, options=options)
        assert [(c.function.name, c.function.arguments) for c in again.tool_calls] == [
            (c.function.name, c.function.arguments) for c in wrong.tool_calls
        ]
        wrong = again


def test_an_informative_error_about_a_correct_call_is_reported_not_retried() -> None:
    history = user("What's the weather in Atlantis?")
    message = ask(history)
    error = json.dumps({"error": "No city called 'Atlantis'. Available cities: Paris, Tokyo."})
    answer = ask(with_results(history, message, [error]))
    assert answer.tool_calls is None and "Atlantis" in answer.content


FAULT_CHECKS = {
    "invented_tool_name": lambda name, args: name not in {"get_weather", "search_docs"},
    "invalid_json": lambda name, args: isinstance(args, str),
    "wrong_type": lambda name, args: not isinstance(args["city"], str),
    "missing_required": lambda name, args: "city" not in args,
}
FAULT_ERRORS = {
    "invented_tool_name": UNKNOWN_TOOL,
    "invalid_json": json.dumps(
        {"error": "Arguments are not valid JSON: Expecting ',' delimiter. Send a JSON object."}
    ),
    "wrong_type": json.dumps(
        {"error": "Invalid arguments for get_weather: ['Tokyo'] is not of type 'string'"}
    ),
    "missing_required": json.dumps(
        {"error": "Invalid arguments for get_weather: 'city' is a required property"}
    ),
}


@pytest.mark.parametrize("fault", FAULT_CHECKS)
def test_each_scripted_fault_is_made_then_corrected(fault: str) -> None:
    options = {"faults": (fault,)}
    history = user("What's the weather in Tokyo?")
    wrong = ask(history, options=options)
    [(name, arguments)] = calls_of(wrong)
    assert FAULT_CHECKS[fault](name, arguments)
    fixed = ask(with_results(history, wrong, [FAULT_ERRORS[fault]]), options=options)
    assert calls_of(fixed) == [("get_weather", {"city": "Tokyo"})]


def test_the_same_mistake_n_times() -> None:
    options = {"faults": ("invented_tool_name",), "fault_count": 3}
    history = user("What's the weather in Tokyo?")
    names = []
    for _ in range(4):
        message = ask(history, options=options)
        names.append(message.tool_calls[0].function.name)
        history = with_results(history, message, [UNKNOWN_TOOL])
    assert names == ["weather_lookup"] * 3 + ["get_weather"]


@pytest.mark.parametrize(
    "system",
    ["Only call tools from the provided list.", "주어진 도구 목록에서만 고를 것."],
)
def test_a_restricting_system_prompt_suppresses_invented_names(system: str) -> None:
    history = [{"role": "system", "content": system}, *user("What's the weather in Tokyo?")]
    message = ask(history, options={"faults": ("invented_tool_name",)})
    assert calls_of(message) == [("get_weather", {"city": "Tokyo"})]


def test_script_mode_pins_replies_in_order_then_the_model_takes_over() -> None:
    script = ([{"name": "search_docs", "arguments": {"query": "pinned"}}], "Pinned answer.")
    options = {"script": script}
    history = user("What's the weather in Tokyo?")
    first = ask(history, options=options)
    assert calls_of(first) == [("search_docs", {"query": "pinned"})]
    history = with_results(history, first, ["[]"])
    assert ask(history, options=options).content == "Pinned answer."
    history += [{"role": "assistant", "content": "Pinned answer."}, *user("weather in Oslo?")]
    assert calls_of(ask(history, options=options)) == [("get_weather", {"city": "Oslo"})]


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


CURRENCIES = ["USD", "EUR", "KRW", "JPY"]
CONVERT = tool(
    "convert_currency",
    "Convert an amount of money from one currency to another.",
    {
        "amount": {"type": "number", "description": "The amount of money to convert."},
        "from_currency": {"type": "string", "enum": CURRENCIES, "description": "From"},
        "to_currency": {"type": "string", "enum": CURRENCIES, "description": "To"},
    },
    ["amount", "from_currency", "to_currency"],
)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Convert 100 USD to EUR", (100, "USD", "EUR")),
        ("How much is 50 euros in yen?", (50, "EUR", "JPY")),
        ("100달러를 원화로 바꿔줘", (100, "USD", "KRW")),
    ],
)
def test_enum_values_are_used_once_in_the_order_said(question: str, expected: tuple) -> None:
    [(name, arguments)] = calls_of(ask(question, [WEATHER, CONVERT]))
    assert name == "convert_currency"
    assert (arguments["amount"], arguments["from_currency"], arguments["to_currency"]) == expected


def test_identifiers_stay_whole_in_a_query() -> None:
    calls = calls_of(ask("Search the docs for tool_call_id"))
    assert calls == [("search_docs", {"query": "tool_call_id"})]


def answer_to(question: str, results: list[str], tools: list[dict] | None = TOOLS) -> str:
    """The final answer after the model's calls for `question` got `results`."""
    history = user(question)
    message = ask(history, tools)
    return ask(with_results(history, message, results), tools).content


WEATHER_RESULT = json.dumps(
    {"city": "Beijing", "condition": "sunny", "temperature": 28, "unit": "celsius",
     "summary": "맑음, 28도"},
    ensure_ascii=False,
)


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


def test_a_repeated_mistake_is_not_spoiled_twice() -> None:
    options = {"faults": ("invalid_json",), "fault_count": 3}
    history = user("What's the weather in Tokyo?")
    wrong = ask(history, options=options)
    again = ask(with_results(history, wrong, ["error"]), options=options)
    assert again.tool_calls[0].function.arguments == wrong.tool_calls[0].function.arguments


def test_an_error_field_that_is_null_means_success() -> None:
    history = user("What's the weather in Tokyo?")
    message = ask(history)
    answer = ask(with_results(history, message, ['{"error": null, "temp_c": 21}']))
    assert answer.tool_calls is None and "21" in answer.content


def test_a_follow_up_continues_the_previous_request_only_when_it_gives_values() -> None:
    history = user("What's the weather in Paris?")
    message = ask(history)
    history = with_results(history, message, [SUNNY])
    history += [{"role": "assistant", "content": ask(history).content}]
    assert calls_of(ask([*history, *user("And in Tokyo?")])) == [("get_weather", {"city": "Tokyo"})]
    thanks = ask([*history, *user("Thanks!")])
    assert thanks.tool_calls is None and "welcome" in thanks.content
