"""Nothing is left behind: the stdio server process ends with the session, the HTTP server's
port closes with its process, also when the program exits without closing."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from jupyter_client import KernelManager
from mcp_support import TOY_SERVER, alive

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
    run = subprocess.run(
        [sys.executable, "-c", EXITS_WITHOUT_CLOSING, *TOY_SERVER],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    stdio_pid, http_pid, port = (int(word) for word in run.stdout.split())
    assert not alive(stdio_pid)
    assert not alive(http_pid)
    assert not port_open("127.0.0.1", port)


def gone_within(pid: int, seconds: float) -> bool:
    """Wait up to `seconds` for the process to end (a wait, not a measurement)."""
    deadline = time.monotonic() + seconds
    while alive(pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    return not alive(pid)


def kernel_children(kernel_pid: int) -> list[int]:
    """The ids of the kernel's child processes (Linux: read from /proc)."""
    children = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == kernel_pid:
                children.append(int(entry.name))
    return children


@pytest.mark.skipif(not Path("/proc").exists(), reason="reads the process table from /proc")
@pytest.mark.parametrize("shutdown", ["graceful", "killed"])
def test_servers_end_with_the_kernel(shutdown: str) -> None:
    manager = KernelManager(kernel_name="python3")
    manager.start_kernel()
    kernel = manager.client()
    kernel.start_channels()
    try:
        kernel.wait_for_ready(timeout=120)
        code = (
            "from helpers.mcp_bridge import HttpServerProcess, connect_mcp, demo_server_command\n"
            "stdio_tools = connect_mcp(demo_server_command())\n"
            "server = HttpServerProcess()\n"
            "http_tools = connect_mcp(server.url)\n"
        )
        reply = kernel.execute_interactive(code, timeout=300)
        assert reply["content"]["status"] == "ok", reply["content"]
        kernel_pid = manager.provisioner.process.pid
        children = kernel_children(kernel_pid)
        assert len(children) == 2  # the stdio server and the HTTP server
    finally:
        kernel.stop_channels()
        manager.shutdown_kernel(now=shutdown == "killed")
    assert all(gone_within(pid, 60) for pid in children)


@pytest.mark.skipif(not Path("/proc").exists(), reason="reads the process table from /proc")
def test_a_server_too_slow_to_start_is_stopped() -> None:
    with pytest.raises(TimeoutError, match="did not answer tools/list"):
        connect_mcp(TOY_SERVER, start_timeout=0.01)  # far less than Python takes to start
    toy_servers = [
        pid
        for pid in kernel_children(os.getpid())
        if b"mcp_toy_server" in Path(f"/proc/{pid}/cmdline").read_bytes()
    ]
    assert all(gone_within(pid, 60) for pid in toy_servers)
