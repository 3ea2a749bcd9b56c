"""The Agent, unchanged, on tools that live in an MCP server, with the offline model: a full
turn, a timeout, and a server that dies; every call still gets exactly one tool message."""

from __future__ import annotations

import asyncio
import json
import os
import signal

from history_invariant import assert_history_invariant
from mcp_support import TOY_SERVER

from helpers.agent import Agent
from helpers.backend import connect, connect_async
from helpers.mcp_bridge import HttpServerProcess, McpRegistry, connect_mcp, demo_server_command

QUESTION = "베이징 날씨 어때?"


def tool_messages(agent: Agent) -> list[dict]:
    return [message for message in agent.messages if message["role"] == "tool"]


def calls_sent(tools: McpRegistry) -> list[dict]:
    return [w.message["params"] for w in tools.wire if w.method == "tools/call"]


def test_agent_run_uses_the_servers_tool(demo_tools: McpRegistry) -> None:
    before = len(calls_sent(demo_tools))
    agent = Agent(connect(), demo_tools)
    answer = agent.run(QUESTION)
    assert "맑음, 28도" in answer
    assert_history_invariant(agent.messages)
    [call] = agent.messages[1]["tool_calls"]
    assert call["function"]["name"] == "get_weather"
    [sent] = calls_sent(demo_tools)[before:]
    assert sent["name"] == "get_weather"
    assert sent["arguments"] == json.loads(call["function"]["arguments"])
    assert json.loads(tool_messages(agent)[0]["content"])["summary"] == "맑음, 28도"


def test_agent_run_async_two_calls_at_once(demo_tools: McpRegistry) -> None:
    agent = Agent(connect_async(), demo_tools)
    answer = asyncio.run(agent.run_async("도쿄랑 파리 날씨 어때?"))
    assert "비, 19도" in answer and "맑음, 24도" in answer
    assert_history_invariant(agent.messages)
    assert len(tool_messages(agent)) == 2


def test_agent_stream_over_mcp(demo_tools: McpRegistry) -> None:
    agent = Agent(connect_async(), demo_tools)

    async def kinds() -> list[str]:
        return [event.type async for event in agent.run_stream(QUESTION)]

    seen = asyncio.run(kinds())
    assert "tool_done" in seen and seen[-1] == "answer"
    assert_history_invariant(agent.messages)


def test_a_slow_server_times_out_and_the_model_is_told() -> None:
    slow = [*demo_server_command(), "--delay", "30"]
    with connect_mcp(slow, timeout=0.5) as tools:
        agent = Agent(connect(), tools)
        answer = agent.run(QUESTION)
        [message] = tool_messages(agent)
        assert "did not finish within 0.5 s" in json.loads(message["content"])["error"]
        assert answer
        assert_history_invariant(agent.messages)
        patient = Agent(connect_async(), tools, tool_timeout=0.5)  # the agent's own timeout
        asyncio.run(patient.run_async(QUESTION))
        [message] = tool_messages(patient)
        assert json.loads(message["content"])["error"]
        assert_history_invariant(patient.messages)


def test_a_cancelled_call_leaves_the_session_usable() -> None:
    with connect_mcp(TOY_SERVER) as tools:
        result = tools.call("sleep_for", {"seconds": 0})
        assert result.ok and result.content == "slept 0 s"

        async def cancelled() -> bool:
            try:
                await asyncio.wait_for(tools.call_async("sleep_for", {"seconds": 30}), 0.5)
            except TimeoutError:
                return True
            return False

        assert asyncio.run(cancelled())
        pid = tools.call("server_pid", {})  # the session still works after the cancellation
        assert pid.ok and int(pid.content) > 0


def test_a_server_that_dies_mid_run_becomes_an_error_text() -> None:
    with connect_mcp(TOY_SERVER) as tools:
        result = tools.call("exit_server", {})
        assert (result.ok, result.error_kind) == (False, "tool_failed")
        assert "could not be reached" in json.loads(result.content)["error"]
        again = tools.call("server_pid", {})
        assert again.error_kind == "tool_failed"


def test_an_http_server_that_dies_between_turns() -> None:
    with HttpServerProcess() as server, connect_mcp(server.url, timeout=30) as tools:
        agent = Agent(connect(), tools)
        assert "맑음, 28도" in agent.run(QUESTION)
        os.kill(server.process.pid, signal.SIGKILL)
        server.process.wait()
        answer = agent.run("도쿄 날씨 어때?")
        last = tool_messages(agent)[-1]
        assert "could not be reached" in json.loads(last["content"])["error"]
        assert answer
        assert_history_invariant(agent.messages)
