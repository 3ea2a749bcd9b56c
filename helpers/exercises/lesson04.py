"""Checkers for lesson 04's exercises: errors written for the model, a guard that never raises,
and "step 3 or step 5?"."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from helpers.demo_tools import demo_registry
from helpers.errors import ERROR_KINDS
from helpers.exercises import WrongAnswer, checker, expect, offline_client
from helpers.exercises.lesson03 import wire_call

MODEL_MISTAKES = {"unknown_tool", "invalid_json", "invalid_arguments"}  # step 3: fix the text
WHY = {
    "unknown_tool": "the model chose a name that does not exist",
    "invalid_json": "the model wrote arguments that are not JSON (in a complete reply: after "
                    "finish_reason 'length' the token limit cut them off, a configuration case)",
    "invalid_arguments": "the model filled the arguments in against the schema",
    "tool_failed": "the tool raised while running",
    "not_serialisable": "the tool returned something that is not JSON",
    "timeout": "the tool took too long",
}


def next_call_after(error_text: str) -> list[str]:
    """The tools the offline model calls after reading `error_text` for its weather_lookup call."""
    client, model = offline_client()
    registry = demo_registry()
    history = [
        {"role": "user", "content": "베이징 날씨 어때?"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [wire_call("call_1", "weather_lookup", {"city": "Beijing"})],
        },
        {"role": "tool", "tool_call_id": "call_1", "content": error_text},
    ]
    reply = client.chat.completions.create(
        model=model, messages=history, tools=registry.definitions()
    ).choices[0].message
    return [call.function.name for call in reply.tool_calls or []]


@checker("04.1")
def check_unknown_tool_message(unknown_tool_message: Callable[[str, list[str]], str]) -> None:
    """04.1 (seed 000, tip on error messages): name the mistake (that heals) and what is allowed."""
    available = demo_registry().names
    for name in ("weather_lookup", "fetch_stock"):
        message = unknown_tool_message(name, available)
        expect(
            isinstance(message, str),
            f"return the text of the tool message's content (a str, e.g. json.dumps({{...}})); "
            f"got a {type(message).__name__}.",
        )
        expect(
            name in message,
            f"the message for {name!r} does not name {name!r}: say which tool is unknown.",
        )
        missing = [tool for tool in available if tool not in message]
        expect(
            not missing,
            f"the message for {name!r} does not list {', '.join(missing)}: name every tool that "
            "does exist, so the model can choose one of them instead.",
        )
    called = next_call_after(unknown_tool_message("weather_lookup", available))
    expect(
        called == ["get_weather"],
        f"after reading your message the offline model called {called or 'nothing'} instead "
        "of get_weather: say in plain words that the tool is unknown, and which tools exist.",
    )


def returned(safe_execute: Callable[..., str], tools: dict[str, Any], name: str,
             arguments: str) -> str:
    """What safe_execute returns; raising is the bug this exercise fixes."""
    try:
        return safe_execute(tools, name, arguments)
    except NotImplementedError:
        raise
    except Exception as error:
        raise WrongAnswer(
            f"safe_execute(tools, {name!r}, {arguments!r}) raised {type(error).__name__}: "
            f"{error}. It must never raise: return {{\"error\": ...}} for the model instead."
        ) from None


def json_or_none(text: Any) -> Any:
    """The JSON value in `text`, or None when it is not JSON text."""
    try:
        return json.loads(text)
    except (TypeError, ValueError):
        return None


def error_of(output: str, situation: str) -> str:
    """The error sentence in `output`, which must be a JSON object with an 'error' string."""
    data = json_or_none(output)
    expect(
        isinstance(data, dict) and isinstance(data.get("error"), str),
        f"for {situation}, return JSON like {{\"error\": \"<a sentence>\"}}; got {output!r}.",
    )
    return data["error"]


def failing_stock_price(ticker: str) -> dict[str, Any]:
    raise ConnectionError("the stock service is down")


SAFE_TOOLS = {
    "get_weather": lambda city, unit="celsius": {"city": city, "sky": "맑음", "temp": 28},
    "get_stock_price": failing_stock_price,
}
ERROR_CASES = [  # name, arguments, the situation, words the error must hold (a tuple: any one of
    # them), what it should say
    ("get_weather", '{"city": "Beijing"', "broken JSON", ["JSON"],
     "say that the arguments are not valid JSON"),
    ("weather_lookup", '{"city": "Beijing"}', "an unknown tool", ["weather_lookup", *SAFE_TOOLS],
     f"name the unknown tool and every available one ({', '.join(SAFE_TOOLS)})"),
    ("get_weather", '{"town": "Beijing"}', "an unexpected argument",
     ["get_weather", ("town", "city")],
     "name the tool and what is wrong: the unexpected 'town' (or the missing 'city', which is "
     "what inspect.signature(...).bind reports first)"),
    ("get_weather", '["Beijing"]', "arguments that are a JSON list, not an object", [],
     "say what is wrong"),
    ("get_stock_price", '{"ticker": "AAPL"}', "a tool that fails",
     ["get_stock_price", "the stock service is down"],
     "name the tool and pass on its exception's message ('the stock service is down')"),
]


def mentions(error: str, word: str | tuple[str, ...]) -> bool:
    """Whether `error` holds `word`, or one of several acceptable words (any case)."""
    choices = (word,) if isinstance(word, str) else word
    return any(choice.lower() in error.lower() for choice in choices)


@checker("04.2")
def check_safe_execute(safe_execute: Callable[..., str]) -> None:
    """04.2 (seed 001, safe_execute_tool): parse inside the guard; every error informative."""
    for name, arguments, situation, words, should in ERROR_CASES:
        error = error_of(returned(safe_execute, SAFE_TOOLS, name, arguments), situation)
        missing = [word for word in words if not mentions(error, word)]
        expect(not missing, f"the error for {situation} should {should}; got {error!r}.")
    output = returned(safe_execute, SAFE_TOOLS, "get_weather", '{"city": "Beijing"}')
    expect(
        json_or_none(output) == SAFE_TOOLS["get_weather"]("Beijing"),
        "a call that works should return the tool's result as JSON text (json.dumps(result)); "
        f"got {output!r}.",
    )


@checker("04.3")
def check_which_step(which_step: Callable[[str], int]) -> None:
    """04.3 (seed 000, debugging tip): model mistakes are step 3, tool failures step 5."""
    for kind in ERROR_KINDS:
        step = 3 if kind in MODEL_MISTAKES else 5
        got = which_step(kind)
        fix = "the text (names, descriptions, prompt)" if step == 3 else "the tool's code"
        expect(
            got == step,
            f"which_step({kind!r}) returned {got!r}, expected {step}: {WHY[kind]}, so fix {fix}.",
        )
