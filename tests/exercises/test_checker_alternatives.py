"""Checkers accept reasonable correct alternatives and reject the near misses (issue 11, 4)."""

from __future__ import annotations

import asyncio
import inspect
import json
from typing import Any

import pytest

from helpers.exercises import check


def verdict(exercise_id: str, answer: Any) -> str:
    """The line `check` shows; it must be a rejection."""
    result = check(exercise_id, answer)
    assert not result.passed, repr(result)
    return repr(result)


# ---- 03.2: the answer appended as a dict, a model_dump, or the SDK message ----


def finisher(append: str):
    """finish_turn that appends the answer in one of the ways a learner may."""

    def finish_turn(client, model, registry, messages):
        for call in messages[-1]["tool_calls"]:
            content = registry.execute(call["function"]["name"], call["function"]["arguments"])
            messages.append({"role": "tool", "tool_call_id": call["id"], "content": content})
        message = (
            client.chat.completions.create(
                model=model, messages=messages, tools=registry.definitions()
            )
            .choices[0]
            .message
        )
        if append == "model_dump(exclude_none=True)":
            messages.append(message.model_dump(exclude_none=True))
        elif append == "model_dump()":
            messages.append(message.model_dump())
        elif append == "the SDK message":
            messages.append(message)
        elif append == "a dict":
            messages.append({"role": "assistant", "content": message.content})
        elif append == "the text as a user message":
            messages.append({"role": "user", "content": message.content})
        return message.content

    return finish_turn


@pytest.mark.parametrize(
    "append", ["model_dump(exclude_none=True)", "model_dump()", "the SDK message", "a dict"]
)
def test_03_2_accepts_every_way_of_appending_the_answer(append: str) -> None:
    result = check("03.2", finisher(append))
    assert result.passed, repr(result)


def test_03_2_says_the_answer_is_missing_when_nothing_was_appended() -> None:
    assert "the history ends with the tool messages" in verdict("03.2", finisher("nothing"))


def test_03_2_names_a_wrong_last_message_instead_of_asking_to_append() -> None:
    hint = verdict("03.2", finisher("the text as a user message"))
    assert "the last message in the history is {'role': 'user'" in hint
    assert "append the model's answer too" not in hint


# ---- 04.2: a guard built on inspect.signature(...).bind ----


def safe_execute_with_bind(tools, name, arguments):
    """Checks the arguments against the signature before running the tool."""
    if name not in tools:
        return json.dumps({"error": f"Unknown tool '{name}'. Available: {', '.join(tools)}."})
    try:
        args = json.loads(arguments)
        bound = inspect.signature(tools[name]).bind(**args)
    except json.JSONDecodeError as error:
        return json.dumps({"error": f"The arguments for '{name}' are not valid JSON: {error}"})
    except TypeError as error:
        return json.dumps({"error": f"Invalid arguments for '{name}': {error}"})
    try:
        return json.dumps(tools[name](*bound.args, **bound.kwargs), ensure_ascii=False)
    except Exception as error:
        return json.dumps({"error": f"The tool '{name}' failed: {error}"})


def safe_execute_without_the_argument(tools, name, arguments):
    """Names the tool but not what is wrong with its arguments."""
    if name not in tools:
        return json.dumps({"error": f"Unknown tool '{name}'. Available: {', '.join(tools)}."})
    try:
        args = json.loads(arguments)
    except json.JSONDecodeError:
        return json.dumps({"error": f"The arguments for '{name}' are not valid JSON."})
    try:
        return json.dumps(tools[name](**args), ensure_ascii=False)
    except TypeError:
        return json.dumps({"error": f"Invalid arguments for '{name}'."})
    except Exception as error:
        return json.dumps({"error": f"The tool '{name}' failed: {error}"})


def test_04_2_accepts_a_signature_bind_version() -> None:
    assert check("04.2", safe_execute_with_bind).passed


def test_04_2_still_wants_the_argument_named() -> None:
    assert "the unexpected 'town'" in verdict("04.2", safe_execute_without_the_argument)


# ---- 06.1: results in the order the tools finished ----


