"""What the backend shows a learner: readable errors in IPython, no URL credentials, no noise.

The URLs with credentials are built at run time, so the repository never holds one.
"""

from __future__ import annotations

import re
import socket
import warnings

import httpx2
import pytest
from IPython.core.interactiveshell import InteractiveShell
from IPython.utils.capture import capture_output

from helpers.backend import (
    BackendError,
    ExplainingTransport,
    connect,
    connect_async,
    describe,
    forget_shown,
    redact_url,
)
from helpers.errors import IterationLimitReached, RepeatedToolError

SETTINGS = (
    "WORKBOOK_FORCE_OFFLINE", "WORKBOOK_BACKEND", "WORKBOOK_MODEL", "OPENAI_BASE_URL",
    "OPENAI_API_KEY",
)  # fmt: skip
PASSWORD = "pa55" + "word-of-the-learner"
ANSI = re.compile(r"\x1b\[[0-9;]*m")


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """No backend settings (and, from tests/conftest.py, nothing shown yet, as in a new kernel)."""
    for name in SETTINGS:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def closed_port() -> int:
    """A loopback port that nothing listens on."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def with_credentials(host: str) -> str:
    """http://learner:<password>@host/v1, built here so that no file contains it."""
    return "http://" + "learner:" + PASSWORD + "@" + host + "/v1"


def shown_by_ipython(cell: str, **names: object) -> str:
    """What IPython shows when it runs `cell` (its traceback included), without colours."""
    shell = InteractiveShell.instance()
    shell.user_ns.update(names)
    with capture_output() as captured:
        shell.run_cell(cell)
    return ANSI.sub("", captured.stdout + captured.stderr)


# Defect 11: an error meant for a human is one readable block in IPython.


def test_an_unreachable_server_is_one_block_in_ipython_without_sdk_frames(
    env: pytest.MonkeyPatch,
) -> None:
    env.setenv("OPENAI_BASE_URL", f"http://127.0.0.1:{closed_port()}/v1")
    env.setenv("WORKBOOK_MODEL", "some-model")
    shown = shown_by_ipython(
        "connect(max_retries=0).chat.completions.create(\n"
        "    model='some-model', messages=[{'role': 'user', 'content': 'hi'}])",
        connect=lambda **options: connect().with_options(**options),
    )

    assert "BackendError: Cannot reach http://127.0.0.1:" in shown
    assert "restart the kernel" in shown
    assert "site-packages" not in shown and "_base_client" not in shown
    assert "Traceback" not in shown and "File " not in shown
    assert len(shown.strip().splitlines()) <= 6, shown


def test_a_missing_key_is_one_block_that_says_to_restart_the_kernel(
    env: pytest.MonkeyPatch,
) -> None:
    env.setenv("WORKBOOK_BACKEND", "openai")
    shown = shown_by_ipython("client = connect()", connect=connect)

    assert "BackendError: The openai backend needs a key: set OPENAI_API_KEY" in shown
    assert "restart the kernel" in shown
    assert "File " not in shown and "backend.py" not in shown


@pytest.mark.parametrize(
    ("error", "sentence"),
    [
        (IterationLimitReached(3), "without getting a final answer"),
        (RepeatedToolError("unknown_tool", "get_wether", "Unknown tool", 3), "3 times in a row"),
    ],
)
def test_the_agent_errors_for_a_human_are_one_block_in_ipython(
    error: Exception, sentence: str
) -> None:
    shown = shown_by_ipython("raise error", error=error)

    assert f"{type(error).__name__}: " in shown and sentence in shown
    assert "Traceback" not in shown and "File " not in shown


def test_other_errors_keep_their_usual_traceback() -> None:
    shown = shown_by_ipython("def fails():\n    return 1 / 0\nfails()")

    assert "ZeroDivisionError" in shown and "Traceback" in shown


# Defect 6: credentials inside OPENAI_BASE_URL never reach an output or an exception.


def test_redact_url_hides_the_user_and_password_only() -> None:
    assert redact_url(with_credentials("llm.example:8000")) == "http://***@llm.example:8000/v1"
    assert redact_url("http://" + "token" + "@llm.example/v1") == "http://***@llm.example/v1"
    assert redact_url("http://127.0.0.1:8765/v1") == "http://127.0.0.1:8765/v1"
    assert redact_url("not a url") == "not a url"


def test_the_banner_names_the_server_without_its_credentials(
    env: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    env.setenv("OPENAI_BASE_URL", with_credentials("127.0.0.1:9"))
    env.setenv("WORKBOOK_MODEL", "some-model")
    connect()

    out = capsys.readouterr().out
    assert out == "backend: compatible at http://***@127.0.0.1:9/v1 (model some-model)\n"
    assert PASSWORD not in describe()


@pytest.mark.parametrize("make", [connect, connect_async])
def test_cannot_reach_names_the_server_without_its_credentials(
    env: pytest.MonkeyPatch, make: object
) -> None:
    env.setenv("OPENAI_BASE_URL", with_credentials(f"127.0.0.1:{closed_port()}"))
    env.setenv("WORKBOOK_MODEL", "some-model")
    client = make().with_options(max_retries=0)  # type: ignore[operator]
    request = {"model": "some-model", "messages": [{"role": "user", "content": "hi"}]}

    with pytest.raises(BackendError, match="Cannot reach") as caught:
        created = client.chat.completions.create(**request)
        if make is connect_async:
            import asyncio

            asyncio.run(created)
    assert PASSWORD not in str(caught.value) and "http://***@127.0.0.1:" in str(caught.value)


@pytest.mark.parametrize("status", [401, 404])
def test_the_explained_statuses_name_the_server_without_its_credentials(
    env: pytest.MonkeyPatch, status: int
) -> None:
    env.setenv("OPENAI_BASE_URL", with_credentials("llm.example"))
    env.setenv("WORKBOOK_MODEL", "some-model")
    body = {"error": {"message": "The model does not exist"}}
    inner = httpx2.MockTransport(lambda request: httpx2.Response(status, json=body))
    transport = ExplainingTransport(inner, with_credentials("llm.example"))

    with pytest.raises(BackendError) as caught:
        transport.handle_request(httpx2.Request("POST", "http://llm.example/v1/chat/completions"))
    assert PASSWORD not in str(caught.value) and "http://***@llm.example/v1" in str(caught.value)


# Issue 11, item 6: the banner once per kernel, the ignored-options warning once per set.


def test_the_banner_prints_once_per_kernel_for_the_same_backend(
    env: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    connect()
    connect(seed=1)
    connect_async()
    assert capsys.readouterr().out == "backend: offline (model offline-tutor)\n"

    env.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    env.setenv("WORKBOOK_MODEL", "some-model")
    connect()
    connect()
    compatible = "backend: compatible at http://127.0.0.1:9/v1 (model some-model)\n"
    assert capsys.readouterr().out == compatible

    forget_shown()  # a new kernel
    connect()
    assert capsys.readouterr().out.startswith("backend: compatible")


def test_ignored_offline_options_warn_once_per_distinct_set(env: pytest.MonkeyPatch) -> None:
    env.setenv("WORKBOOK_BACKEND", "openai")
    env.setenv("OPENAI_API_KEY", "not-a-real-key")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        connect(seed=1)
        connect(seed=1)
        connect_async(seed=1)
        connect(seed=2)
        connect(faults=("invalid_json",), seed=1)

    messages = [str(warning.message) for warning in caught]
    assert len(messages) == 3, messages
    assert messages[0].startswith("seed=1 configure") and messages[1].startswith("seed=2")
    assert "faults=('invalid_json',), seed=1" in messages[2]
