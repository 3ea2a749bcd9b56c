"""Nothing is left behind: the stdio server process ends with the session, the HTTP server's
port closes with its process, also when the program exits without closing."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import textwrap

from conftest import TOY_SERVER, alive
from helpers.mcp_bridge import HttpServerProcess, connect_mcp, port_open


def test_closing_ends_the_stdio_server_process() -> None:
    tools = connect_mcp(TOY_SERVER)
    pid = int(tools.call("server_pid", {}).content)
    assert alive(pid)
    tools.close()
    assert not alive(pid)
    tools.close()  # a second close is harmless
    assert tools.call("server_pid", {}).error_kind == "tool_failed"


def test_async_with_ends_the_stdio_server_process() -> None:
    async def used() -> int:
        async with connect_mcp(TOY_SERVER) as tools:
            return int((await tools.call_async("server_pid", {})).content)

    assert not alive(asyncio.run(used()))


def test_closing_ends_the_http_server_and_its_port() -> None:
    with HttpServerProcess(TOY_SERVER) as server:
        with connect_mcp(server.url) as tools:
            pid = int(tools.call("server_pid", {}).content)
        assert pid == server.process.pid and port_open(server.host, server.port)
    assert server.process.returncode is not None
    assert not alive(pid)
    assert not port_open(server.host, server.port)


EXITS_WITHOUT_CLOSING = textwrap.dedent("""
    from helpers.mcp_bridge import HttpServerProcess, connect_mcp
    import sys
    server = HttpServerProcess(sys.argv[1:])
    tools = connect_mcp(sys.argv[1:])
    print(tools.call("server_pid", {}).content, server.process.pid, server.port)
""")


def test_exiting_without_closing_leaves_nothing_behind() -> None:
    run = subprocess.run([sys.executable, "-c", EXITS_WITHOUT_CLOSING, *TOY_SERVER],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    stdio_pid, http_pid, port = (int(word) for word in run.stdout.split())
    assert not alive(stdio_pid)
    assert not alive(http_pid)
    assert not port_open("127.0.0.1", port)
