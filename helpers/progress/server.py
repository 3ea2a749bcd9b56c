"""ProgressServer: the progress app served by uvicorn in a background thread of the kernel.

The port is chosen free by the operating system; the thread is a daemon and an atexit hook
stops the server, so it goes away with the notebook's kernel.
"""

from __future__ import annotations

import atexit
import html
import socket
import threading
import time
from typing import Any
from urllib.parse import urlencode

import openai
import uvicorn

from helpers.progress.app import Turn, create_app
from helpers.registry import ToolRegistry

START_TIMEOUT = 10.0


def bind_socket(host: str, port: int | None) -> socket.socket:
    """A listening socket; port None (or 0) lets the operating system pick a free one."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        listener.bind((host, port or 0))
    except OSError as error:
        listener.close()
        raise OSError(
            f"Cannot listen on {host}:{port}: {error.strerror}. Leave port=None to get a free port."
        ) from error
    listener.listen(16)
    return listener


class ProgressServer:
    """A running progress server: `.url` is the page, `.events_url(q)` the SSE stream."""

    def __init__(self, app: Any, listener: socket.socket) -> None:
        self.app = app
        self.host, self.port = listener.getsockname()[:2]
        self._listener = listener
        config = uvicorn.Config(
            app, log_level="warning", access_log=False, lifespan="off",
            timeout_graceful_shutdown=2,
        )  # fmt: skip
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(
            target=self._server.run, kwargs={"sockets": [listener]},
            name=f"progress-server-{self.port}", daemon=True,
        )  # fmt: skip

    @property
    def token(self) -> str:
        """The random token every request must carry (?token=...); the URLs below include it."""
        return self.app.state.token

    @property
    def url(self) -> str:
        """The page's address, with the token."""
        return self.page_url()

    def page_url(self, question: str | None = None) -> str:
        """The page; with a question, the page asks it as soon as it opens."""
        query = {"token": self.token} | ({"q": question} if question else {})
        return f"http://{self.host}:{self.port}/?{urlencode(query)}"

    def events_url(self, question: str) -> str:
        """The SSE stream of one agent turn answering `question`."""
        query = {"q": question, "token": self.token}
        return f"http://{self.host}:{self.port}/events?{urlencode(query)}"

    @property
    def running(self) -> bool:
        """Whether the server thread is still serving."""
        return self._thread.is_alive()

    @property
    def turns(self) -> list[Turn]:
        """Every question asked so far, with the events sent and how each turn ended."""
        return self.app.state.turns

    def start(self) -> ProgressServer:
        """Start serving in a daemon thread; return once uvicorn accepts connections."""
        self._thread.start()
        deadline = time.monotonic() + START_TIMEOUT
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError(
                    f"The progress server did not start on {self.host}:{self.port}: uvicorn "
                    f"stopped or took longer than {START_TIMEOUT:g} s (its log above says why)."
                )
            time.sleep(0.01)
        atexit.register(self.stop)
        return self

    def stop(self) -> None:
        """Stop serving (open streams are cancelled) and free the port. Safe to call twice."""
        atexit.unregister(self.stop)
        self._server.should_exit = True
        if self._thread.is_alive():
            self._thread.join(timeout=10)
        self._listener.close()

    def __repr__(self) -> str:
        state = "running" if self.running else "stopped"
        tools = ", ".join(self.app.state.registry.names) or "none"
        return f"ProgressServer({state} at {self.url}; tools: {tools})"

    def _repr_html_(self) -> str:
        state = "running" if self.running else "stopped"
        url = html.escape(self.url)
        return f'ProgressServer {state}: <a href="{url}" target="_blank">{url}</a>'


def start_progress_server(
    registry: ToolRegistry | None = None,
    *,
    host: str = "127.0.0.1",
    port: int | None = None,
    client: openai.AsyncOpenAI | None = None,
    token: str | None = None,
    **agent_options: Any,
) -> ProgressServer:
    """Serve the progress page and /events for `registry` (default: the demo tools); every
    request needs `token` (default: a new random one), which `server.url` carries."""
    app = create_app(registry, client=client, token=token, **agent_options)
    return ProgressServer(app, bind_socket(host, port)).start()
