"""The seeds' example tools, with fake but deterministic data (the same answer every run).

Seed 000 asks "베이징 날씨 어때?" and the weather tool answers 「맑음, 28도」; seed 001 uses
get_weather(city, unit) and search_docs(query, top_k). A few more tools make the model's
choice a real one, `delay` makes a tool slow for the parallel lesson, and get_stock_price
fails on purpose for the error lessons.
"""

from __future__ import annotations

import functools
import time
import zlib
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

from helpers.registry import ToolRegistry

WEATHER: dict[str, tuple[str, str, int]] = {  # city: (condition, 한국어, °C)
    "beijing": ("sunny", "맑음", 28),
    "seoul": ("cloudy", "흐림", 22),
    "tokyo": ("rain", "비", 19),
    "paris": ("sunny", "맑음", 24),
    "london": ("drizzle", "이슬비", 16),
    "new york": ("windy", "바람", 21),
    "busan": ("clear", "맑음", 25),
}
CITY_NAMES = {
    "베이징": "beijing", "北京": "beijing", "서울": "seoul", "도쿄": "tokyo", "東京": "tokyo",
    "파리": "paris", "런던": "london", "뉴욕": "new york", "부산": "busan", "nyc": "new york",
}
CONDITIONS = [("sunny", "맑음"), ("cloudy", "흐림"), ("rain", "비"), ("snow", "눈")]
UTC_OFFSETS = {"beijing": 8, "seoul": 9, "tokyo": 9, "paris": 1, "london": 0,
               "new york": -5, "busan": 9}
DEMO_NOW = datetime(2025, 1, 15, 3, 0, tzinfo=UTC)  # a fixed clock: lessons stay reproducible
RATES_TO_USD = {"USD": 1.0, "EUR": 1.08, "GBP": 1.27, "KRW": 0.00075, "JPY": 0.0067,
                "CNY": 0.14}
DOCS = [
    ("Tool registration", "Every tool needs a name, a description and a JSON Schema for its "
     "parameters. The model chooses tools only from these."),
    ("tool_calls", "The model does not run tools. It returns tool_calls: a name and JSON "
     "arguments. The agent parses them and runs the matching function."),
    ("tool_call_id", "Each tool result goes back as a tool message with the tool_call_id of "
     "the call it answers, so parallel results cannot be mixed up."),
    ("Two LLM calls", "One tool call costs two LLM calls: one to decide which tool to call, "
     "one to turn the tool's raw result into an answer."),
    ("Errors as context", "An unknown tool or bad arguments become a tool message with a clear "
     "error, and the model corrects itself on the next turn."),
    ("Repeated errors", "The same error again and again means the tool names, descriptions or "
     "the system prompt are ambiguous: fix the text, not the code."),
    ("Streaming tool calls", "In a stream, tool call arguments arrive in pieces. Buffer them by "
     "index and parse the JSON only when the call is complete."),
    ("Parallel tool calls", "Several tool calls in one turn can run at the same time with "
     "asyncio.gather; results are matched to calls by tool_call_id."),
]


def city_key(city: str) -> str:
    """The tables' key for a city: lower case, other spellings (베이징, 北京, nyc) in English."""
    name = city.strip().lower()
    return CITY_NAMES.get(name, name)


def get_weather(city: str, unit: Literal["celsius", "fahrenheit"] = "celsius") -> dict[str, Any]:
    """Get the current weather (condition and temperature) for a city.

    Args:
        city: The city name in English or Korean, e.g. "Beijing" or "베이징".
        unit: The temperature unit.
    """
    key = city_key(city)
    if key in WEATHER:
        condition, korean, celsius = WEATHER[key]
    else:  # any other city: made-up numbers, but always the same ones for the same name
        seed = zlib.crc32(key.encode())
        (condition, korean), celsius = CONDITIONS[seed % len(CONDITIONS)], 5 + seed % 25
    temperature = celsius if unit == "celsius" else round(celsius * 9 / 5 + 32)
    summary = f"{korean}, {temperature}도" if unit == "celsius" else f"{korean}, {temperature}°F"
    return {"city": city, "condition": condition, "temperature": temperature, "unit": unit,
            "summary": summary}


def search_docs(query: str, top_k: int = 3) -> list[dict[str, str]]:
    """Search the workbook's notes on function calling and return the best matching passages.

    Args:
        query: What to look for, in a few words, e.g. "tool_call_id".
        top_k: How many passages to return, from 1 to 8.
    """
    if not 1 <= top_k <= len(DOCS):
        raise ValueError(f"top_k must be between 1 and {len(DOCS)}, got {top_k}.")
    words = {word.strip(".,?!").lower() for word in query.split()}

    def overlap(doc: tuple[str, str]) -> int:
        text = f"{doc[0]} {doc[1]}".lower()
        return sum(word in text for word in words if word)

    ranked = sorted(DOCS, key=overlap, reverse=True)[:top_k]
    return [{"title": title, "snippet": snippet} for title, snippet in ranked]


def convert_currency(
    amount: float,
    from_currency: Literal["USD", "EUR", "GBP", "KRW", "JPY", "CNY"],
    to_currency: Literal["USD", "EUR", "GBP", "KRW", "JPY", "CNY"],
) -> dict[str, Any]:
    """Convert an amount of money from one currency to another at a fixed demo rate.

    Args:
        amount: The amount of money to convert.
        from_currency: The currency code of the amount.
        to_currency: The currency code to convert into.
    """
    converted = amount * RATES_TO_USD[from_currency] / RATES_TO_USD[to_currency]
    return {"amount": amount, "from": from_currency, "to": to_currency,
            "result": round(converted, 2)}


def get_time(city: str) -> dict[str, str]:
    """Get the current local date and time in a city.

    Args:
        city: The city name in English or Korean, e.g. "Seoul" or "서울".
    """
    key = city_key(city)
    if key not in UTC_OFFSETS:
        known = ", ".join(sorted(UTC_OFFSETS))
        raise ValueError(f"No time zone known for {city!r}. Known cities: {known}.")
    local = DEMO_NOW + timedelta(hours=UTC_OFFSETS[key])
    return {"city": city, "local_time": local.strftime("%Y-%m-%d %H:%M"),
            "utc_offset": f"{UTC_OFFSETS[key]:+d}"}


def get_stock_price(ticker: str) -> dict[str, Any]:
    """Get the latest stock price for a ticker symbol such as AAPL.

    Args:
        ticker: The stock ticker symbol, e.g. "AAPL".
    """
    # Fails on purpose: the error lessons need a tool whose service is down.
    raise ConnectionError(f"The stock price service did not answer for {ticker!r}.")


def slowed(fn: Callable[..., Any], delay: float) -> Callable[..., Any]:
    """The same tool, `delay` seconds slower, like a call to a remote API."""
    if delay <= 0:
        return fn

    @functools.wraps(fn)
    def slow(*args: Any, **kwargs: Any) -> Any:
        time.sleep(delay)
        return fn(*args, **kwargs)

    return slow


def weather_registry(*, delay: float = 0.0) -> ToolRegistry:
    """Seed 000's registry: the weather tool alone."""
    registry = ToolRegistry()
    registry.register(slowed(get_weather, delay))
    return registry


def demo_registry(*, delay: float = 0.0, failing: bool = True) -> ToolRegistry:
    """All demo tools; `delay` slows each one down, `failing` adds get_stock_price."""
    registry = ToolRegistry()
    tools = [get_weather, search_docs, convert_currency, get_time]
    for tool in tools + ([get_stock_price] if failing else []):
        registry.register(slowed(tool, delay))
    return registry
