"""The progress page in Chromium: events arrive live over SSE, in order, and the page shows them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lab_harness import save_screenshot

from helpers.demo_tools import demo_registry
from helpers.progress import ProgressServer, start_progress_server

pytestmark = pytest.mark.browser

TOOL_SECONDS = 2.0  # slow tools: the page must show a tool_start before its tool_done exists
ROW_TYPES_JS = "() => [...document.querySelectorAll('#events li')].map(li => li.dataset.type)"
ROW_TEXT_JS = "(type) => document.querySelector(`#events li[data-type='${type}'] pre`).textContent"


@pytest.fixture(scope="module")
def server() -> Iterator[ProgressServer]:
    running = start_progress_server(demo_registry(delay=TOOL_SECONDS))
    yield running
    running.stop()


def wait_until_done(page: Any) -> None:
    page.wait_for_function(
        "() => /^(Done|Stopped)/.test(document.getElementById('status').textContent)",
        timeout=30_000,
    )


def test_a_question_in_the_url_streams_tool_start_tool_done_text_then_answer(
    page: Any, server: ProgressServer, screenshots: Path
) -> None:
    asked_before = len(server.turns)
    page.goto(server.page_url("베이징 날씨 어때?"))
    # a bound, not a speed test: the first turn loads the offline model (slow on a busy machine)
    page.wait_for_selector("#events li[data-type='tool_start']", timeout=60_000)
    shown_while_the_tool_runs = page.evaluate(ROW_TYPES_JS)
    wait_until_done(page)
    save_screenshot(page, screenshots / "progress-page.png")

    assert shown_while_the_tool_runs == ["tool_start"]  # live: not buffered until the end
    received = page.evaluate("() => window.progressEvents")
    assert received[:2] == ["tool_start", "tool_done"]
    assert received[-1] == "answer"
    assert set(received[2:-1]) == {"text_delta"} and len(received) > 3
    assert page.evaluate(ROW_TYPES_JS) == ["tool_start", "tool_done", "text_delta", "answer"]
    assert "get_weather" in page.evaluate(ROW_TEXT_JS, "tool_start")
    assert "맑음, 28도" in page.evaluate(ROW_TEXT_JS, "tool_done")
    answer = page.evaluate(ROW_TEXT_JS, "answer")
    assert page.evaluate(ROW_TEXT_JS, "text_delta") == answer and "28" in answer
    assert page.text_content("#status").startswith(f"Done: {len(received)} events")
    page.wait_for_timeout(3500)  # EventSource reconnects after 3 s if the page forgot to close it
    assert [turn.outcome for turn in server.turns[asked_before:]] == ["answered"]


def test_the_form_asks_a_question_whose_two_tools_run_side_by_side(
    page: Any, server: ProgressServer
) -> None:
    page.goto(server.page_url())
    page.fill("#question", "What's the weather in Paris and London?")
    page.click("button[type=submit]")
    wait_until_done(page)

    rows = page.evaluate(ROW_TYPES_JS)
    assert rows == ["tool_start", "tool_start", "tool_done", "tool_done", "text_delta", "answer"]
    answer = page.evaluate(ROW_TEXT_JS, "answer")
    assert "Paris" in answer and "London" in answer
    assert server.turns[-1].question == "What's the weather in Paris and London?"


CROSS_ORIGIN_ASK_JS = """(url) => new Promise((resolve) => {
  const source = new EventSource(url);
  source.onmessage = () => { source.close(); resolve("message"); };
  source.onerror = () => { source.close(); resolve("refused"); };
})"""


def test_a_page_from_another_origin_cannot_run_a_turn(page: Any, server: ProgressServer) -> None:
    asked_before = len(server.turns)
    page.set_content("<h1>Some other web page the learner has open</h1>")
    without_token = server.events_url("베이징 날씨 어때?").replace(f"&token={server.token}", "")
    outcome = page.evaluate(CROSS_ORIGIN_ASK_JS, without_token)

    assert outcome == "refused"
    assert len(server.turns) == asked_before
