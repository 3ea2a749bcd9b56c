"""Issue 10, the tool-execution side: `call` never raises, results are valid UTF-8 and within a
budget, and a timed-out sync tool does not keep the process alive (defects 2, 3, 7 and 10)."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import textwrap
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from history_invariant import assert_history_invariant
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scripted_model import ScriptedModel

from helpers.agent import Agent
from helpers.backend import connect
from helpers.calls import ToolCall
from helpers.parallel import run_concurrently, run_in_order
from helpers.registry import MAX_DEPTH, MAX_RESULT_CHARS, ToolRegistry, ToolResult

ROOT = Path(__file__).resolve().parents[2]
EMPTY = {"type": "object", "properties": {}}
DEEP_ARGUMENTS = "[" * 992 + "]" * 992  # 2 kB; json.loads raised RecursionError on it


def registry_returning(behaviour: Callable[[], Any], **options: Any) -> ToolRegistry:
    """A registry with one tool, `probe`, that does `behaviour()` whatever it is called with."""
    registry = ToolRegistry(**options)
    registry.register(
        lambda **_: behaviour(),
        name="probe",
        description="Runs a behaviour chosen by the test.",
        parameters={"type": "object"},
    )
    return registry


def echo_registry() -> ToolRegistry:
    registry = ToolRegistry()

    @registry.register
    def echo(text: str) -> str:
        """Return the text it is given, unchanged."""
        return text

    return registry


def error_of(result: ToolResult) -> str:
    assert not result.ok
    return json.loads(result.content)["error"]


def readable_by_the_model(result: ToolResult) -> None:
    """What every result must be: a ToolResult whose content a request can carry."""
    assert isinstance(result, ToolResult)
    result.content.encode("utf-8")  # raises on a lone surrogate
    json.dumps({"content": result.content}, ensure_ascii=False).encode("utf-8")


# ---- defect 2: call never raises ----


@pytest.mark.parametrize(
    "arguments",
    [
        DEEP_ARGUMENTS,
        '{"text": ' + DEEP_ARGUMENTS + "}",
        '{"text": ' + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "}",  # parses, too deep
        "[" * 100_000,  # unfinished, and deeper than the parser's stack
    ],
)
def test_deeply_nested_arguments_are_an_error_the_model_can_read(arguments: str) -> None:
    registry = echo_registry()
    for result in (registry.call("echo", arguments),
                   asyncio.run(registry.call_async("echo", arguments))):
        assert result.error_kind in ("invalid_arguments", "invalid_json")
        assert "nested deeper than 100 levels" in error_of(result)


def test_arguments_nested_within_the_limit_still_reach_the_schema_check() -> None:
    arguments = '{"text": ' + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1) + "}"
    message = error_of(echo_registry().call("echo", arguments))
    assert 'is not of type "string"' in message


@pytest.mark.parametrize(
    ("arguments", "named"),
    [
        ('{"text": ' + "1" * 5000 + "}", "4300"),  # Python refuses ints of > 4,300 digits
        ('{"text": NaN}', "NaN is not a JSON number"),
        ('{"text": -Infinity}', "-Infinity is not a JSON number"),
        ({1: "x"}, "not JSON data"),  # a dict from Python code with a non-string key
        ({"text": {("a", "b"): 1}}, "not JSON data"),
    ],
)
def test_arguments_that_are_not_json_data_are_named(arguments: Any, named: str) -> None:
    result = echo_registry().call("echo", arguments)
    assert result.error_kind in ("invalid_json", "invalid_arguments")
    assert named in error_of(result)


def nested_list(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


def self_containing() -> list[Any]:
    value: list[Any] = []
    value.append(value)
    return value


class UnreadableError(Exception):
    def __str__(self) -> str:
        raise RuntimeError("no message for you")


class Stop(BaseException):
    """A BaseException that is neither KeyboardInterrupt nor SystemExit."""


class Unprintable:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


class BadList(list):  # type: ignore[type-arg]
    def __iter__(self) -> Any:
        raise LookupError("cannot iterate")


def raise_(exc: BaseException) -> Callable[[], Any]:
    def behaviour() -> Any:
        raise exc

    return behaviour


HOSTILE = {  # behaviour -> (error kind, words the error must contain)
    "a list nested 100,000 deep": (lambda: nested_list(100_000), "not_serialisable",
                                   "nested deeper than 100 levels"),
    "a list that contains itself": (self_containing, "not_serialisable", "nested deeper"),
    "an int of 5,000 digits": (lambda: 10**5000, "not_serialisable", "4300"),
    "NaN": (lambda: float("nan"), "not_serialisable", "JSON"),
    "a dict with tuple keys": (lambda: {(1, 2): 3}, "not_serialisable", "keys must be"),
    "a generator": (lambda: (i for i in range(3)), "not_serialisable", "generator"),
    "an object whose repr raises": (Unprintable, "not_serialisable", "Unprintable"),
    "a list whose iteration raises": (lambda: BadList([1]), "not_serialisable", "BadList"),
    "an exception whose __str__ raises": (raise_(UnreadableError()), "tool_failed",
                                          "UnreadableError: its message could not be read"),
    "a BaseException": (raise_(Stop("halt")), "tool_failed", "Stop: halt"),
    "GeneratorExit": (raise_(GeneratorExit()), "tool_failed", "GeneratorExit"),
    "a RecursionError": (raise_(RecursionError("deep")), "tool_failed", "RecursionError"),
    "a CancelledError of its own": (raise_(asyncio.CancelledError()), "tool_failed",
                                    "CancelledError"),
}


@pytest.mark.parametrize("case", HOSTILE)
def test_whatever_a_tool_does_becomes_a_result(case: str) -> None:
    behaviour, kind, words = HOSTILE[case]
    result = registry_returning(behaviour).call("probe", "{}")
    readable_by_the_model(result)
    assert result.error_kind == kind
    assert words in error_of(result)


@pytest.mark.parametrize("case", [c for c in HOSTILE if "CancelledError" not in c])
def test_whatever_a_tool_does_becomes_a_result_when_awaited_too(case: str) -> None:
    behaviour, kind, words = HOSTILE[case]
    result = asyncio.run(registry_returning(behaviour).call_async("probe", "{}"))
    assert result.error_kind == kind and words in error_of(result)


def test_keyboard_interrupt_and_system_exit_still_stop_the_program() -> None:
    for stop in (KeyboardInterrupt(), SystemExit(1)):
        with pytest.raises(type(stop)):
            registry_returning(raise_(stop)).call("probe", "{}")


TEXT = st.text(  # any code point, lone surrogates (as from os.listdir) included
    st.characters(exclude_categories=()) | st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF)
)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | TEXT,
    lambda children: st.lists(children, max_size=3)
    | st.dictionaries(st.text(max_size=5), children, max_size=3),
    max_leaves=20,
)
BEHAVIOURS = st.one_of(
    JSON_VALUES.map(lambda value: lambda: value),
    TEXT.map(lambda text: lambda: text),
    st.sampled_from([entry[0] for entry in HOSTILE.values()]),
    TEXT.map(lambda text: raise_(ValueError(text))),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(["probe", "prob", ""]) | TEXT,
       arguments=TEXT | JSON_VALUES.map(json.dumps), behaviour=BEHAVIOURS)
def test_call_never_raises_and_always_gives_a_result_a_request_can_carry(
    name: str, arguments: str, behaviour: Callable[[], Any]
) -> None:
    result = registry_returning(behaviour, max_result_chars=200).call(name, arguments)
    readable_by_the_model(result)
    assert len(result.content) <= 200 + 200  # the budget, plus the notes


def scripted_agent(model: ScriptedModel, sync: bool) -> Agent:
    client = model.client() if sync else model.async_client()
    return Agent(client, echo_registry(), model="scripted")


async def streamed(agent: Agent, message: str) -> None:
    async for _ in agent.run_stream(message):
        pass


@pytest.mark.parametrize("loop", ["run", "run_async", "run_stream"])
def test_deep_arguments_from_the_model_do_not_crash_the_agent(loop: str) -> None:
    model = ScriptedModel([{"tool_calls": [("echo", DEEP_ARGUMENTS)]}, {"content": "done"}])
    agent = scripted_agent(model, sync=loop == "run")
    if loop == "run":
        agent.run("echo this")
    elif loop == "run_async":
        asyncio.run(agent.run_async("echo this"))
    else:
        asyncio.run(streamed(agent, "echo this"))
    tool_message = [m for m in agent.messages if m["role"] == "tool"][0]
    assert "nested deeper than 100 levels" in tool_message["content"]
    assert_history_invariant(agent.messages)


# ---- defect 3: lone surrogates ----


def test_a_lone_surrogate_is_replaced_and_the_result_says_so() -> None:
    result = registry_returning(lambda: ["caf\udce9.txt", "notes.md"]).call("probe", "{}")
    readable_by_the_model(result)
    assert result.ok
    assert result.content.startswith('["caf\ufffd.txt", "notes.md"]')
    assert "not valid in UTF-8" in result.content.splitlines()[-1]


def test_surrogates_in_an_error_or_an_unknown_name_are_replaced_too() -> None:
    registry = registry_returning(raise_(FileNotFoundError("caf\udce9.txt")))
    for result in (registry.call("probe", "{}"), registry.call("pr\udcffobe", "{}")):
        readable_by_the_model(result)
        assert "\ufffd" in result.content


def test_a_clean_result_is_left_exactly_as_it_was() -> None:
    result = registry_returning(lambda: "맑음, 28도 😀").call("probe", "{}")
    assert result == ToolResult(content="맑음, 28도 😀", ok=True)


def test_a_file_name_that_is_not_utf8_goes_through_a_turn_with_the_offline_model(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("WORKBOOK_FORCE_OFFLINE", "1")
    registry = ToolRegistry()

    @registry.register
    def list_files(folder: str) -> list[str]:
        """List the names of the files in a folder.

        Args:
            folder: The folder to list.
        """
        return ["caf\udce9.txt", "notes.md"]  # what os.listdir gives for a Latin-1 name

    agent = Agent(connect(), registry)
    answer = agent.run('List the files in the folder "downloads".')  # raised UnicodeEncodeError
    (tool_message,) = [m for m in agent.messages if m["role"] == "tool"]
    assert "caf\ufffd.txt" in tool_message["content"]
    assert "not valid in UTF-8" in tool_message["content"] and answer.strip()
    assert_history_invariant(agent.messages)


# ---- defect 10: a budget per result ----


def test_a_huge_result_is_cut_to_the_budget_with_a_note_and_kept_whole_for_widgets() -> None:
    lines = "\n".join(f"line {i:06d} " + "x" * 88 for i in range(10_000))
    assert len(lines) == 1_009_999  # 10,000 lines of 100 characters, 9,999 line breaks
    result = registry_returning(lambda: lines).call("probe", "{}")
    kept, note = result.content.rsplit("\n", 1)
    assert len(kept) <= MAX_RESULT_CHARS and lines.startswith(kept)
    assert lines[len(kept)] == "\n"  # cut at the end of a line, not inside one
    left_out = len(lines) - len(kept)
    assert note == (f"[cut: {left_out:,} of {len(lines):,} characters left out; "
                    "ask for less, e.g. a page or a filter]")
    assert result.ok and result.full_content == lines


def test_the_budget_is_set_per_registry_and_per_tool() -> None:
    registry = ToolRegistry(max_result_chars=50)
    registry.register(lambda: "word " * 100, name="wordy", parameters=EMPTY,
                      description="Returns a long run of words.")
    registry.register(lambda: "word " * 100, name="roomy", parameters=EMPTY,
                      description="Returns a long run of words too.", max_result_chars=400)
    wordy, roomy = registry.call("wordy", "{}"), registry.call("roomy", "{}")
    assert wordy.content.split("\n")[0] == "word " * 9 + "word"  # cut at a space
    assert "[cut: 451 of 500 characters left out" in wordy.content
    assert roomy.content.split("\n")[0] == ("word " * 80).strip()
    assert wordy.full_content == roomy.full_content == "word " * 100


def test_a_result_within_the_budget_is_not_cut() -> None:
    result = registry_returning(lambda: "x" * 16_000).call("probe", "{}")
    assert result.content == "x" * 16_000 and result.full_content is None


@pytest.mark.parametrize(("budget", "error"), [(0, ValueError), (-5, ValueError),
                                                (1.5, TypeError), (True, TypeError)])
def test_a_budget_must_be_a_positive_number_of_characters(budget: Any, error: type) -> None:
    with pytest.raises(error, match="max_result_chars"):
        ToolRegistry(max_result_chars=budget)
    with pytest.raises(error, match="max_result_chars"):
        ToolRegistry().register(lambda: 1, name="f", parameters=EMPTY,
                                description="A tool with a bad budget.", max_result_chars=budget)


def test_the_model_gets_the_cut_result_in_the_request() -> None:
    model = ScriptedModel([{"tool_calls": [("probe", "{}")]}, {"content": "done"}])
    agent = Agent(model.client(), registry_returning(lambda: "y" * 1_000_000), model="scripted")
    agent.run("go")
    sent = [m for m in model.requests[1]["messages"] if m["role"] == "tool"][0]["content"]
    assert len(sent) < MAX_RESULT_CHARS + 200
    assert "[cut: 984,000 of 1,000,000 characters left out" in sent


# ---- defect 7: a timed-out sync tool does not hold the process ----


def blocking_registry(release: threading.Event, threads: list[threading.Thread]) -> ToolRegistry:
    registry = ToolRegistry()

    @registry.register
    def wait_for_release() -> str:
        """Wait until the test lets it go (a hung network call)."""
        threads.append(threading.current_thread())
        release.wait()
        return "released"

    return registry


def test_a_timed_out_sync_tool_runs_in_a_daemon_thread() -> None:
    release, threads = threading.Event(), []
    registry = blocking_registry(release, threads)
    call = ToolCall(id="call_1", name="wait_for_release", arguments="{}")
    loop = asyncio.new_event_loop()  # closed without waiting for its executor's threads
    try:
        (in_order,) = run_in_order(registry, [call], timeout=0.05)
        (concurrent,) = loop.run_until_complete(run_concurrently(registry, [call], timeout=0.05))
    finally:
        loop.close()
        release.set()  # let the abandoned tools finish, whatever this test found
    assert in_order.result.error_kind == concurrent.result.error_kind == "timeout"
    assert len(threads) == 2 and all(thread.daemon for thread in threads)


HOLDS_THE_PROCESS = textwrap.dedent("""
    import asyncio, threading
    from helpers import Agent, ToolRegistry, connect
    from helpers.calls import ToolCall
    from helpers.parallel import run_concurrently, run_in_order

    registry = ToolRegistry()

    @registry.register
    def wait_forever() -> str:
        '''Wait for an event that never comes (a hung network call).'''
        threading.Event().wait()
        return "never"

    call = ToolCall(id="call_1", name="wait_forever", arguments="{}")
    print(run_in_order(registry, [call], timeout=0.2)[0].result.error_kind, flush=True)
    runs = asyncio.run(run_concurrently(registry, [call], timeout=0.2))
    print(runs[0].result.error_kind, flush=True)
    script = [[{"name": "wait_forever", "arguments": {}}], "It did not finish."]
    agent = Agent(connect(script=script), registry, tool_timeout=0.2)
    print(agent.run("Wait for the event."), flush=True)
    print("returned; the process should now exit", flush=True)
