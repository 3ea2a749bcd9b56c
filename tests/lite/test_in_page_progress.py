"""The progress app called in process (the browser's way): same events, shown in a widget."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys

import pytest

from helpers import coroutines
from helpers.progress import InPageProgress, start_progress_server


@pytest.fixture(autouse=True)
def offline_model(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WORKBOOK_FORCE_OFFLINE", "1")


def types_of(messages: list[str]) -> list[str]:
    return [json.loads(m.removeprefix("data: "))["type"] for m in messages]


def test_one_turn_streams_its_events_into_the_widget() -> None:
    progress = InPageProgress()
    messages = asyncio.run(progress.ask("베이징 날씨 어때?"))
    kinds = types_of(messages)
    assert kinds[0] == "tool_start" and kinds[-1] == "answer"
    assert kinds.index("tool_done") > kinds.index("tool_start")
    assert progress.status == 200
    assert len(progress.children) == len(messages)
    assert "<b>tool_start</b>" in progress.children[0].value
    assert progress.turns[-1].outcome == "answered"
    shown = f"InPageProgress(in process, no server; last turn answered, {len(kinds)} events)"
    assert repr(progress) == shown


def test_a_refused_question_shows_the_reason() -> None:
    progress = InPageProgress()
    messages = asyncio.run(progress.ask("   "))
    assert progress.status == 400
    assert "Ask a question with the q parameter" in messages[0]
    assert "Ask a question" in progress.children[0].value


def test_the_server_says_to_use_the_in_page_app_in_the_browser(monkeypatch) -> None:
    monkeypatch.setattr(coroutines, "in_browser", lambda: True)
    with pytest.raises(RuntimeError, match="InPageProgress"):
        start_progress_server()


def test_uvicorn_is_imported_only_when_a_server_starts() -> None:
    code = "import sys, helpers.progress; print('uvicorn' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
