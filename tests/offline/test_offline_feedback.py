"""The notebook authors' feedback on the offline model (round 2), one test per item."""

from __future__ import annotations

import json
import time
from typing import Any, Literal

import openai
import pytest
from offline_support import (
    CITY,
    CURRENT,
    TOOLS,
    ask,
    calls_of,
    strict_client,
    tool,
    with_results,
)
from pydantic import BaseModel, Field

from helpers.agent import Agent
from helpers.backend import connect
from helpers.demo_tools import demo_registry
from helpers.errors import RepeatedToolError, ToolDefinitionWarning
from helpers.offline import MODEL_ID, Latency, ModelConfig
from helpers.offline.service import CHAT_PATH, handle
from helpers.registry import ToolRegistry

FORECAST = tool(
    "get_forecast",
    "Get the forecast for the next 3 days in a city, one entry per day.",
    CITY,
    ["city"],
)
CURRENCIES = ["USD", "EUR", "KRW", "JPY"]
TRAVEL = [
    tool("get_weather", "Get the current weather for a city.", CITY, ["city"]),
    tool("get_local_time", "Get the local time in a city.", CITY, ["city"]),
    tool(
        "convert_currency",
        "Convert an amount of money between currencies",
        {
            "amount": {"type": "number"},
            "from_currency": {"type": "string", "enum": CURRENCIES},
            "to_currency": {"type": "string", "enum": CURRENCIES},
        },
        ["amount", "from_currency", "to_currency"],
    ),
    tool(
        "find_attractions",
        "Find places to visit in a city: museums, parks or places to eat.",
        {
            "city": {"type": "string"},
            "category": {"type": "string", "enum": ["museum", "park", "food"]},
        },
        ["city"],
    ),
]


def first_calls(question: str, tools: list[dict[str, Any]], seeds: range = range(4)) -> set:
    """The tool names the model calls first for `question`, over several seeds."""
    return {
        call.function.name
        for seed in seeds
        for call in ask(question, tools, options={"seed": seed}).tool_calls or []
    }


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
    ("question", "query"),
    [
        ("Search the docs for parallel tool calls", "parallel tool calls"),
        ("Search for streaming in the docs", "streaming"),
    ],
)
def test_the_query_is_the_phrase_after_for(question: str, query: str) -> None:
    notes = tool(
        "search_docs",
        "Search the workbook's notes on function calling.",
        {"query": {"type": "string", "description": "What to look for"}},
        ["query"],
    )
    assert calls_of(ask(question, [notes])) == [("search_docs", {"query": query})]


INVENTED = {"faults": ("invented_tool_name",)}
BEIJING = [{"role": "user", "content": "베이징 날씨 어때?"}]
SPECIFIC_ERRORS = [
    "미지의 도구: weather_lookup",
    "Unknown function: weather_lookup",
    "weather_lookup not found",
    json.dumps({"error": "Unknown function: weather_lookup"}),
]
VAGUE_ERRORS = ["error", "", "failed", "something went wrong", json.dumps({"error": "failed"})]


def after_invented_call(content: str) -> tuple[list[dict[str, Any]], Any]:
    """The history after the model called weather_lookup and got `content` back, and its move."""
    history = [{"role": "user", "content": "베이징 날씨 어때?"}]
    wrong = ask(history, options=INVENTED)
    assert calls_of(wrong) == [("weather_lookup", {"city": "Beijing"})]
    history = with_results(history, wrong, [content])
    return history, ask(history, options=INVENTED)


@pytest.mark.parametrize("content", SPECIFIC_ERRORS)
def test_an_error_that_names_the_problem_heals(content: str) -> None:
    history, move = after_invented_call(content)
    assert calls_of(move) == [("get_weather", {"city": "Beijing"})]
    answer = ask(with_results(history, move, ["맑음, 28도"]), options=INVENTED).content
    assert answer == "베이징: 맑음, 28도."  # the error is never quoted as a result


@pytest.mark.parametrize("content", VAGUE_ERRORS)
def test_a_vague_error_is_repeated(content: str) -> None:
    _, move = after_invented_call(content)
    assert calls_of(move) == [("weather_lookup", {"city": "Beijing"})]


def wx(description: str) -> dict[str, Any]:
    """A weather tool with a short, unrelated name: only its description can say what it does."""
    return tool("wx", description, {"city": {"type": "string", "description": "City"}}, ["city"])


