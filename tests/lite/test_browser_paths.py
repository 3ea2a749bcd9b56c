"""The browser's code paths, run in CPython: no threads (Pyodide cannot start one), Pyodide's
run_sync for coroutines, and the pure-Python jsonschema in place of jsonschema_rs."""

from __future__ import annotations

import asyncio
import sys
import threading
import types

import jsonschema_rs
import pytest

from helpers import coroutines, jsonschema_fallback, registry
from helpers.calls import ToolCall
from helpers.parallel import call_with_timeout, run_in_order
from helpers.registry import ToolRegistry


def no_threads(self: threading.Thread) -> None:
    raise RuntimeError("can't start new thread")  # what Pyodide says


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Pretend to be Pyodide: in_browser() is True, threads cannot start, and pyodide.ffi's
    run_sync finishes a coroutine (here on a fresh loop; in the page, on the page's loop)."""
    finished: list[object] = []

    def run_sync(coroutine):
        finished.append(coroutine)
        return asyncio.run(coroutine)

    ffi = types.ModuleType("pyodide.ffi")
    ffi.run_sync = run_sync
    ffi.can_run_sync = lambda: True
    monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    monkeypatch.setattr(coroutines, "in_browser", lambda: True)
    monkeypatch.setattr(threading.Thread, "start", no_threads)
    return finished


def test_in_browser_is_the_emscripten_platform(monkeypatch) -> None:
    assert coroutines.in_browser() is False
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert coroutines.in_browser() is True


def test_a_blocking_function_runs_here_in_the_browser(browser) -> None:
    future = coroutines.start_in_daemon_thread(lambda: threading.get_ident())
    assert future.done() and future.result() == threading.get_ident()
    failing = coroutines.start_in_daemon_thread(lambda: 1 / 0)
    assert isinstance(failing.exception(), ZeroDivisionError)


def test_run_coroutine_uses_run_sync_in_the_browser(browser) -> None:
    async def answer() -> int:
        await asyncio.sleep(0)
        return 42

    assert coroutines.run_coroutine(answer()) == 42
    assert len(browser) == 1


def test_run_coroutine_without_jspi_says_what_to_await(browser, monkeypatch) -> None:
    monkeypatch.setattr(sys.modules["pyodide.ffi"], "can_run_sync", lambda: False)

    async def answer() -> int:
        return 42

    with pytest.raises(RuntimeError, match="await the async form"):
        coroutines.run_coroutine(answer())
    assert browser == []


def test_an_async_tool_called_from_sync_code_in_the_browser(browser) -> None:
    tools = ToolRegistry()

    @tools.register
    async def double(n: int) -> int:
        """Double a whole number and return it."""
        await asyncio.sleep(0)
        return 2 * n

    assert tools.call("double", {"n": 4}).content == "8"
    assert len(browser) == 1


def test_the_sync_timeout_path_gives_up_on_the_event_loop(browser) -> None:
    tools = ToolRegistry()

    @tools.register
    async def wait_long(seconds: float) -> str:
        """Wait the given number of seconds, then say done."""
        await asyncio.sleep(seconds)
        return "done"

    late = call_with_timeout(tools, ToolCall("c1", "wait_long", '{"seconds": 30}'), 0.05)
    assert late.ok is False and late.error_kind == "timeout"
    runs = run_in_order(tools, [ToolCall("c2", "wait_long", '{"seconds": 0}')], timeout=5)
    assert runs[0].result.content == "done"
    assert len(browser) == 2


def test_in_daemon_thread_awaits_to_thread_in_the_browser(monkeypatch) -> None:
    monkeypatch.setattr(coroutines, "in_browser", lambda: True)
    assert asyncio.run(coroutines.in_daemon_thread(lambda: "ran")) == "ran"
    with pytest.raises(ZeroDivisionError):
        asyncio.run(coroutines.in_daemon_thread(lambda: 1 / 0))


SCHEMA = {
    "type": "object",
    "properties": {
        "city": {"type": "string", "minLength": 1},
        "unit": {"enum": ["celsius", "fahrenheit"]},
        "where": {"$ref": "#/$defs/Place"},
    },
    "required": ["city"],
    "additionalProperties": False,
    "$defs": {"Place": {"type": "object", "properties": {"lat": {"type": "number"}}}},
}
BAD_ARGUMENTS = [
    {},
    {"city": ""},
    {"city": 3, "unit": "kelvin"},
    {"city": "Seoul", "extra": 1},
    {"city": "Seoul", "where": {"lat": "north"}},
]


@pytest.mark.parametrize("arguments", BAD_ARGUMENTS)
def test_fallback_finds_the_same_problems_as_jsonschema_rs(arguments) -> None:
    fast = jsonschema_rs.validator_for(SCHEMA).iter_errors(arguments)
    pure = jsonschema_fallback.validator_for(SCHEMA).iter_errors(arguments)
    assert sorted(e.instance_path for e in pure) == sorted(e.instance_path for e in fast)


def test_fallback_accepts_good_arguments() -> None:
    good = {"city": "Seoul", "unit": "celsius", "where": {"lat": 37.5}}
    assert list(jsonschema_fallback.validator_for(SCHEMA).iter_errors(good)) == []


@pytest.mark.parametrize(
    ("schema", "error"),
    [
        ({"type": "object", "properties": {"a": {"type": "strng"}}}, "ValidationError"),
        ({"type": "object", "properties": {"a": {"$ref": "#/$defs/Gone"}}}, "ValidationError"),
    ],
)
def test_fallback_rejects_bad_schemas_as_jsonschema_rs_does(schema, error) -> None:
    for module in (jsonschema_rs, jsonschema_fallback):
        with pytest.raises(getattr(module, error)):
            module.meta.validate(schema)
            module.validator_for(schema)


def test_registry_on_the_fallback(monkeypatch) -> None:
    monkeypatch.setattr(registry, "jsonschema_rs", jsonschema_fallback)
    tools = ToolRegistry()
    tools.register(
        lambda **kw: kw["city"], name="weather", description="Weather in a city now.",
        parameters=SCHEMA,
    )  # fmt: skip
    assert tools.call("weather", {"city": "Seoul"}).content == "Seoul"
    wrong = tools.call("weather", {"city": 3, "unit": "kelvin"})
    assert wrong.error_kind == "invalid_arguments"
    assert "city" in wrong.content and "unit" in wrong.content
    with pytest.raises(ValueError, match="not a valid JSON Schema"):
        broken = {"type": "object", "properties": {"a": {"$ref": "#/x"}}}
        tools.register(lambda: 1, name="broken", description="A broken schema.", parameters=broken)


def test_skip_in_browser_prints_its_reason_only_in_the_browser(capsys, monkeypatch) -> None:
    assert coroutines.skip_in_browser("needs a thread pool") is False
    assert capsys.readouterr().out == ""  # CPython: the cell runs and prints what it printed
    monkeypatch.setattr(coroutines, "in_browser", lambda: True)
    assert coroutines.skip_in_browser("needs a thread pool") is True
    assert capsys.readouterr().out == "⏭ Skipped in the browser: needs a thread pool\n"


# ---- the loop checker (08.1, 08.2) without threads ----


async def to_thread_in_place(fn, /, *args, **kwargs):
    """asyncio.to_thread as Pyodide's event loop runs it: the function, right here."""
    return fn(*args, **kwargs)


@pytest.fixture
def checker_in_browser(browser, monkeypatch) -> list[object]:
    """The browser, with asyncio.to_thread running in place as Pyodide's loop does."""
    monkeypatch.setattr(asyncio, "to_thread", to_thread_in_place)
    return browser


def test_the_streamed_loop_check_runs_on_the_event_loop_in_the_browser(checker_in_browser):
    from helpers.exercises import check
    from helpers.exercises.lesson08 import reference_streaming_agent, streaming_report

    verdict = check("08.2", reference_streaming_agent)
    assert verdict.passed, repr(verdict)
    report = streaming_report(reference_streaming_agent)
    assert len(checker_in_browser) == 2 * (len(report.rows) - 1)  # each scenario, by run_sync
    assert all(row.holds for row in report.rows), report


def test_the_sync_loop_check_runs_in_place_in_the_browser(checker_in_browser) -> None:
    from helpers.exercises import check
    from helpers.exercises.lesson08 import reference_agent

    verdict = check("08.1", reference_agent)
    assert verdict.passed, repr(verdict)
    assert checker_in_browser == []  # a sync loop needs no event loop


def test_the_streamed_loop_checks_in_the_browser_name_mistakes(checker_in_browser, monkeypatch):
    from wrong_loops import swallowing_streaming_agent

    from helpers.exercises import check
    from helpers.exercises.lesson08 import streaming_report

    async def stub(client, registry, question, *, model, max_iterations=5) -> str:
        raise NotImplementedError()

    async def hanging(client, registry, question, *, model, max_iterations=5) -> str:
        await asyncio.sleep(2)
        return "late"

    assert "not done yet" in repr(check("08.2", stub))
    rows = {row.label: row.hint for row in streaming_report(swallowing_streaming_agent).rows}
    assert "silent empty answer" in rows[next(r for r in rows if "error event" in r)]
    monkeypatch.setattr("helpers.exercises.lesson08.TIME_LIMIT", 0.1)
    first = streaming_report(hanging).rows[0]
    assert not first.holds and "did not return within" in first.hint
