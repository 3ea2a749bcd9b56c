"""connect(): the backend follows the environment; each misconfiguration is one clear message."""

from __future__ import annotations

import asyncio
from typing import Any

import openai
import pytest
from offline_support import TOOLS, free_port

from helpers.backend import (
    BackendError,
    backend_name,
    connect,
    connect_async,
    describe,
    model_name,
)
from helpers.offline import MODEL_ID

KEY = "test-key-that-must-never-be-printed"
SETTINGS = ("WORKBOOK_FORCE_OFFLINE", "WORKBOOK_BACKEND", "WORKBOOK_MODEL", "OPENAI_BASE_URL")


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """A clean environment: no backend settings and no key."""
    for name in (*SETTINGS, "OPENAI_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def ask(client: openai.OpenAI) -> openai.types.chat.ChatCompletion:
    """One small request through a connected client."""
    return client.chat.completions.create(
        model=model_name(), messages=[{"role": "user", "content": "weather in Paris?"}], tools=TOOLS
    )


def test_offline_is_the_default(env: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    client = connect()
    assert capsys.readouterr().out == "backend: offline (model offline-tutor)\n"
    assert model_name() == MODEL_ID
    assert ask(client).choices[0].message.tool_calls[0].function.name == "get_weather"
    assert client.max_retries == 0


def test_forced_offline_wins_over_everything(env: pytest.MonkeyPatch) -> None:
    env.setenv("WORKBOOK_BACKEND", "openai")
    env.setenv("OPENAI_API_KEY", KEY)
    env.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    env.setenv("WORKBOOK_FORCE_OFFLINE", "1")
    assert backend_name() == "offline" and model_name() == MODEL_ID
    assert ask(connect()).model == MODEL_ID


def test_openai_needs_a_key(env: pytest.MonkeyPatch) -> None:
    env.setenv("WORKBOOK_BACKEND", "openai")
    with pytest.raises(BackendError, match="OPENAI_API_KEY"):
        connect()


def test_openai_line_names_the_model_never_the_key(
    env: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    env.setenv("WORKBOOK_BACKEND", "openai")
    env.setenv("OPENAI_API_KEY", KEY)
    connect()
    out = capsys.readouterr().out
    assert out == "backend: openai (model gpt-4o-mini)\n" and KEY not in out
    env.setenv("WORKBOOK_MODEL", "gpt-4.1-mini")
    assert describe() == "backend: openai (model gpt-4.1-mini)"


def test_a_base_url_alone_selects_compatible_and_needs_a_model(env: pytest.MonkeyPatch) -> None:
    env.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    assert backend_name() == "compatible"
    with pytest.raises(BackendError, match="WORKBOOK_MODEL"):
        connect()


def test_compatible_server_works_through_the_real_sdk(
    env: pytest.MonkeyPatch, served_url: str, capsys: pytest.CaptureFixture
) -> None:
    env.setenv("OPENAI_BASE_URL", served_url)
    env.setenv("WORKBOOK_MODEL", MODEL_ID)
    reply = ask(connect())
    assert f"backend: compatible at {served_url} (model {MODEL_ID})" in capsys.readouterr().out
    assert reply.choices[0].message.tool_calls[0].function.name == "get_weather"


def test_an_unknown_model_is_one_actionable_message(
    env: pytest.MonkeyPatch, served_url: str
) -> None:
    env.setenv("OPENAI_BASE_URL", served_url)
    env.setenv("WORKBOOK_MODEL", "gpt-9")
    with pytest.raises(BackendError, match="WORKBOOK_MODEL") as caught:
        ask(connect())
    assert "gpt-9" in str(caught.value)


def test_an_unreachable_server_is_one_actionable_message(env: pytest.MonkeyPatch) -> None:
    env.setenv("OPENAI_BASE_URL", f"http://127.0.0.1:{free_port()}/v1")
    env.setenv("WORKBOOK_MODEL", "some-model")
    with pytest.raises(BackendError, match="Cannot reach") as caught:
        ask(connect())
    assert "python -m helpers.offline" in str(caught.value)
    request = {"model": "some-model", "messages": [{"role": "user", "content": "hi"}]}
    with pytest.raises(BackendError, match="Cannot reach"):
        asyncio.run(connect_async().chat.completions.create(**request))


@pytest.mark.parametrize("make", [connect, connect_async])
def test_offline_options_are_ignored_with_one_warning_for_other_backends(
    env: pytest.MonkeyPatch, make: Any
) -> None:
    env.setenv("WORKBOOK_BACKEND", "openai")
    env.setenv("OPENAI_API_KEY", KEY)
    with pytest.warns(UserWarning) as caught:
        client = make(faults=("invalid_json",), seed=3)
    ours = [w for w in caught if w.category is UserWarning]  # not a library's DeprecationWarning
    assert len(ours) == 1, [str(w.message) for w in caught]
    message = str(ours[0].message)
    assert "faults=('invalid_json',)" in message and "seed=3" in message
    assert "backend 'openai' is a real model" in message
    assert str(client.base_url) == "https://api.openai.com/v1/"


def test_a_misspelt_offline_option_is_named_for_other_backends_too(
    env: pytest.MonkeyPatch,
) -> None:
    env.setenv("WORKBOOK_BACKEND", "openai")
    env.setenv("OPENAI_API_KEY", KEY)
    with pytest.raises(TypeError, match="'fault'.*faults"):
        connect(fault="invalid_json")


def test_unknown_offline_options_and_values_are_named(env: pytest.MonkeyPatch) -> None:
    with pytest.raises(TypeError, match="'fault'.*faults"):
        connect(fault="invalid_json")
    with pytest.raises(ValueError, match="invented_tool_name"):
        connect(faults=("bad_json",))
    with pytest.raises(ValueError, match="openai"):
        connect(profile="anthropic")


def test_an_unknown_backend_is_named(env: pytest.MonkeyPatch) -> None:
    env.setenv("WORKBOOK_BACKEND", "ollama")
    with pytest.raises(BackendError, match="offline, openai, compatible"):
        connect()


def test_connect_async_serves_the_offline_model(env: pytest.MonkeyPatch) -> None:
    client = connect_async(faults=("invented_tool_name",))
    request = {"model": model_name(), "messages": [{"role": "user", "content": "weather in Oslo"}]}
    reply = asyncio.run(client.chat.completions.create(**request, tools=TOOLS))
    assert reply.choices[0].message.tool_calls[0].function.name == "weather_lookup"