""")
SERVER_WITH_A_HUNG_TOOL = textwrap.dedent("""
    import threading
    import httpx2
    from helpers import ToolRegistry
    from helpers.backend import connect_async
    from helpers.progress import start_progress_server

    started = threading.Event()
    registry = ToolRegistry()

    @registry.register
    def wait_forever() -> str:
        '''Wait for an event that never comes (a hung network call).'''
        started.set()
        threading.Event().wait()
        return "never"

    script = [[{"name": "wait_forever", "arguments": {}}], "It did not finish."]
    server = start_progress_server(registry, client=connect_async(script=script))

    def listen() -> None:
        with httpx2.Client(trust_env=False, timeout=None) as client:
            client.get(server.events_url("Wait for the event."))

    threading.Thread(target=listen, daemon=True).start()
    started.wait()
    print("the tool runs; the kernel exits now", flush=True)
""")


def finished_python(code: str) -> subprocess.CompletedProcess[str]:
    """Run `code` in a fresh interpreter on the offline model; kill it if it has not exited
    after 60 s. The tools in these scripts never finish, so a process that waits for them
    never exits; one that does not wait exits in a few seconds. The bound only separates
    "exits" from "never exits": it times nothing."""
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, timeout=60,
                          capture_output=True, text=True,
                          env={**os.environ, "WORKBOOK_FORCE_OFFLINE": "1"})


def test_the_process_exits_while_a_timed_out_tool_still_runs() -> None:
    finished = finished_python(HOLDS_THE_PROCESS)
    assert finished.returncode == 0, finished.stderr
    lines = finished.stdout.splitlines()
    assert lines[:2] == ["timeout", "timeout"] and lines[-1].startswith("returned")


def test_a_progress_server_exits_with_its_kernel_while_a_sync_tool_runs() -> None:
    finished = finished_python(SERVER_WITH_A_HUNG_TOOL)
    assert finished.returncode == 0, finished.stderr
    assert finished.stdout.splitlines()[-1] == "the tool runs; the kernel exits now"