UNKNOWN_GUESS = json.dumps({"error": "Unknown tool 'get_weather'. Available tools: wx."})


def test_a_thin_description_makes_the_model_guess_a_name_again_and_again() -> None:
    history = [{"role": "user", "content": "What's the weather in Paris?"}]
    for _ in range(3):
        move = ask(history, [wx("wx data")])
        assert calls_of(move) == [("get_weather", {"city": "Paris"})]
        history = with_results(history, move, [UNKNOWN_GUESS])


def test_a_rewritten_description_makes_the_model_call_the_tool() -> None:
    move = ask("What's the weather in Paris?", [wx("Get the current weather in a city.")])
    assert calls_of(move) == [("wx", {"city": "Paris"})]


def test_the_alarm_on_a_thin_description_end_to_end() -> None:
    def weather(city: str) -> dict[str, str]:
        return {"sky": "sunny"}

    thin, clear = ToolRegistry(), ToolRegistry()
    with pytest.warns(ToolDefinitionWarning):
        thin.register(weather, name="wx", description="wx data")
    clear.register(weather, name="wx", description="Get the current weather in a city.")
    with pytest.raises(RepeatedToolError):
        Agent(connect(), thin).run("What's the weather in Paris?")
    assert Agent(connect(), clear).run("What's the weather in Paris?") == "Paris: sunny."


@pytest.mark.parametrize(
    "prompt",
    [
        "Use only the tools listed below.",
        "Only choose from the provided tools.",
        "Choose tools only from the given list.",
        "Never invent tool names; call only the tools you were given.",
        "Only call tools from the provided list.",
        "주어진 도구 목록에서만 고를 것.",
        "제공된 도구만 사용하세요.",
    ],
)
def test_restricting_prompts_are_understood(prompt: str) -> None:
    history = [{"role": "system", "content": prompt}, *BEIJING]
    assert calls_of(ask(history, options=INVENTED)) == [("get_weather", {"city": "Beijing"})]


@pytest.mark.parametrize(
    "prompt", ["Only answer in English.", "You have tools. Only be brief.", "도구를 잘 쓰세요."]
)
def test_other_prompts_do_not_restrict(prompt: str) -> None:
    history = [{"role": "system", "content": prompt}, *BEIJING]
    assert calls_of(ask(history, options=INVENTED)) == [("weather_lookup", {"city": "Beijing"})]


class WeatherQuery(BaseModel):
    city: str = Field(description="The city name")
    unit: Literal["celsius", "fahrenheit"] | None = Field(
        None, description="The temperature unit; null for celsius."
    )


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("베이징 날씨 어때?", {"city": "Beijing", "unit": None}),
        ("Weather in Paris in fahrenheit?", {"city": "Paris", "unit": "fahrenheit"}),
    ],
)
def test_a_nullable_enum_gets_null_or_a_value_it_allows(question: str, expected: dict) -> None:
    strict_tool = openai.pydantic_function_tool(WeatherQuery, name="get_weather")
    assert calls_of(ask(question, [strict_tool])) == [("get_weather", expected)]


CITY_AND_UNIT = {
    "city": {"type": "string"},
    "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]},
}


@pytest.mark.parametrize(
    ("parameters", "problem"),
    [
        (
            {"type": "object", "properties": CITY_AND_UNIT, "required": ["city"]},
            "In context=(), 'additionalProperties' is required to be supplied and to be false.",
        ),
        (
            {
                "type": "object",
                "properties": CITY_AND_UNIT,
                "required": ["city"],
                "additionalProperties": False,
            },
            "In context=(), 'required' is required to be supplied and to be an array including "
            "every key in properties. Missing 'unit'.",
        ),
        (
            {
                "type": "object",
                "properties": {"place": {"type": "object", "properties": CITY_AND_UNIT}},
                "required": ["place"],
                "additionalProperties": False,
            },
            "In context=('properties', 'place'), 'additionalProperties' is required",
        ),
    ],
)
def test_a_strict_tool_must_follow_strict_modes_rules(parameters: dict, problem: str) -> None:
    strict_tool = {
        "type": "function",
        "function": {"name": "get_weather", "strict": True, "parameters": parameters},
    }
    with pytest.raises(openai.BadRequestError) as raised:
        ask("베이징 날씨 어때?", [strict_tool])
    error = raised.value.body
    assert raised.value.status_code == 400
    assert error["message"].startswith(f"Invalid schema for function 'get_weather': {problem}")
    assert (error["param"], error["code"]) == (
        "tools[0].function.parameters",
        "invalid_function_parameters",
    )


