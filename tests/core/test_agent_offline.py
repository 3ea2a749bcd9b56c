"""The agent against the offline model (helpers.backend.connect), end to end over its HTTP wire."""

from __future__ import annotations

import asyncio
import functools
import json
import threading
from typing import Any

import pytest
from history_invariant import assert_history_invariant

from helpers.agent import Agent
from helpers.backend import connect, connect_async, model_name
from helpers.demo_tools import demo_registry, get_weather, weather_registry
from helpers.errors import RepeatedToolError
from helpers.offline.config import FAULTS, PROFILES
from helpers.registry import ToolRegistry

RESTRICTING_PROMPT = "Only use the tools provided. 주어진 도구 목록에서만 고를 것."


@pytest.fixture(autouse=True)
def offline(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WORKBOOK_FORCE_OFFLINE", "1")


def test_beijing_weather_one_tool_call_two_llm_calls() -> None:
    agent = Agent(connect(), weather_registry())
    answer = agent.run("베이징 날씨 어때?")
    assert agent.model == model_name()
    assert "28" in answer
    assert (agent.stats.llm_calls, agent.stats.tool_calls, agent.stats.ratio) == (2, 1, 2.0)
    assert agent.stats.prompt_tokens > 0 and agent.stats.completion_tokens > 0
    call = agent.messages[1]["tool_calls"][0]["function"]
    assert call["name"] == "get_weather" and "Beijing" in json.loads(call["arguments"])["city"]
    assert_history_invariant(agent.messages)


@pytest.mark.parametrize("fault", FAULTS)
def test_one_fault_is_fed_back_and_healed(fault: str) -> None:
    agent = Agent(connect(faults=(fault,)), demo_registry())
    assert "28" in agent.run("베이징 날씨 어때?")
    assert (agent.stats.errors, agent.stats.occasional_errors, agent.stats.llm_calls) == (1, 1, 3)
    assert_history_invariant(agent.messages)


def test_the_same_invented_name_three_times_raises_the_alarm() -> None:
    agent = Agent(connect(faults=("invented_tool_name",), fault_count=3), demo_registry())
    with pytest.raises(RepeatedToolError, match="system prompt"):
        agent.run("베이징 날씨 어때?")
    assert agent.stats.repeated_errors == 2
    assert_history_invariant(agent.messages)


def test_a_prompt_that_restricts_the_choice_prevents_the_alarm() -> None:
    agent = Agent(connect(faults=("invented_tool_name",), fault_count=3), demo_registry(),
                  system_prompt=RESTRICTING_PROMPT)
    assert "28" in agent.run("베이징 날씨 어때?")
    assert agent.stats.errors == 0


@pytest.mark.parametrize("profile", PROFILES)
def test_every_streaming_profile_gives_the_same_calls(profile: str) -> None:
    question = "What's the weather in Seoul and the time in Paris?"
    plain = Agent(connect(), demo_registry())
    plain.run(question)
    streamed = Agent(connect_async(profile=profile), demo_registry())

    async def run() -> str:
        return "".join([e.data["delta"] async for e in streamed.run_stream(question)
                        if e.type == "text_delta"])

    text = asyncio.run(run())
    assert streamed.messages[1]["tool_calls"] == plain.messages[1]["tool_calls"]
    assert [c["function"]["name"] for c in streamed.messages[1]["tool_calls"]] == [
        "get_weather", "get_time"]
    assert streamed.messages[-1]["content"] == plain.messages[-1]["content"]
    assert text.endswith(plain.messages[-1]["content"])
    assert_history_invariant(streamed.messages)


def test_three_slow_calls_in_one_turn_run_concurrently() -> None:
    """Each call waits until all three have started, so only calls run side by side finish (one
    after another, the first would wait for the others in vain and fail)."""
    all_started = threading.Barrier(3, timeout=10)

    @functools.wraps(get_weather)
    def get_weather_together(*args: Any, **kwargs: Any) -> Any:
        all_started.wait()
        return get_weather(*args, **kwargs)

    registry = ToolRegistry()
    registry.register(get_weather_together)
    agent = Agent(connect_async(), registry)
    asyncio.run(agent.run_async("What's the weather in Seoul, Tokyo and Paris?"))
    cities = [json.loads(m["content"])["city"] for m in agent.messages if m["role"] == "tool"]
    assert cities == ["Seoul", "Tokyo", "Paris"]
