"""Checkers for lesson 06's exercises: parallel tool calls and Server-Sent Events (seed 001)."""

from __future__ import annotations

import asyncio
import inspect
import json
from collections.abc import Awaitable, Callable
from typing import Any

from helpers.coroutines import run_coroutine
from helpers.events import AnswerEvent, ToolStartEvent
from helpers.exercises import WrongAnswer, checker, expect

Execute = Callable[[list[dict[str, Any]], dict[str, Any]], Awaitable[list[dict[str, Any]]]]
MEETING_TIMEOUT = 0.5  # seconds a tool waits for the others; calls run together meet at once


def call(call_id: str, name: str, arguments: str) -> dict[str, Any]:
    """An entry of an assistant message's tool_calls."""
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}


def city_call(call_id: str, city: str, name: str = "get_weather") -> dict[str, Any]:
    return call(call_id, name, json.dumps({"city": city}))


def contents(messages: Any, calls: list[dict[str, Any]], case: str) -> list[Any]:
    """Check the returned messages; return each call's content parsed as JSON, in call order.

    The messages may come in call order or in the order the tools finished: the id, not the
    position, pairs a result with its call (lesson 03).
    """
    expect(isinstance(messages, list) and len(messages) == len(calls),
           f"with {case}, return one tool message per call ({len(calls)}); got {messages!r}.")
    by_id: dict[str, Any] = {}
    for position, message in enumerate(messages):
        expect(isinstance(message, dict) and message.get("role") == "tool",
               f"with {case}, message {position} should be a dict with role 'tool'; "
               f"got {message!r}.")
        call_id = message.get("tool_call_id")
        ids = [asked["id"] for asked in calls]
        expect(call_id in ids and call_id not in by_id,
               f"with {case}, message {position} has tool_call_id {call_id!r}; each of the "
               f"calls' ids ({', '.join(ids)}) must be answered exactly once: copy each call's "
               "id into its own message.")
        by_id[call_id] = parsed_content(message, position, case)
    return [by_id[asked["id"]] for asked in calls]


def parsed_content(message: dict[str, Any], position: int, case: str) -> Any:
    """A tool message's content, which must be JSON text."""
    content = message.get("content")
    expect(isinstance(content, str),
           f"with {case}, a tool message's content must be a string: json.dumps the "
           f"result; got {type(content).__name__}.")
    try:
        return json.loads(content)
    except ValueError:
        raise WrongAnswer(
            f"with {case}, message {position}'s content {content!r} is not JSON: "
            "json.dumps each result (or error) so the model can read it."
        ) from None


async def three_calls_meeting(execute: Execute) -> tuple[list[dict[str, Any]], Any]:
    """Three calls whose tool waits until all three are running at once."""
    barrier = asyncio.Barrier(3)

    async def meet(city: str) -> dict[str, str]:
        await asyncio.wait_for(barrier.wait(), MEETING_TIMEOUT)
        return {"city": city, "summary": "맑음, 28도"}

    calls = [city_call(f"call_{n}", city) for n, city in enumerate(["Beijing", "Seoul", "Tokyo"])]
    return calls, await execute(calls, {"get_weather": meet})


async def second_finishes_first(execute: Execute) -> tuple[list[dict[str, Any]], Any]:
    """Two calls: the first one's tool finishes only after the second one's."""
    second_done = asyncio.Event()

    async def slow(city: str) -> dict[str, str]:
        await asyncio.wait_for(second_done.wait(), MEETING_TIMEOUT)
        return {"city": city}

    async def fast(city: str) -> dict[str, str]:
        second_done.set()
        return {"city": city}

    calls = [city_call("call_slow", "Paris", "slow"), city_call("call_fast", "Seoul", "fast")]
    return calls, await execute(calls, {"slow": slow, "fast": fast})


async def four_calls_three_failing(execute: Execute) -> tuple[list[dict[str, Any]], Any]:
    """One good call, an unknown tool, broken JSON, and a tool that raises."""

    async def get_weather(city: str) -> dict[str, str]:
        return {"city": city, "summary": "맑음, 28도"}

    async def get_stock_price(ticker: str) -> dict[str, Any]:
        raise ConnectionError(f"The stock price service did not answer for {ticker!r}.")

    calls = [
        city_call("call_ok", "Beijing"),
        city_call("call_unknown", "Seoul", "weather_lookup"),
        call("call_json", "get_weather", '{"city": "Par'),
        call("call_raises", "get_stock_price", '{"ticker": "AAPL"}'),
    ]
    return calls, await execute(calls, {"get_weather": get_weather,
                                        "get_stock_price": get_stock_price})


