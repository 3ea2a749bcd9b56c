"""Shared pieces for the offline model's decision tests: tools, requests and helpers.

(Not named conftest.py: test folders each have one.)
"""

from __future__ import annotations

import json
from typing import Any, Literal

from offline_support import CITY, TOOLS, ask, calls_of, tool, with_results
from pydantic import BaseModel, Field

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


def answer_to(question: str, results: list[str], tools: list[dict] | None = TOOLS) -> str:
    """The final answer after the model's calls for `question` got `results`."""
    history = user(question)
    message = ask(history, tools)
    return ask(with_results(history, message, results), tools).content


WEATHER_RESULT = json.dumps(
    {
        "city": "Beijing",
        "condition": "sunny",
        "temperature": 28,
        "unit": "celsius",
        "summary": "맑음, 28도",
    },
    ensure_ascii=False,
)


FORECAST = tool(
    "get_forecast",
    "Get the forecast for the next 3 days in a city, one entry per day.",
    CITY,
    ["city"],
)


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


def wx(description: str) -> dict[str, Any]:
    """A weather tool with a short, unrelated name: only its description can say what it does."""
    return tool("wx", description, {"city": {"type": "string", "description": "City"}}, ["city"])


UNKNOWN_GUESS = json.dumps({"error": "Unknown tool 'get_weather'. Available tools: wx."})


class WeatherQuery(BaseModel):
    city: str = Field(description="The city name")
    unit: Literal["celsius", "fahrenheit"] | None = Field(
        None, description="The temperature unit; null for celsius."
    )


CITY_AND_UNIT = {
    "city": {"type": "string"},
    "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]},
}


PREAMBLE_AND_CALL = {
    "content": "베이징 날씨를 확인해 볼게요.",
    "calls": [{"name": "get_weather", "arguments": {"city": "Beijing"}}],
}


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


def answer_to_one(question: str, result: dict[str, Any], tools: list[dict[str, Any]]) -> str:
    """The final answer after the model's one call for `question` got `result`."""
    history = [{"role": "user", "content": question}]
    message = ask(history, tools)
    assert message.tool_calls, message.content
    content = json.dumps(result, ensure_ascii=False)
    return ask(with_results(history, message, [content] * len(message.tool_calls)), tools).content


WEATHER_ABOUT = tool(
    "get_weather",
    "Get the current weather (condition and temperature) for a city.",
    {"city": {"type": "string"}},
    ["city"],
)


def first_moves(question: str, tools: list[dict[str, Any]], seeds: range = range(6)) -> set:
    """The tool names the model calls first for `question` over several seeds (None: no call)."""
    replies = [ask(question, tools, options={"seed": seed}) for seed in seeds]
    return {reply.tool_calls[0].function.name if reply.tool_calls else None for reply in replies}


WEATHER_WITH_UNIT = tool(
    "get_weather",
    "Get the current weather (condition and temperature) for a city.",
    {
        "city": {"type": "string"},
        "unit": {"type": "string", "enum": ["celsius", "fahrenheit"], "default": "celsius"},
    },
    ["city"],
)


SUNNY_RESULT = {"city": "Beijing", "condition": "sunny", "temperature": 28, "unit": "celsius"}
