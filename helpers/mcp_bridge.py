"""The seven steps over the Model Context Protocol (MCP): tools that live in a server.

Seed 000's insight 7 says the tool-calling protocol carries across vendors. MCP moves only
where the tools live. Two halves, both on the official Python SDK (`mcp`):

- `serve_registry(registry)`: a ToolRegistry served as an MCP server (stdio or streamable
  HTTP). `tools/list` sends each tool's JSON Schema unchanged; `tools/call` runs the tool
  through the registry, so its errors are the registry's own texts, marked `isError`.
- `connect_mcp(server)`: any MCP server's tools as a `McpRegistry`, a ToolRegistry whose tools
  run in that server. Step 1 becomes discovery (`tools/list`); step 2 sends the definitions
  unchanged; step 5 checks the call here (unknown name, bad JSON, schema), then makes it a
  remote call (`tools/call`). A server error, a timeout or a server that died becomes an error
  text for the model, like any tool error, so every call still gets its one tool message.

The client session lives on its own event loop in a daemon thread, so sync code, Jupyter's
loop and `asyncio.run` can all call it. `close()` (or leaving `with`/`async with`, or the
interpreter exiting) ends the session, and with it the stdio server process.

    python -m helpers.mcp_bridge --demo                       # the demo tools over stdio
    python -m helpers.mcp_bridge --demo --transport streamable-http --port 8765
"""

from __future__ import annotations

import argparse
import asyncio
import atexit
import concurrent.futures
import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import warnings
from collections.abc import AsyncIterator, Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TextIO

import anyio
import mcp_types as types
import uvicorn
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server
from mcp.shared.exceptions import MCPError
from mcp.shared.message import SessionMessage

from helpers.coroutines import in_daemon_thread
from helpers.errors import ToolDefinitionWarning
from helpers.parallel import timeout_result
from helpers.registry import ToolRegistry, ToolResult, tool_error

Transport = Literal["stdio", "streamable-http"]
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765
MCP_PATH = "/mcp"
CALL_TIMEOUT = 30.0  # seconds one tools/call may take before the model is told it timed out
START_TIMEOUT = 60.0  # seconds a server may take to start and answer tools/list
STOP_TIMEOUT = 10.0  # seconds to wait for a session or a server process to end


# ---- serving a registry (the server side) ----


def mcp_tool(definition: dict[str, Any]) -> types.Tool:
    """Step 1 as MCP lists it: a chat-completions tool definition -> an MCP Tool, the
    JSON Schema passed on as it is (`parameters` becomes `inputSchema`)."""
    function = definition["function"]
    return types.Tool(
        name=function["name"],
        description=function.get("description"),
        input_schema=function["parameters"],
    )


def call_result(result: ToolResult) -> types.CallToolResult:
    """Step 5's result as MCP sends it: the registry's text; an error is marked `isError`."""
    return types.CallToolResult(
        content=[types.TextContent(type="text", text=result.content)], is_error=not result.ok
    )