def test_a_strict_tool_that_follows_the_rules_is_accepted() -> None:
    parameters = {
        "type": "object",
        "properties": CITY_AND_UNIT,
        "required": ["city", "unit"],
        "additionalProperties": False,
    }
    strict_tool = {
        "type": "function",
        "function": {"name": "get_weather", "strict": True, "parameters": parameters},
    }
    assert calls_of(ask("베이징 날씨 어때?", [strict_tool])) == [
        ("get_weather", {"city": "Beijing", "unit": "celsius"})
    ]


PREAMBLE_AND_CALL = {
    "content": "베이징 날씨를 확인해 볼게요.",
    "calls": [{"name": "get_weather", "arguments": {"city": "Beijing"}}],
}


def test_a_scripted_reply_can_carry_text_and_calls() -> None:
    message = ask("베이징 날씨 어때?", options={"script": [PREAMBLE_AND_CALL]})
    assert message.content == "베이징 날씨를 확인해 볼게요."
    assert calls_of(message) == [("get_weather", {"city": "Beijing"})]


def test_a_streamed_reply_sends_the_text_first_then_the_calls() -> None:
    client = strict_client(script=[PREAMBLE_AND_CALL])
    stream = client.chat.completions.create(
        model=MODEL_ID, messages=BEIJING, tools=TOOLS, stream=True
    )
    kinds, text, finish = [], "", None
    for chunk in stream:
        delta = chunk.choices[0].delta
        text += delta.content or ""
        kinds += ["text"] * bool(delta.content) + ["call"] * bool(delta.tool_calls)
        finish = chunk.choices[0].finish_reason or finish
    assert text == "베이징 날씨를 확인해 볼게요." and finish == "tool_calls"
    assert "call" in kinds and kinds.index("call") > max(
        i for i, k in enumerate(kinds) if k == "text"
    )


@pytest.mark.parametrize("reply", [{"content": "Hi"}, {"content": 3, "calls": []}, {"text": "x"}])
def test_a_scripted_reply_of_the_wrong_shape_is_refused(reply: dict) -> None:
    with pytest.raises(ValueError, match="content"):
        ModelConfig(script=[reply])


def test_a_whole_reply_waits_as_long_as_its_stream_would_take() -> None:
    config = ModelConfig(latency=Latency(first_token=0.2, per_token=0.01))
    request = {"model": MODEL_ID, "messages": BEIJING, "tools": TOOLS}
    streamed = handle("POST", CHAT_PATH, json.dumps({**request, "stream": True}).encode(), config)
    whole = handle("POST", CHAT_PATH, json.dumps(request).encode(), config)
    assert whole.wait == pytest.approx(0.2 + 0.01 * (len(streamed.events) - 1))
    assert handle("POST", CHAT_PATH, json.dumps(request).encode(), ModelConfig()).wait == 0


def test_a_whole_reply_arrives_after_the_simulated_latency() -> None:
    client = strict_client(latency=Latency(first_token=0.25))
    started = time.monotonic()
    client.chat.completions.create(model=MODEL_ID, messages=BEIJING, tools=TOOLS)
    assert time.monotonic() - started >= 0.25  # a lower bound: never flaky


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("날씨 어때?", "어느 도시(city)의 날씨를 알려드릴까요?"),
        ("문서 검색해줘", "search_docs에 쓸 검색어(query)를 알려주시겠어요?"),
    ],
)
def test_a_korean_clarifying_question_reads_naturally(question: str, expected: str) -> None:
    message = ask(question)
    assert message.tool_calls is None and message.content == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Convert 100 USD to EUR", ("convert_currency", {"to_currency": "EUR"})),
        ("Convert 200 EUR to JPY", ("convert_currency", {"to_currency": "JPY"})),
        ("How much is 50 EUR in KRW?", ("convert_currency", {"amount": 50, "to_currency": "KRW"})),
        ("Find docs about tool_call_id", ("search_docs", {"query": "tool_call_id"})),
    ],
)
def test_the_leads_demo_requests(question: str, expected: tuple[str, dict]) -> None:
    [(name, arguments)] = calls_of(ask(question, demo_registry().definitions()))
    assert name == expected[0] and expected[1].items() <= arguments.items()