async def result_of(call: dict, tools: dict) -> Any:
    name = call["function"]["name"]
    if name not in tools:
        return {"error": f"Unknown tool '{name}'. Available tools: {', '.join(tools)}."}
    try:
        return await tools[name](**json.loads(call["function"]["arguments"]))
    except Exception as error:
        return {"error": f"{name} failed: {type(error).__name__}: {error}"}


async def in_finishing_order(calls: list[dict], tools: dict) -> list[dict]:
    """One tool message per call, appended as each call finishes."""
    messages: list[dict] = []

    async def answer(call: dict) -> None:
        result = await result_of(call, tools)
        messages.append(
            {
                "role": "tool",
                "tool_call_id": call["id"],
                "content": json.dumps(result, ensure_ascii=False),
            }
        )

    await asyncio.gather(*(answer(call) for call in calls))
    return messages


async def results_under_the_wrong_ids(calls: list[dict], tools: dict) -> list[dict]:
    """Finishing order, but each result labelled with the id of the call at its position."""
    messages = await in_finishing_order(calls, tools)
    return [
        {**message, "tool_call_id": call["id"]}
        for message, call in zip(messages, calls, strict=True)
    ]


async def one_call_answered_twice(calls: list[dict], tools: dict) -> list[dict]:
    messages = await in_finishing_order(calls, tools)
    return [*messages[:-1], {**messages[-1], "tool_call_id": messages[0]["tool_call_id"]}]


def test_06_1_accepts_results_in_finishing_order() -> None:
    result = check("06.1", in_finishing_order)
    assert result.passed, repr(result)


def test_06_1_rejects_results_paired_by_position() -> None:
    assert "paired with its own call's id" in verdict("06.1", results_under_the_wrong_ids)


def test_06_1_rejects_a_call_answered_twice() -> None:
    assert "answered exactly once" in verdict("06.1", one_call_answered_twice)


# ---- 08.1: one tool, one job; an error dict is named for what it is ----

SKIES = {
    "Beijing": "clear",
    "Seoul": "cloudy",
    "Tokyo": "rain",
    "Paris": "sunny",
    "Rome": "sunny",
    "London": "drizzle",
}


def items_for(city: str, days: int) -> dict:
    rainy = SKIES[city] in ("rain", "drizzle")
    return {"city": city, "days": days, "items": ["clothes"] + (["umbrella"] if rainy else [])}


def two_jobs(city: str, days: int) -> dict:
    """Get the weather for a city and suggest what to pack for a trip of some days.

    Args:
        city: The city in English, e.g. "Tokyo".
        days: How many days the trip lasts, at least 1.
    """
    if city not in SKIES:
        raise ValueError(f"No weather for {city!r}. Cities with data: {', '.join(SKIES)}.")
    if days < 1:
        raise ValueError(f"days must be at least 1, got {days}.")
    return items_for(city, days)


def error_dict(city: str, days: int) -> dict:
    """Suggest what to pack for a trip to a city, given how many days the trip lasts.

    Args:
        city: The city in English, e.g. "Tokyo".
        days: How many days the trip lasts, at least 1.
    """
    if city not in SKIES:
        return {"error": f"No weather for {city!r}. Cities with data: {', '.join(SKIES)}."}
    return items_for(city, days)


def from_the_forecast(city: str, days: int) -> dict:
    """Suggest what to pack for a trip to a city, from its weather forecast and the trip's days.

    Args:
        city: The city in English, e.g. "Tokyo".
        days: How many days the trip lasts, at least 1.
    """
    return two_jobs(city, days)


def test_08_1_rejects_a_description_of_two_jobs() -> None:
    hint = verdict("08.1", two_jobs)
    assert "describes two jobs" in hint and "'Get the weather'" in hint


def test_08_1_accepts_a_packing_description_that_mentions_the_forecast() -> None:
    result = check("08.1", from_the_forecast)
    assert result.passed, repr(result)


def test_08_1_names_a_returned_error_dict_as_a_dict() -> None:
    hint = verdict("08.1", error_dict)
    assert "returned a dict ({'error'" in hint
    assert "a list" not in hint
