"""A live progress page for one agent turn, over Server-Sent Events (seed 001, UI progress).

    from helpers.progress import start_progress_server

    server = start_progress_server()      # the demo tools; or start_progress_server(registry)
    server                                # ProgressServer(running at http://127.0.0.1:<port>/?token=…)
    server.page_url("베이징 날씨 어때?")   # open it: the page asks, and shows each step live
    server.events_url("베이징 날씨 어때?") # the raw stream: data: {"type": "tool_start", ...}
    server.turns                          # each question: event types sent, how it ended
    server.stop()                         # or let it end with the kernel

`start_progress_server(registry=None, *, host="127.0.0.1", port=None, client=None, token=None,
**agent_options)` serves, from a daemon thread on a free loopback port, to clients that carry
its random token (`?token=...`, in every URL above) and name it by a loopback address (Host
127.0.0.1, localhost or [::1] with its port); anything else gets a 403 that says why:

- `GET /`: a small page that opens an EventSource and lists the events as they arrive;
- `GET /events?q=<question>&token=...`: one turn of a new `Agent(client, registry, **agent_options)`
  (client defaults to helpers.backend.connect_async()) as `text/event-stream`. It sends the
  progress events `tool_start`, `tool_done`, `text_delta`, `answer` and `alarm` in their
  Event.to_sse() form, and `{"type": "error", "error": <exception name>, "message": ...}` if
  the turn fails. A client that disconnects cancels the turn: no further model or tool call.

`create_app(...)` returns the same Starlette app without starting a server.
"""

from helpers.progress.app import PROGRESS_TYPES, Turn, create_app
from helpers.progress.server import ProgressServer, start_progress_server

__all__ = ["PROGRESS_TYPES", "ProgressServer", "Turn", "create_app", "start_progress_server"]
