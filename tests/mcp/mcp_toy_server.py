"""A small MCP server for the tests: it reports its process id, sleeps, or dies on request.

python tests/mcp/mcp_toy_server.py                                  # over stdio
python tests/mcp/mcp_toy_server.py --transport streamable-http --port P --until-stdin-closes
"""

from __future__ import annotations

import argparse
import os
import time

from helpers.mcp_bridge import DEFAULT_HOST, serve_registry
from helpers.registry import ToolRegistry

registry = ToolRegistry()


@registry.register
def server_pid() -> int:
    """Return the process id of this MCP server, so a test can check it is gone later."""
    return os.getpid()


@registry.register
def sleep_for(seconds: float) -> str:
    """Wait the given number of seconds, then answer that the wait is over."""
    time.sleep(seconds)
    return f"slept {seconds:g} s"


@registry.register
def exit_server(code: int = 3) -> str:
    """Stop this server process at once, without answering the call (a crash)."""
    os._exit(code)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--transport", default="stdio")
    parser.add_argument("--host", default=DEFAULT_HOST)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--until-stdin-closes", action="store_true")
    options = parser.parse_args()
    serve_registry(
        registry,
        options.transport,
        options.host,
        options.port,
        name="toy",
        until_stdin_closes=options.until_stdin_closes,
    )
