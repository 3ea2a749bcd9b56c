"""The progress app in process: the page, a turn's events in order, bad input, a client leaving."""

from __future__ import annotations

import asyncio
from typing import Any
from urllib.parse import urlencode

import httpx2
import openai
import pytest
from progress_support import SlowSteps, calls_to_slow_step, parse_sse
from starlette.applications import Starlette

from helpers.backend import connect, connect_async
from helpers.progress import PROGRESS_TYPES, create_app

SERVER = "http://127.0.0.1:8765"  # the address the in-process requests name (Host header)


def get(app: Starlette, path: str, **params: str) -> httpx2.Response:
    """One request to the app in process, with its token (the whole response, read to its end)."""

    async def fetch() -> httpx2.Response:
        transport = httpx2.ASGITransport(app=app)
        async with httpx2.AsyncClient(transport=transport, base_url=SERVER) as http:
            response = await http.get(path, params={**params, "token": app.state.token})
            await response.aread()
            return response

    return asyncio.run(fetch())


def test_the_page_listens_to_the_events_endpoint() -> None:
    response = get(create_app(), "/")

    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert "new EventSource(`events?" in response.text
    for kind in PROGRESS_TYPES:
        assert f'"{kind}"' in response.text, f"the page does not show {kind} events"


def test_a_weather_question_streams_tool_start_done_text_and_answer_in_order() -> None:
    app = create_app()
    response = get(app, "/events", q="베이징 날씨 어때?")

    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/event-stream")
    events = parse_sse(response.text)
    kinds = [event["type"] for event in events]
    assert kinds[:2] == ["tool_start", "tool_done"]
    assert kinds[-1] == "answer"
    assert set(kinds[2:-1]) == {"text_delta"} and len(kinds) > 4
    start, done = events[0], events[1]
    assert start["function"] == done["function"] == "get_weather"
    assert start["id"] == done["id"] and done["ok"] is True
    assert "28" in done["content"]
    streamed = "".join(event["delta"] for event in events[2:-1])
    assert streamed == events[-1]["content"] and "28" in streamed
    [turn] = app.state.turns
    assert (turn.question, turn.outcome, turn.sent) == ("베이징 날씨 어때?", "answered", kinds)


@pytest.mark.parametrize(
    ("params", "named"),
    [({}, "q parameter"), ({"q": "   "}, "q parameter"), ({"q": "x" * 2001}, "at most 2000")],
)
def test_a_missing_or_oversized_question_is_a_400_that_says_why(
    params: dict[str, str], named: str
) -> None:
    app = create_app()
    response = get(app, "/events", **params)

    assert response.status_code == 400
    assert named in response.json()["error"]
    assert app.state.turns == []


def test_a_failing_turn_ends_with_the_alarm_and_an_error_event() -> None:
    script = [[{"name": "weather_lookup", "arguments": {"city": "Seoul"}}]] * 3
    app = create_app(client=connect_async(script=script), alarm_after=3)
    events = parse_sse(get(app, "/events", q="Seoul weather?").text)

    kinds = [event["type"] for event in events]
    assert kinds == ["tool_start", "tool_done"] * 3 + ["alarm", "error"]
    assert all(event["error_kind"] == "unknown_tool" for event in events[1:6:2])
    assert events[-1]["error"] == "RepeatedToolError"
    assert "weather_lookup" in events[-1]["message"]
    [turn] = app.state.turns
    assert turn.outcome == "failed" and turn.error.startswith("RepeatedToolError")


async def leave_after_first_tool_start(app: Starlette, question: str) -> list[bytes]:
    """Call the app as an ASGI server would, and disconnect once a tool_start arrives."""
    tool_started = asyncio.Event()
    request_sent = False
    bodies: list[bytes] = []

    async def receive() -> dict[str, Any]:
        nonlocal request_sent
        if not request_sent:
            request_sent = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await tool_started.wait()
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.body":
            bodies.append(message["body"])
            if b'"tool_start"' in message["body"]:
                tool_started.set()

    scope = {
        "type": "http", "asgi": {"version": "3.0", "spec_version": "2.3"},
        "http_version": "1.1", "method": "GET", "scheme": "http", "root_path": "",
        "path": "/events", "raw_path": b"/events", "headers": [(b"host", b"127.0.0.1:8765")],
        "query_string": urlencode({"q": question, "token": app.state.token}).encode(),
        "server": ("127.0.0.1", 8765), "client": ("127.0.0.1", 5000),
    }  # fmt: skip
    await asyncio.wait_for(app(scope, receive, send), timeout=10)
    return bodies


def test_a_client_that_leaves_mid_stream_cancels_the_turn_and_its_tool() -> None:
    steps = SlowSteps(seconds=1.0)
    client = connect_async(script=calls_to_slow_step(3))
    app = create_app(steps.registry, client=client)

    async def leave_then_wait() -> list[bytes]:
        bodies = await leave_after_first_tool_start(app, "Run the long job.")
        await asyncio.sleep(1.2)  # longer than one step: a step still running would finish
        return bodies

    bodies = asyncio.run(leave_then_wait())

    [turn] = app.state.turns
    assert turn.outcome == "cancelled"
    assert turn.sent == ["tool_start"]
    assert [event["type"] for event in parse_sse(b"".join(bodies).decode())] == ["tool_start"]
    assert (steps.started, steps.cancelled, steps.finished) == (1, 1, 0)


def test_the_app_needs_an_async_client_and_known_agent_options() -> None:
    with pytest.raises(TypeError, match="openai.AsyncOpenAI"):
        create_app(client=connect())
    with pytest.raises(TypeError, match="max_iteration"):
        create_app(client=connect_async(), max_iteration=3)
    assert isinstance(connect_async(), openai.AsyncOpenAI)
