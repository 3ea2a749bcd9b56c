"""Every view on a real Agent talking to the offline model through helpers.backend.connect()."""

from __future__ import annotations

import asyncio

from helpers.agent import Agent
from helpers.backend import connect, connect_async
from helpers.demo_tools import demo_registry, weather_registry
from helpers.widgets import FragmentView, RequestInspector, dashboard


def test_a_plain_run_one_tool_call_two_llm_calls() -> None:
    agent = Agent(connect(), weather_registry(), system_prompt="Choose only the listed tools.")
    board, inspector = dashboard(agent), RequestInspector()
    agent.subscribe(inspector.handle)
    agent.run("베이징 날씨 어때?")
    assert board.conversation.messages == agent.messages
    assert (board.counter.llm_calls, board.counter.tool_calls) == (2, 1)
    assert (board.counter.prompt_tokens, board.counter.completion_tokens) == (
        agent.stats.prompt_tokens, agent.stats.completion_tokens)
    assert board.steps.trail == [1, 2, 3, 4, 5, 6, 2, 3, 4, 7]
    assert inspector.request is not None
    assert inspector.request["messages"] == agent.messages[:-1]  # the last request's history
    assert "1 tool: get_weather" in repr(inspector)


def test_a_streamed_run_keeps_each_responses_fragments() -> None:
    registry = demo_registry()
    agent = Agent(connect_async(), registry)
    board, fragments = dashboard(agent), FragmentView()
    agent.subscribe(fragments.handle)

    async def run() -> None:
        async for _event in agent.run_stream("What's the weather in Seoul and the time in Paris?"):
            pass

    asyncio.run(run())
    asked = next(m for m in agent.messages if m.get("tool_calls"))["tool_calls"]
    first = fragments.responses[0]
    shown = [{"id": call.id, "type": "function",
              "function": {"name": call.name, "arguments": call.arguments}}
             for _, call in sorted(first.calls.items())]
    assert shown == asked
    assert first.finish_reason == "tool_calls"
    assert fragments.current.text == agent.messages[-1]["content"]
    assert board.counter.tool_calls == agent.stats.tool_calls == len(asked)
    assert board.counter.llm_calls == agent.stats.llm_calls == len(fragments.responses)
    assert "unpaired" not in repr(board.conversation)
