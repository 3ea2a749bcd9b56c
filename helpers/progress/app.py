"""The progress app: one agent turn streamed as Server-Sent Events, and a page that shows it.

    GET /?token=...             page.html: ask a question, watch the tool calls and the answer
    GET /events?q=...&token=... text/event-stream: one agent turn's progress events, `data: {...}`

Every request needs the app's random token (as Jupyter's own server does) and a Host header
that names this server by a loopback name: otherwise any local process, or any web page open in
the learner's browser (a cross-origin EventSource, a DNS-rebound host name), could run agent
turns on the learner's API key and tools.

Seed 001's `stream_with_progress` yields `tool_start` / `tool_done` lines for a UI; here the
same events come from `Agent.run_stream`, and a client that goes away stops the turn.
"""

from __future__ import annotations

import hmac
import inspect
import secrets
from collections.abc import AsyncGenerator
from contextlib import aclosing
from dataclasses import dataclass, field
from importlib.resources import files
from typing import Any

import anyio
import openai
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from helpers.agent import Agent
from helpers.backend import connect_async
from helpers.demo_tools import demo_registry
from helpers.events import sse_message
from helpers.registry import ToolRegistry

PROGRESS_TYPES = ("tool_start", "tool_done", "text_delta", "answer", "alarm")
MAX_QUESTION_CHARS = 2000
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")


@dataclass
class Turn:
    """One question asked over /events: what was sent, and how the turn ended."""

    question: str
    sent: list[str] = field(default_factory=list)  # event types, in the order they were sent
    outcome: str = "running"  # running | answered | failed | cancelled (the client left)
    error: str | None = None


async def turn_events(agent: Agent, turn: Turn) -> AsyncGenerator[str, None]:
    """Run one agent turn; yield its progress events as SSE, and an `error` event if it fails."""
    try:
        async with aclosing(agent.run_stream(turn.question)) as events:
            async for event in events:
                if event.type in PROGRESS_TYPES:
                    turn.sent.append(event.type)
                    yield event.to_sse()
        turn.outcome = "answered"
    except Exception as error:  # the learner and the page must see why the turn stopped
        turn.outcome, turn.error = "failed", f"{type(error).__name__}: {error}"
        turn.sent.append("error")
        yield sse_message({"type": "error", "error": type(error).__name__, "message": str(error)})
    finally:
        if turn.outcome == "running":
            turn.outcome = "cancelled"


class EventStream(StreamingResponse):
    """A text/event-stream response that stops its generator as soon as the client leaves.

    Two tasks: one sends the events, one waits for the client's disconnect; whichever ends
    first cancels the other. Closing the generator closes `Agent.run_stream`, which cancels the
    agent's loop, so no further model call or tool call starts for a client that has gone.
    """

    media_type = "text/event-stream"

    def __init__(self, events: AsyncGenerator[str, None]) -> None:
        super().__init__(events, headers={"Cache-Control": "no-store"})
        self.events = events

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Send the events until they end or the client leaves; always close the generator."""
        try:
            async with anyio.create_task_group() as tasks:
                tasks.start_soon(self.send_then_stop, send, tasks.cancel_scope)
                await self.listen_for_disconnect(receive)
                tasks.cancel_scope.cancel()
        finally:
            with anyio.CancelScope(shield=True):
                await self.events.aclose()

    async def send_then_stop(self, send: Send, scope: anyio.CancelScope) -> None:
        """Send every event, then stop waiting for a disconnect."""
        await self.stream_response(send)
        scope.cancel()


def question_problem(question: str) -> str | None:
    """What is wrong with the `q` parameter, in a sentence, or None."""
    if not question.strip():
        return "Ask a question with the q parameter, e.g. /events?q=What's the weather in Seoul?"
    if len(question) > MAX_QUESTION_CHARS:
        return f"The question has {len(question)} characters; at most {MAX_QUESTION_CHARS}."
    return None


def allowed_hosts(scope: Scope) -> list[str]:
    """The Host headers that name this server: a loopback name with the port it listens on."""
    server = scope.get("server")
    if server is None:  # served on a Unix socket: there is no port to name
        return list(LOOPBACK_NAMES)
    names = [f"{name}:{server[1]}" for name in LOOPBACK_NAMES]
    if server[1] == 80:  # the default port may be left out of the Host header
        names += LOOPBACK_NAMES
    return names


def host_problem(request: Request) -> str | None:
    """Why the request's Host header is not this server's own address, or None."""
    host = request.headers.get("host", "")
    allowed = allowed_hosts(request.scope)
    if host in allowed:
        return None
    return (
        f"Host {host!r} is not this progress server's address; it answers only to "
        f"{', '.join(allowed)}. Open the address that server.url shows."
    )


def token_problem(request: Request, token: str) -> str | None:
    """Why the request does not carry this server's token, or None."""
    given = request.query_params.get("token")
    if given is None:
        return (
            "This progress server needs its token: open the address that server.url shows "
            "(it carries ?token=...); the page passes the token on to /events."
        )
    if not hmac.compare_digest(given.encode(), token.encode()):
        return "The token is not this progress server's token: open the address server.url shows."
    return None


class LocalTokenGuard:
    """ASGI middleware: answer 403 with the reason unless the Host and the token are right."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app, self.token = app, token

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass a request on to the app only if it names this server and carries its token."""
        if scope["type"] == "http":
            request = Request(scope)
            problem = host_problem(request) or token_problem(request, self.token)
            if problem:
                await JSONResponse({"error": problem}, status_code=403)(scope, receive, send)
                return
        await self.app(scope, receive, send)


def create_app(
    registry: ToolRegistry | None = None,
    *,
    client: openai.AsyncOpenAI | None = None,
    token: str | None = None,
    **agent_options: Any,
) -> Starlette:
    """The Starlette app; each /events request runs a new Agent(client, registry, ...).

    Defaults: the demo tools, one client for the configured backend (offline unless the
    environment says otherwise), made once here so its one-line description prints once, and
    a new random token (app.state.token) that every request must carry as ?token=...
    """
    token = token or secrets.token_urlsafe(32)
    registry = registry if registry is not None else demo_registry()
    client = client if client is not None else connect_async()
    if not isinstance(client, openai.AsyncOpenAI):
        raise TypeError(
            f"The progress server streams with Agent.run_stream, which needs an "
            f"openai.AsyncOpenAI client (helpers.connect_async()); got {type(client).__name__}."
        )
    inspect.signature(Agent).bind(client, registry, **agent_options)  # a misspelt option fails here
    page_html = files("helpers.progress").joinpath("page.html").read_text(encoding="utf-8")
    turns: list[Turn] = []

    async def page(request: Request) -> Response:
        """GET /: the page that asks a question and lists its events."""
        return HTMLResponse(page_html)

    async def events(request: Request) -> Response:
        """GET /events?q=...: one turn of a new agent, streamed; a bad question is a 400."""
        question = request.query_params.get("q", "")
        problem = question_problem(question)
        if problem:
            return JSONResponse({"error": problem}, status_code=400)
        turn = Turn(question.strip())
        turns.append(turn)
        agent = Agent(client, registry, **agent_options)
        return EventStream(turn_events(agent, turn))

    app = Starlette(
        routes=[Route("/", page), Route("/events", events)],
        middleware=[Middleware(LocalTokenGuard, token=token)],
    )
    app.state.token = token
    app.state.registry = registry
    app.state.turns = turns
    return app
