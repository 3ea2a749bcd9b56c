"""The progress app without a server: for the browser, where no program can listen on a port.

JupyterLite's kernel runs inside the page, so uvicorn cannot serve there. The same Starlette
app (helpers.progress.app) is called in process, as a server would call it (ASGI: a `scope`
describing the request, `receive` for the request body, `send` for each piece of the
response), and each `data: {...}` event it streams is shown in a widget as it arrives.

    progress = InPageProgress(registry)      # same arguments as start_progress_server
    progress                                 # the widget: one line per event
    await progress.ask("베이징 날씨 어때?")     # the SSE messages, as a browser would read them
"""

from __future__ import annotations

import asyncio
import html
import json
from typing import Any
from urllib.parse import urlencode

import ipywidgets as widgets
import openai

from helpers.progress.app import Turn, create_app
from helpers.registry import ToolRegistry
from helpers.widgets.style import FullTextRepr

HOST, PORT = "127.0.0.1", 80  # the address the request names (the app checks the Host header)


def request_scope(path: str, query: dict[str, str]) -> dict[str, Any]:
    """The ASGI scope of `GET path?query`, as uvicorn would build it for a loopback client."""
    return {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET",
        "scheme": "http", "path": path, "raw_path": path.encode(), "root_path": "",
        "query_string": urlencode(query).encode(), "headers": [(b"host", HOST.encode())],
        "client": (HOST, 50000), "server": (HOST, PORT),
    }  # fmt: skip


def sse_messages(buffer: str) -> tuple[list[str], str]:
    """Complete SSE messages (ended by a blank line) in `buffer`, and the incomplete rest."""
    *complete, rest = buffer.split("\n\n")
    return [message for message in complete if message.strip()], rest


class InPageProgress(FullTextRepr, widgets.VBox):
    """The progress page's events for one question at a time, shown as they arrive."""

    def __init__(
        self,
        registry: ToolRegistry | None = None,
        *,
        client: openai.AsyncOpenAI | None = None,
        **agent_options: Any,
    ) -> None:
        """The same app as `start_progress_server(registry, client=..., **agent_options)`."""
        self.app = create_app(registry, client=client, **agent_options)
        self.status = 0  # HTTP status of the last response
        super().__init__(children=[widgets.HTML("<i>No question asked yet.</i>")])

    @property
    def turns(self) -> list[Turn]:
        """Every question asked so far, with the events sent and how each turn ended."""
        return self.app.state.turns

    async def ask(self, question: str) -> list[str]:
        """GET /events?q=question in process; each SSE message is shown as it arrives."""
        self.children = []
        messages: list[str] = []
        buffer = ""

        async def send(message: dict[str, Any]) -> None:
            nonlocal buffer
            if message["type"] == "http.response.start":
                self.status = message["status"]
            elif message["type"] == "http.response.body":
                buffer += message.get("body", b"").decode("utf-8")
                complete, buffer = sse_messages(buffer)
                for sse in complete:
                    messages.append(sse)
                    self.children = [*self.children, widgets.HTML(event_line(sse))]

        query = {"q": question, "token": self.app.state.token}
        await self.app(request_scope("/events", query), receive_nothing(), send)
        if buffer.strip():  # a refusal (400, 403) is a JSON body, not an event stream
            messages.append(buffer)
            self.children = [*self.children, widgets.HTML(event_line(buffer))]
        return messages

    def __repr__(self) -> str:
        turn = self.turns[-1] if self.turns else None
        shown = f"last turn {turn.outcome}, {len(turn.sent)} events" if turn else "no turn yet"
        return f"InPageProgress(in process, no server; {shown})"


def receive_nothing() -> Any:
    """An ASGI `receive`: an empty GET body, then the client stays until the response ends."""
    sent_body = False

    async def receive() -> dict[str, Any]:
        nonlocal sent_body
        if not sent_body:
            sent_body = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await asyncio.Event().wait()  # never set: the app cancels this wait when it is done
        return {"type": "http.disconnect"}

    return receive


def event_line(sse: str) -> str:
    """One SSE message as a line of HTML: its type in bold, then the rest of its data."""
    try:
        payload = json.loads(sse.removeprefix("data: "))
    except json.JSONDecodeError:
        return f"<code>{html.escape(sse)}</code>"
    kind = str(payload.pop("type", "?"))
    rest = json.dumps(payload, ensure_ascii=False)
    return f"<b>{html.escape(kind)}</b> <code>{html.escape(rest)}</code>"
