"""How many calls, and what happens across turns.

A frontier model makes one call per distinct thing asked, never repeats a call a tool result in
the conversation already answered (even when it would now spell the values differently), makes
the calls still missing when results come in, corrects the call an error was about (not
another tool's), and takes a short reply to its own question as the answer to that question.
Tools and sentences are written for this file, in domains the classroom set does not use.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from offline_support import ask, calls_of, tool


def text(description: str) -> dict:
    """A string parameter with a description."""
    return {"type": "string", "description": description}


PASTRY = tool(
    "order_pastry",
    "Order pastries from the bakery.",
    {"item": text("Pastry name"), "qty": {"type": "integer", "description": "How many"}},
    ["item", "qty"],
)
PARKING = tool(
    "find_parking",
    "Find free parking spaces near a place.",
    {"area": text("Neighbourhood or landmark")},
    ["area"],
)
TIDES = tool("get_tides", "High and low tide times at a harbour.", {"harbour": text("Harbour")},
             ["harbour"])  # fmt: skip
RENEW = tool("renew_book", "Renew a borrowed library book.", {"title": text("Book title")},
             ["title"])  # fmt: skip
TEASPOONS = tool("grams_to_teaspoons", "Convert grams of loose tea to teaspoons.",
                 {"grams": {"type": "number"}}, ["grams"])  # fmt: skip
TRAIL = tool("trail_weather", "Mountain weather forecast for one hiking trail.",
             {"trail": text("Trail name")}, ["trail"])  # fmt: skip


def call_message(*calls: tuple[str, dict[str, Any]]) -> dict[str, Any]:
    """An assistant message with the given calls, ids call_1, call_2..."""
    return {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": f"call_{n}",
                "type": "function",
                "function": {"name": name, "arguments": json.dumps(args, ensure_ascii=False)},
            }
            for n, (name, args) in enumerate(calls, 1)
        ],
    }


def results(*contents: str) -> list[dict[str, Any]]:
    """One tool message per call of the message before, in order."""
    return [
        {"role": "tool", "tool_call_id": f"call_{n}", "content": content}
        for n, content in enumerate(contents, 1)
    ]


# ---------------------------------------------------------------- answered calls are not repeated


@pytest.mark.parametrize(
    ("request_text", "made", "tools"),
    [
        ("크루아상 2개 주문해줘", ("order_pastry", {"item": "croissant", "qty": 2}), [PASTRY]),
        ("강남역 근처 주차할 데 있어?", ("find_parking", {"area": "Gangnam Station"}), [PARKING]),
        ("Renew Dune for me", ("renew_book", {"title": "Dune (Frank Herbert)"}), [RENEW]),
        ("목포항 물때 알려줘", ("get_tides", {"harbour": "Mokpo"}), [TIDES, PARKING]),
    ],
)
def test_a_tool_that_already_answered_is_not_called_again_with_values_spelt_otherwise(
    request_text: str, made: tuple[str, dict[str, Any]], tools: list[dict]
) -> None:
    """The earlier call wrote the value its own way (translated, completed); its result is in,
    so the request is answered: the model answers, it does not ask the same tool again."""
    messages = [
        {"role": "user", "content": request_text},
        call_message(made),
        *results('{"ok": true}'),
    ]
    reply = ask(messages, tools=tools)
    assert calls_of(reply) == []
    assert reply.content


@pytest.mark.parametrize(
    ("request_text", "made", "missing", "answered"),
    [
        ("대청봉이랑 울산바위 날씨 알려줘", "Daecheongbong", "울산바위", "대청"),
        ("Trail weather for Skyline and Eagle Peak, please", "Skyline Trail", "Eagle", "Skyline"),
    ],
)
def test_the_call_still_missing_is_made_once_the_other_is_answered(
    request_text: str, made: str, missing: str, answered: str
) -> None:
    """Two trails asked, one answered (its name written otherwise): only the other is next."""
    messages = [
        {"role": "user", "content": request_text},
        call_message(("trail_weather", {"trail": made})),
        *results('{"forecast": "sunny"}'),
    ]
    calls = calls_of(ask(messages, tools=[TRAIL]))
    assert len(calls) == 1
    name, arguments = calls[0]
    assert name == "trail_weather" and isinstance(arguments, dict)
    assert missing in arguments["trail"] and answered not in arguments["trail"]


@pytest.mark.parametrize(
    ("request_text", "made", "tools", "expected"),
    [
        ("How many teaspoons is 3 grams of tea?", ("grams_to_teaspoons", {"grams": 5}),
         [TEASPOONS], ("grams", 3)),
        ("크루아상 3개 주문해줘", ("order_pastry", {"item": "croissant", "qty": 1}), [PASTRY],
         ("qty", 3)),
        ("Any parking near Berlin Hauptbahnhof?", ("find_parking", {"area": "Munich"}),
         [PARKING], ("area", "Berlin")),
    ],
)  # fmt: skip
def test_a_call_about_another_thing_than_asked_answers_nothing(
    request_text: str, made: tuple[str, dict[str, Any]], tools: list[dict], expected: tuple
) -> None:
    """A result for a value the request does not say (5 croissants, asked 3; Munich, asked
    Berlin) leaves the request unanswered: the model makes the call it asked for."""
    messages = [
        {"role": "user", "content": request_text},
        call_message(made),
        *results('{"ok": true}'),
    ]
    calls = calls_of(ask(messages, tools=tools))
    assert len(calls) == 1
    parameter, value = expected
    arguments = calls[0][1]
    assert isinstance(arguments, dict)
    assert (
        value in arguments[parameter] if isinstance(value, str) else arguments[parameter] == value
    )
