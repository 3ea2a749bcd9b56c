"""offline_client(): checkers ask the offline model, quietly, whatever backend the learner set."""

from __future__ import annotations

import os
import warnings

import pytest

from helpers.demo_tools import demo_registry
from helpers.exercises import offline_client

QUESTION = [{"role": "user", "content": "베이징 날씨 어때?"}]


@pytest.fixture
def learner_on_openai(monkeypatch: pytest.MonkeyPatch) -> None:
    """A learner who chose the openai backend (and has no key here)."""
    monkeypatch.setenv("WORKBOOK_BACKEND", "openai")
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("WORKBOOK_FORCE_OFFLINE", raising=False)


def first_call(client, model: str) -> str:
    reply = client.chat.completions.create(
        model=model, messages=QUESTION, tools=demo_registry().definitions()
    ).choices[0].message
    return reply.tool_calls[0].function.name


@pytest.mark.usefixtures("learner_on_openai")
def test_the_offline_model_answers_silently_on_any_backend(capsys) -> None:
    client, model = offline_client()
    assert model == "offline-tutor"
    assert first_call(client, model) == "get_weather"
    assert capsys.readouterr().out == ""
    assert "WORKBOOK_FORCE_OFFLINE" not in os.environ


@pytest.mark.usefixtures("learner_on_openai")
def test_offline_options_apply_without_a_warning() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        client, model = offline_client(faults=("invented_tool_name",))
    assert first_call(client, model) not in demo_registry().names


def test_a_misspelt_option_is_named() -> None:
    with pytest.raises(TypeError, match="fault"):
        offline_client(fault=("invented_tool_name",))