def run_case(execute: Execute, case: Callable[[Execute], Awaitable[Any]], name: str) -> Any:
    """Run one case on a fresh event loop (Jupyter's own loop is already running)."""
    try:
        return run_coroutine(case(execute))
    except TimeoutError:
        raise WrongAnswer(
            f"with {name}, a tool waited in vain for the others: the calls ran one after "
            "another. Start them all, then await them together with asyncio.gather."
        ) from None
    except (ValueError, LookupError, TypeError, ConnectionError) as error:
        raise WrongAnswer(
            f"with {name}, your function raised {type(error).__name__}: {error}. One call's "
            "failure must not stop the others: catch it for that call and return it as "
            '{"error": "..."} in its tool message.'
        ) from None


@checker("06.1")
def check_execute_parallel(execute_parallel: Execute) -> None:
    """06.1 (seed 001, parallel execution): together, paired by id, failures contained."""
    expect(inspect.iscoroutinefunction(execute_parallel),
           "define execute_parallel with `async def`, so it can await the tools together.")

    name = "three calls to a tool that waits until all three are running"
    calls, messages = run_case(execute_parallel, three_calls_meeting, name)
    results = contents(messages, calls, name)
    expect(all(isinstance(r, dict) and "error" not in r for r in results),
           f"with {name}, some calls failed: {results}. If a call waited in vain, the calls "
           "ran one after another: start them all, then await them together (asyncio.gather).")
    expect([r.get("city") for r in results] == ["Beijing", "Seoul", "Tokyo"],
           f"with {name}, the results {results} do not match the cities of the calls with "
           "the same ids: each result must be paired with its own call's id.")

    name = "two calls where the second finishes first"
    calls, messages = run_case(execute_parallel, second_finishes_first, name)
    expect([r.get("city") for r in contents(messages, calls, name)] == ["Paris", "Seoul"],
           f"with {name}, each call's result must be paired with its own call.")

    name = "a good call, an unknown tool, broken JSON and a tool that raises"
    calls, messages = run_case(execute_parallel, four_calls_three_failing, name)
    good, unknown, broken, raised = contents(messages, calls, name)
    expect(good == {"city": "Beijing", "summary": "맑음, 28도"},
           f"with {name}, the good call's content should be its result; got {good!r}. One "
           "failing call must not stop or spoil the others.")
    for label, result in (("the unknown tool", unknown), ("the broken JSON", broken),
                          ("the tool that raises", raised)):
        expect(isinstance(result, dict) and "error" in result,
               f"with {name}, {label} should get a message like {{\"error\": \"...\"}}; "
               f"got {result!r}.")
    expect(all(tool in str(unknown["error"]) for tool in ("get_weather", "get_stock_price")),
           f"with {name}, the error for the unknown tool is {unknown['error']!r}; name the tools "
           "that do exist, so the model can choose one of them next turn.")
    expect("did not answer" in str(raised["error"]),
           f"with {name}, the error for the tool that raised is {raised['error']!r}; include the "
           "exception's message, so the model (and you) can see what went wrong.")


SSE_CASES: list[tuple[str, str, list[dict[str, Any]]]] = [
    ("an empty body", "", []),
    (
        "two progress events (event.to_sse())",
        ToolStartEvent(id="call_1", function="get_weather", args={"city": "베이징"}).to_sse()
        + AnswerEvent(content="베이징은 맑고 28도입니다.").to_sse(),
        [{"type": "tool_start", "id": "call_1", "function": "get_weather",
          "args": {"city": "베이징"}},
         {"type": "answer", "content": "베이징은 맑고 28도입니다."}],
    ),
    (
        "an OpenAI stream that ends with data: [DONE]",
        'data: {"choices":[{"delta":{"content":"Hi"}}]}\n\n'
        'data: {"choices":[],"usage":{"total_tokens":9}}\n\ndata: [DONE]\n\n',
        [{"choices": [{"delta": {"content": "Hi"}}]},
         {"choices": [], "usage": {"total_tokens": 9}}],
    ),
    (
        "keep-alive comments and an event: line",
        ': keep-alive\n\nevent: progress\ndata: {"type": "text_delta", "delta": "맑"}\n\n'
        ": ping\n\n",
        [{"type": "text_delta", "delta": "맑"}],
    ),
    (
        "data: without a space and lines ending in \\r\\n",
        'data:{"type": "answer", "content": "ok"}\r\n\r\ndata: [DONE]\r\n\r\n',
        [{"type": "answer", "content": "ok"}],
    ),
]


@checker("06.2")
def check_parse_sse(parse_sse: Callable[[str], list[dict[str, Any]]]) -> None:
    """06.2 (seed 001, SSE for a UI): the payloads of the data: lines, up to [DONE]."""
    for case, body, expected in SSE_CASES:
        try:
            got = parse_sse(body)
        except ValueError as error:
            raise WrongAnswer(
                f"with {case}, your function raised {type(error).__name__}: {error}. Parse only "
                "the text after 'data:' on data lines, and stop at [DONE], which is not JSON."
            ) from None
        expect(got == expected, f"with {case}, got {got!r}, expected {expected!r}.")
