"""serve_registry: the workbook's registry as an MCP server, seen by the SDK's own client."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from typing import Any

import mcp_types as types
from mcp import Client, StdioServerParameters

from helpers.demo_tools import demo_registry
from helpers.mcp_bridge import HttpServerProcess, call_result, mcp_tool
from helpers.registry import ToolResult


async def list_and_call(
    server: Any, calls: list[tuple[str, dict[str, Any]]]
) -> tuple[list[types.Tool], list[types.CallToolResult]]:
    """tools/list, then each tools/call, with the SDK's client and no checks of ours."""
    async with Client(server) as client:
        listed = (await client.list_tools()).tools
        results = [await client.call_tool(name, arguments) for name, arguments in calls]
    return listed, results


CALLS = [
    ("get_weather", {"city": "베이징"}),
    ("get_weather", {"cit": "베이징"}),  # the server checks the schema too
    ("get_wether", {"city": "베이징"}),  # and the name
    ("get_stock_price", {"ticker": "AAPL"}),  # a tool that raises
]


def check_served(listed: list[types.Tool], results: list[types.CallToolResult]) -> None:
    """The listing is the registry's, schema for schema; each result is the registry's text."""
    registry = demo_registry()
    assert [tool.name for tool in listed] == registry.names
    for tool, definition in zip(listed, registry.definitions(), strict=True):
        assert tool.input_schema == definition["function"]["parameters"]
        assert tool.description == definition["function"]["description"]
    for (name, arguments), result in zip(CALLS, results, strict=True):
        expected = registry.call(name, arguments)
        assert [block.text for block in result.content] == [expected.content]
        assert result.is_error is (not expected.ok)
    assert json.loads(results[0].content[0].text)["summary"] == "맑음, 28도"


def test_stdio_server_lists_the_registry_and_runs_its_tools() -> None:
    server = StdioServerParameters(
        command=sys.executable, args=["-m", "helpers.mcp_bridge", "--demo"]
    )
    check_served(*asyncio.run(list_and_call(server, CALLS)))


def test_http_server_lists_the_registry_and_runs_its_tools() -> None:
    with HttpServerProcess() as process:
        check_served(*asyncio.run(list_and_call(process.url, CALLS)))


def test_mcp_tool_keeps_the_schema_object_itself() -> None:
    definition = demo_registry().definitions()[0]
    tool = mcp_tool(definition)
    assert tool.input_schema == definition["function"]["parameters"]
    dumped = tool.model_dump(mode="json", by_alias=True, exclude_none=True)
    assert dumped["inputSchema"] == definition["function"]["parameters"]


def test_call_result_marks_errors() -> None:
    assert call_result(ToolResult("ok", True)).is_error is False
    failed = call_result(ToolResult('{"error": "no"}', False, "tool_failed"))
    assert failed.is_error is True
    assert failed.content[0].text == '{"error": "no"}'


def test_module_entry_point_says_which_tools_to_serve() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "helpers.mcp_bridge"], capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 2
    assert "--demo" in run.stderr
