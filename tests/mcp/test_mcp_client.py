"""McpRegistry: a server's tools discovered (step 1), offered unchanged (step 2), and called
remotely with the registry's checks and error texts (step 5)."""

from __future__ import annotations

import asyncio
import json
import warnings

import pytest

from helpers.demo_tools import demo_registry
from helpers.mcp_bridge import McpRegistry, connect_mcp, free_port
from helpers.registry import ToolRegistry


def test_definitions_are_the_registrys_unchanged(demo_tools: McpRegistry) -> None:
    local = demo_registry()
    assert isinstance(demo_tools, ToolRegistry)
    assert demo_tools.definitions() == local.definitions()
    assert demo_tools.names == local.names
    assert len(demo_tools) == len(local)
    assert [tool["inputSchema"] for tool in demo_tools.listed] == [
        d["function"]["parameters"] for d in local.definitions()
    ]


def test_a_call_runs_in_the_server(demo_tools: McpRegistry) -> None:
    result = demo_tools.call("get_weather", '{"city": "베이징"}')
    assert result.ok
    assert result.content == demo_registry().call("get_weather", {"city": "베이징"}).content
    assert json.loads(result.content)["summary"] == "맑음, 28도"
    sent = [w.message for w in demo_tools.wire if w.method == "tools/call"]
    assert sent[-1]["params"]["name"] == "get_weather"
    assert sent[-1]["params"]["arguments"] == {"city": "베이징"}


@pytest.mark.parametrize(
    ("name", "arguments", "kind"),
    [
        ("get_wether", '{"city": "Seoul"}', "unknown_tool"),
        ("get_weather", '{"city": ', "invalid_json"),
        ("get_weather", '["Seoul"]', "invalid_arguments"),
        ("get_weather", '{"cit": "Seoul"}', "invalid_arguments"),
        ("get_weather", '{"city": "Seoul", "unit": "kelvin"}', "invalid_arguments"),
        ("get_stock_price", '{"ticker": "AAPL"}', "tool_failed"),
        ("search_docs", '{"query": "ids", "top_k": 99}', "tool_failed"),
    ],
)
def test_errors_are_the_registrys_texts(
    demo_tools: McpRegistry, name: str, arguments: str, kind: str
) -> None:
    expected = demo_registry().call(name, arguments)
    result = demo_tools.call(name, arguments)
    assert (result.content, result.ok, result.error_kind) == (expected.content, False, kind)
    assert json.loads(result.content)["error"]


def test_unknown_tool_lists_the_discovered_ones(demo_tools: McpRegistry) -> None:
    message = json.loads(demo_tools.call("weather_now", "{}").content)["error"]
    assert "Available tools: get_weather, search_docs, convert_currency, get_time" in message


def test_checked_calls_never_reach_the_server(demo_tools: McpRegistry) -> None:
    before = len(demo_tools.wire)
    demo_tools.call("get_weather", '{"cit": "Seoul"}')
    assert demo_tools.wire[before:] == []


def test_call_async_from_another_loop(demo_tools: McpRegistry) -> None:
    async def both() -> list[str]:
        results = await asyncio.gather(
            demo_tools.call_async("get_weather", {"city": "Tokyo"}),
            demo_tools.call_async("get_time", {"city": "Seoul"}),
        )
        return [result.content for result in results]

    weather, time_in_seoul = asyncio.run(both())
    assert json.loads(weather)["summary"] == "비, 19도"
    assert json.loads(time_in_seoul) == json.loads(
        demo_registry().call("get_time", {"city": "Seoul"}).content
    )


def test_the_wire_shows_discovery_first(demo_tools: McpRegistry) -> None:
    methods = [w.method for w in demo_tools.wire if w.direction == "sent"]
    assert "tools/list" in methods
    listed = next(
        w.message
        for w in demo_tools.wire
        if w.direction == "received" and "tools" in w.message.get("result", {})
    )
    assert [tool["name"] for tool in listed["result"]["tools"]] == demo_registry().names


def test_results_keep_the_registrys_budget() -> None:
    from helpers.mcp_bridge import demo_server_command

    with connect_mcp(demo_server_command(), max_result_chars=40) as tools:
        result = tools.call("search_docs", {"query": "tool_call_id", "top_k": 3})
    assert result.ok
    assert "[cut:" in result.content
    assert result.full_content is not None and len(result.full_content) > 40


def test_a_url_or_a_command_is_required() -> None:
    with pytest.raises(ValueError, match="http"):
        connect_mcp("helpers.mcp_bridge --demo")
    with pytest.raises(ValueError, match="empty"):
        connect_mcp([])


def test_nothing_listening_is_a_clear_error() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(ConnectionError, match="Could not connect to the MCP server"):
            connect_mcp(f"http://127.0.0.1:{free_port()}/mcp", start_timeout=60)
