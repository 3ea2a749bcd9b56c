"""Who may use the progress app: only a client with its token, addressed by a loopback name.

Without these checks any local process, or any web page open in the learner's browser (a
cross-origin EventSource, a DNS-rebound host name), could run agent turns on the learner's key.
"""

from __future__ import annotations

import asyncio

import httpx2
import pytest
from progress_support import parse_sse
from starlette.applications import Starlette

from helpers.progress import create_app

TOKEN = "a-test-token-of-the-right-shape"
SERVER = "http://127.0.0.1:8765"


def get(
    app: Starlette, path: str, *, base_url: str = SERVER, host: str | None = None, **params: str
) -> httpx2.Response:
    """One request to the app in process; `host` overrides the Host header."""

    async def fetch() -> httpx2.Response:
        transport = httpx2.ASGITransport(app=app)
        headers = {"Host": host} if host else {}
        async with httpx2.AsyncClient(transport=transport, base_url=base_url) as http:
            response = await http.get(path, params=params, headers=headers)
            await response.aread()
            return response

    return asyncio.run(fetch())


@pytest.mark.parametrize("path", ["/", "/events"])
def test_a_request_without_the_token_is_a_403_that_names_the_token(path: str) -> None:
    app = create_app(token=TOKEN)
    response = get(app, path, q="베이징 날씨 어때?")

    assert response.status_code == 403
    assert "token" in response.json()["error"]
    assert app.state.turns == []


def test_a_wrong_token_is_a_403_and_runs_no_turn() -> None:
    app = create_app(token=TOKEN)
    response = get(app, "/events", q="베이징 날씨 어때?", token=TOKEN[:-1] + "X")

    assert response.status_code == 403
    assert "token" in response.json()["error"]
    assert app.state.turns == []


@pytest.mark.parametrize(
    "host", ["attacker.example", "attacker.example:8765", "127.0.0.1:9999", "127.0.0.1.nip.io:8765"]
)
def test_a_foreign_host_header_is_rejected_even_with_the_token(host: str) -> None:
    app = create_app(token=TOKEN)
    response = get(app, "/events", host=host, q="베이징 날씨 어때?", token=TOKEN)

    assert response.status_code in (400, 403)
    assert host in response.json()["error"] and "127.0.0.1:8765" in response.json()["error"]
    assert app.state.turns == []


@pytest.mark.parametrize("host", ["127.0.0.1:8765", "localhost:8765", "[::1]:8765"])
def test_the_right_token_and_a_loopback_name_run_the_turn(host: str) -> None:
    app = create_app(token=TOKEN)
    response = get(app, "/events", host=host, q="베이징 날씨 어때?", token=TOKEN)

    assert response.status_code == 200
    kinds = [event["type"] for event in parse_sse(response.text)]
    assert kinds[:2] == ["tool_start", "tool_done"] and kinds[-1] == "answer"
    assert [turn.outcome for turn in app.state.turns] == ["answered"]


def test_the_page_with_its_token_passes_the_token_on_to_the_events() -> None:
    response = get(create_app(token=TOKEN), "/", token=TOKEN)

    assert response.status_code == 200
    assert 'params.get("token")' in response.text
    assert "new EventSource(`events?${new URLSearchParams({ q: question, token })}`)" in (
        response.text
    )


def test_each_app_gets_its_own_random_token() -> None:
    first, second = create_app(), create_app()

    assert first.state.token != second.state.token
    assert len(first.state.token) >= 32