def build_server(registry: ToolRegistry, name: str = "workbook-tools") -> Server[Any]:
    """An MCP server whose `tools/list` and `tools/call` are the registry's steps 1 and 5."""

    async def list_tools(_ctx: Any, _params: Any) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[mcp_tool(d) for d in registry.definitions()])

    async def call_tool(_ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        return call_result(await registry.call_async(params.name, params.arguments or {}))

    return Server(name, on_list_tools=list_tools, on_call_tool=call_tool)


async def serve_stdio(server: Server[Any]) -> None:
    """Serve one client over this process's stdin and stdout until stdin closes."""
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


def http_server(server: Server[Any], host: str, port: int) -> uvicorn.Server:
    """A uvicorn server for the MCP endpoint at http://host:port/mcp (not started yet)."""
    app = server.streamable_http_app(streamable_http_path=MCP_PATH, host=host)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", lifespan="on")
    return uvicorn.Server(config)


def stop_when_stdin_closes(server: uvicorn.Server) -> None:
    """Stop `server` once stdin reaches its end: the parent closed it, or the parent died."""

    def watch() -> None:
        sys.stdin.buffer.read()
        server.should_exit = True

    threading.Thread(target=watch, name="mcp: stdin watch", daemon=True).start()


def serve_registry(
    registry: ToolRegistry,
    transport: Transport = "stdio",
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    *,
    name: str = "workbook-tools",
    until_stdin_closes: bool = False,
) -> None:
    """Serve the registry's tools over MCP until stopped (blocks): over this process's stdio,
    or over streamable HTTP at http://host:port/mcp."""
    server = build_server(registry, name)
    if transport == "stdio":
        anyio.run(serve_stdio, server)
    elif transport == "streamable-http":
        web = http_server(server, host, port)
        if until_stdin_closes:
            stop_when_stdin_closes(web)
        web.run()
    else:
        raise ValueError(f"transport must be 'stdio' or 'streamable-http', not {transport!r}.")


def main(argv: Sequence[str] | None = None) -> None:
    """`python -m helpers.mcp_bridge --demo`: serve the workbook's demo tools over MCP."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--demo", action="store_true", help="serve helpers.demo_tools")
    parser.add_argument("--transport", choices=["stdio", "streamable-http"], default="stdio")
    parser.add_argument("--host", default=DEFAULT_HOST)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--delay", type=float, default=0.0, help="slow every tool down (s)")
    parser.add_argument(
        "--until-stdin-closes",
        action="store_true",
        help="(HTTP) stop when stdin closes, e.g. when the parent exits",
    )
    options = parser.parse_args(argv)
    if not options.demo:
        parser.error("say which tools to serve: --demo (helpers.demo_tools.demo_registry())")
    from helpers.demo_tools import demo_registry

    serve_registry(
        demo_registry(delay=options.delay),
        options.transport,
        options.host,
        options.port,
        name="workbook-demo-tools",
        until_stdin_closes=options.until_stdin_closes,
    )


# ---- the wire, recorded (what the lesson shows) ----


@dataclass(frozen=True)
class WireMessage:
    """One JSON-RPC message as it crossed the transport: "sent" by us or "received"."""

    direction: Literal["sent", "received"]
    message: dict[str, Any]

    @property
    def method(self) -> str | None:
        """The request's or notification's method, e.g. "tools/list"; None for a response."""
        return self.message.get("method")


def as_json(item: SessionMessage | Exception) -> dict[str, Any]:
    """A transport item as the JSON object on the wire (an exception as its text)."""
    if isinstance(item, Exception):
        return {"transport_error": f"{type(item).__name__}: {item}"}
    return item.message.model_dump(mode="json", by_alias=True, exclude_unset=True)


class RecordedRead:
    """The transport's read stream, recording each message it delivers."""

    def __init__(self, stream: Any, wire: list[WireMessage]) -> None:
        self.stream, self.wire = stream, wire

    async def receive(self) -> SessionMessage | Exception:
        """The next message from the server, recorded as "received"."""
        item = await self.stream.receive()
        self.wire.append(WireMessage("received", as_json(item)))
        return item

    def __aiter__(self) -> RecordedRead:
        return self

    async def __anext__(self) -> SessionMessage | Exception:
        try:
            return await self.receive()
        except (anyio.EndOfStream, anyio.ClosedResourceError):
            raise StopAsyncIteration from None

    async def aclose(self) -> None:
        await self.stream.aclose()

    async def __aenter__(self) -> RecordedRead:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()


class RecordedWrite:
    """The transport's write stream, recording each message it sends."""

    def __init__(self, stream: Any, wire: list[WireMessage]) -> None:
        self.stream, self.wire = stream, wire

    async def send(self, item: SessionMessage, /) -> None:
        """A message to the server, recorded as "sent"."""
        self.wire.append(WireMessage("sent", as_json(item)))
        await self.stream.send(item)

    async def aclose(self) -> None:
        await self.stream.aclose()

    async def __aenter__(self) -> RecordedWrite:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()


@contextlib.asynccontextmanager
async def recorded(
    transport: contextlib.AbstractAsyncContextManager[Any], wire: list[WireMessage]
) -> AsyncIterator[tuple[RecordedRead, RecordedWrite]]:
    """A transport whose messages are also appended to `wire`."""
    async with transport as streams:
        yield RecordedRead(streams[0], wire), RecordedWrite(streams[1], wire)


# ---- using a server's tools (the client side) ----


def server_environment() -> dict[str, str]:
    """What a stdio server inherits beyond the SDK's safe defaults: this PYTHONPATH, so that a
    server started with this Python imports the same `helpers` as we do."""
    return {"PYTHONPATH": os.environ["PYTHONPATH"]} if "PYTHONPATH" in os.environ else {}


def transport_for(server: str | Sequence[str], errlog: TextIO) -> Any:
    """An http(s) URL -> streamable HTTP; a command (list of strings) -> a stdio subprocess."""
    if isinstance(server, str):
        if not server.startswith(("http://", "https://")):
            raise ValueError(
                f"server must be an http(s) URL of an MCP endpoint or a command as a list of "
                f"strings, e.g. [sys.executable, '-m', 'helpers.mcp_bridge', '--demo']; "
                f"got {server!r}."
            )
        return streamable_http_client(server)
    command = [str(part) for part in server]
    if not command:
        raise ValueError("server command is empty: give the program and its arguments.")
    parameters = StdioServerParameters(
        command=command[0], args=command[1:], env=server_environment()
    )
    return stdio_client(parameters, errlog=errlog)


def server_label(server: str | Sequence[str]) -> str:
    """A short name of the server for error texts: its URL, or its command line with the
    program's file name only, this Python as "python" (python -m helpers.mcp_bridge --demo)."""
    if isinstance(server, str):
        return server
    program, *arguments = [str(part) for part in server] or [""]
    shown = "python" if program == sys.executable else os.path.basename(program)
    return " ".join([shown, *arguments])


def unreachable(name: str, server: str, error: BaseException) -> ToolResult:
    """The error the model gets when the server is gone or the call could not be sent."""
    return tool_error(
        "tool_failed",  # the tool could not run: its server is gone (errors.ERROR_KINDS)
        f"The MCP server that runs '{name}' ({server}) could not be reached: "
        f"{type(error).__name__}: {error}. Its tools cannot run now; answer with what you "
        "have, or tell the user the tool is unavailable.",
    )


def remote_result(result: types.CallToolResult) -> ToolResult:
    """A `tools/call` result as step 6's content: its text parts joined; `isError` -> not ok."""
    parts = [
        block.text if isinstance(block, types.TextContent) else block.model_dump_json()
        for block in result.content
    ]
    content = "\n".join(parts)
    if result.is_error:
        return ToolResult(content=content, ok=False, error_kind="tool_failed")
    return ToolResult(content=content, ok=True)


class McpRegistry(ToolRegistry):
    """Step 1 by discovery: the tools of one MCP server, as a ToolRegistry the Agent uses
    unchanged. Steps 5.1-5.2 (name, JSON, schema) run here; 5.3 runs in the server."""

    def __init__(
        self,
        server: str | Sequence[str],
        *,
        timeout: float = CALL_TIMEOUT,
        start_timeout: float = START_TIMEOUT,
        **registry_options: Any,
    ) -> None:
        super().__init__(**registry_options)
        self.server = server_label(server)
        self.timeout = timeout
        self.listed: list[dict[str, Any]] = []  # tools/list's tools, as the server sent them
        self.wire: list[WireMessage] = []
        self._errlog = open(os.devnull, "w")  # the server's stderr: not into the notebook
        self._transport = transport_for(server, self._errlog)
        self._client: Client | None = None
        self._stop: asyncio.Event | None = None
        self._ready: concurrent.futures.Future[None] = concurrent.futures.Future()
        self._closed = False
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(
            target=self._loop.run_forever, daemon=True, name=f"mcp: {self.server}"
        )
        self._thread.start()
        self._session = asyncio.run_coroutine_threadsafe(self._hold_session(), self._loop)
        atexit.register(self.close)
        self._open(start_timeout)

    # -- the session, held open on the background loop --

    def _open(self, start_timeout: float) -> None:
        """Wait until the session is open and the tools are registered, or say why not."""
        concurrent.futures.wait(
            [self._ready, self._session],
            timeout=start_timeout,
            return_when=concurrent.futures.FIRST_COMPLETED,
        )
        if self._ready.done():
            return
        error = self._session.exception() if self._session.done() else None
        self.close()
        if error is None:
            raise TimeoutError(
                f"The MCP server {self.server} did not answer tools/list within "
                f"{start_timeout:g} s."
            )
        raise ConnectionError(
            f"Could not connect to the MCP server {self.server}: {type(error).__name__}: {error}"
        ) from error

    async def _hold_session(self) -> None:
        """Open the session, discover the tools (step 1), then keep it open until close()."""
        self._stop = asyncio.Event()
        async with Client(recorded(self._transport, self.wire)) as client:
            self._discover(await self._list_tools(client))
            self._client = client
            self._ready.set_result(None)
            await self._stop.wait()

    async def _list_tools(self, client: Client) -> list[types.Tool]:
        """Step 1 as discovery: `tools/list`, every page of it."""
        page = await client.list_tools()
        tools = list(page.tools)
        while page.next_cursor:
            page = await client.list_tools(cursor=page.next_cursor)
            tools.extend(page.tools)
        return tools

    def _discover(self, tools: list[types.Tool]) -> None:
        """Register each listed tool under its name, description and schema, unchanged; a tool
        the chat-completions API could not take (its name or schema) is left out, with a warning."""
        for tool in tools:
            listed = tool.model_dump(mode="json", by_alias=True, exclude_none=True)
            self.listed.append(listed)
            try:
                self.register(
                    self._proxy(tool.name),
                    name=tool.name,
                    description=tool.description or "",
                    parameters=listed["inputSchema"],
                )
            except ValueError as error:
                warnings.warn(
                    f"The MCP server {self.server} lists a tool the agent cannot "
                    f"offer the model, left out: {error}",
                    ToolDefinitionWarning,
                    stacklevel=2,
                )

    def _proxy(self, name: str) -> Callable[..., str]:
        """The tool's function here: a remote call. (`call` and `call_async` use `_remote`.)"""

        def call_remote(**arguments: Any) -> str:
            return self.call(name, arguments).content

        return call_remote

    async def _remote(self, name: str, arguments: dict[str, Any]) -> ToolResult:
        """Step 5.3 in the server: `tools/call`; a failure of any kind becomes an error text."""
        if self._client is None:
            return unreachable(name, self.server, ConnectionError("the session is closed"))
        try:
            result = await self._client.call_tool(
                name, arguments, read_timeout_seconds=self.timeout
            )
        except MCPError as error:
            if error.code == types.REQUEST_TIMEOUT:
                return timeout_result(name, self.timeout)
            return unreachable(name, self.server, error)
        except (OSError, anyio.BrokenResourceError, anyio.ClosedResourceError) as error:
            return unreachable(name, self.server, error)
        return remote_result(result)

    def _on_session_loop(self, work: Coroutine[Any, Any, ToolResult]) -> concurrent.futures.Future:
        """Run `work` on the session's loop, from any thread or loop."""
        return asyncio.run_coroutine_threadsafe(work, self._loop)

    # -- step 5, the registry's public interface --

    def call(self, name: str, arguments: str | dict[str, Any]) -> ToolResult:
        """Steps 5.1-5.4: check the call here, run it in the server. Never raises."""
        prepared = self.prepare(name, arguments)
        if isinstance(prepared, ToolResult):
            return self.finish(name, prepared)
        if self._closed:
            return self.finish(name, unreachable(name, self.server, ConnectionError("closed")))
        result = self._on_session_loop(self._remote(name, prepared.kwargs)).result()
        return self.finish(name, result)

    async def call_async(self, name: str, arguments: str | dict[str, Any]) -> ToolResult:
        """Like `call`, awaited; a cancellation (e.g. the agent's timeout) cancels the call."""
        prepared = self.prepare(name, arguments)
        if isinstance(prepared, ToolResult):
            return self.finish(name, prepared)
        if self._closed:
            return self.finish(name, unreachable(name, self.server, ConnectionError("closed")))
        future = self._on_session_loop(self._remote(name, prepared.kwargs))
        return self.finish(name, await asyncio.wrap_future(future))

    # -- the end --

    def close(self) -> None:
        """End the session (a stdio server process ends with it) and stop the thread."""
        atexit.unregister(self.close)
        if self._closed:
            return
        self._closed = True
        if self._ready.done() and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)  # leave the session cleanly
        else:
            self._session.cancel()  # still starting: stop it where it is
        concurrent.futures.wait([self._session], timeout=STOP_TIMEOUT)
        self._client = None
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=STOP_TIMEOUT)
        if not self._thread.is_alive():
            self._loop.close()
        self._errlog.close()

    def __enter__(self) -> McpRegistry:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    async def __aenter__(self) -> McpRegistry:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await in_daemon_thread(self.close)  # close() waits: not on the caller's loop


