"""Fixtures for the MCP tests: the demo tools served over stdio and over streamable HTTP, each
in a child process. Shared helpers live in mcp_support.py (not here: `from conftest import`
would pick whichever test folder's conftest was imported first)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from helpers.mcp_bridge import HttpServerProcess, McpRegistry, connect_mcp, demo_server_command


@pytest.fixture(scope="module")
def http_demo() -> Iterator[HttpServerProcess]:
    """The demo tools over streamable HTTP on a free loopback port."""
    with HttpServerProcess() as server:
        yield server


@pytest.fixture(scope="module", params=["stdio", "streamable-http"])
def demo_tools(request: pytest.FixtureRequest) -> Iterator[McpRegistry]:
    """The demo tools, discovered over each transport."""
    if request.param == "stdio":
        with connect_mcp(demo_server_command()) as tools:
            yield tools
    else:
        server = request.getfixturevalue("http_demo")
        with connect_mcp(server.url) as tools:
            yield tools
