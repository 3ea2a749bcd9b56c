"""dashboard(agent): the views follow a real Agent's events and agree with its own stats."""

from __future__ import annotations

import pytest
from agent_run import calls, scripted_client, text

from helpers.agent import Agent
from helpers.demo_tools import weather_registry
from helpers.errors import RepeatedToolError
from helpers.widgets import dashboard

BEIJING = '{"city": "Beijing"}'


def agent_for(replies: list[dict], **options) -> Agent:
    return Agent(scripted_client(replies), weather_registry(), model="scripted",
                 system_prompt="Choose only from the listed tools.", **options)


def test_the_views_agree_with_the_agent_after_self_healing() -> None:
    agent = agent_for([calls(("weather_lookup", BEIJING)), calls(("weather_lookup", BEIJING)),
                       calls(("get_weather", BEIJING)), text("맑음, 28도.")], alarm_after=5)
    board = dashboard(agent)
    agent.run("베이징 날씨 어때?")
    counter, stats = board.counter, agent.stats
    assert (counter.llm_calls, counter.tool_calls) == (stats.llm_calls, stats.tool_calls) == (4, 3)
    assert (counter.occasional_errors, counter.repeated_errors) == (
        stats.occasional_errors, stats.repeated_errors) == (1, 1)
    assert (counter.prompt_tokens, counter.completion_tokens) == (
        stats.prompt_tokens, stats.completion_tokens)
    assert board.conversation.messages == agent.messages
    assert "[system] Choose only from the listed tools." in repr(board.conversation)
    assert "[tool ← #3 get_weather]" in repr(board.conversation)
    assert "unpaired" not in repr(board.conversation)
    assert board.steps.trail[-2:] == [4, 7] and board.steps.running is None


def test_the_alarm_reaches_the_counter_and_every_call_is_answered() -> None:
    agent = agent_for([calls(("weather_lookup", BEIJING))] * 3, alarm_after=2)
    board = dashboard(agent)
    with pytest.raises(RepeatedToolError):
        agent.run("베이징 날씨 어때?")
    assert board.counter.alarms == [
        "weather_lookup failed 2 times in a row (the same tool failing): "
        "fix the descriptions or the prompt"
    ]
    assert repr(board.conversation).count("[tool ← #") == 2


def test_repr_stacks_the_three_views() -> None:
    agent = agent_for([text("Hello.")])
    board = dashboard(agent)
    agent.run("Hi")
    assert repr(board) == "\n".join(
        [repr(board.steps), repr(board.counter), repr(board.conversation)])
    assert repr(board).startswith("StepTracker: finished\n  trail: 1 → 2 → 3 → 4 → 7\nCallCounter:")