def connect_mcp(server: str | Sequence[str], **options: Any) -> McpRegistry:
    """Connect to an MCP server (a URL, or a command to run over stdio) and discover its tools.
    Use it with `with` or `async with`, or call `.close()`; it is also closed at exit."""
    return McpRegistry(server, **options)


def demo_server_command() -> list[str]:
    """The command that serves the workbook's demo tools over stdio, with this Python."""
    return [sys.executable, "-m", "helpers.mcp_bridge", "--demo"]


# ---- an HTTP server in a child process (for the lesson and the tests) ----


def free_port(host: str = DEFAULT_HOST) -> int:
    """A TCP port that is free on `host` right now."""
    with socket.socket() as probe:
        probe.bind((host, 0))
        return probe.getsockname()[1]


def port_open(host: str, port: int) -> bool:
    """Whether something accepts connections on host:port."""
    with socket.socket() as probe:
        probe.settimeout(1.0)
        return probe.connect_ex((host, port)) == 0


class HttpServerProcess:
    """An MCP server over streamable HTTP in a child process (by default the demo tools) that
    stops with `close()`, with `with`, at exit, or when this process dies (its stdin closes).

    `command` runs a server that takes `--transport streamable-http --host H --port P
    --until-stdin-closes`, as `python -m helpers.mcp_bridge --demo` does."""

    def __init__(
        self,
        command: Sequence[str] | None = None,
        host: str = DEFAULT_HOST,
        port: int | None = None,
        start_timeout: float = START_TIMEOUT,
    ) -> None:
        self.host = host
        self.port = port or free_port(host)
        self.url = f"http://{host}:{self.port}{MCP_PATH}"
        command = [
            *(command or demo_server_command()),
            "--transport",
            "streamable-http",
            "--host",
            host,
            "--port",
            str(self.port),
            "--until-stdin-closes",
        ]
        self._errors = tempfile.TemporaryFile()  # the child's stderr, read if it fails to start
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=self._errors
        )
        atexit.register(self.close)
        self._wait_until_listening(start_timeout)

    def _wait_until_listening(self, start_timeout: float) -> None:
        """Wait for the port to open; if the child exits first, raise with its stderr."""
        deadline = time.monotonic() + start_timeout
        while not port_open(self.host, self.port):
            if self.process.poll() is not None or time.monotonic() > deadline:
                self._errors.seek(0)
                errors = self._errors.read().decode(errors="replace")
                self.close()
                raise RuntimeError(
                    f"The MCP HTTP server on port {self.port} did not start: "
                    f"{errors.strip()[-500:] or 'no error output'}"
                )
            time.sleep(0.05)

    def close(self) -> None:
        """Stop the child process (closing its stdin asks it to stop) and wait until it exits."""
        atexit.unregister(self.close)
        if self.process.stdin:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self._errors.close()

    def __enter__(self) -> HttpServerProcess:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


if __name__ == "__main__":
    main()
