"""The workbook in the browser: helpers in a real Pyodide kernel in Chromium (JupyterLite).

The site is built by scripts/build_lite.py and served as a static host would; Pyodide is
npm's core plus PyPI's wheels (tests/lite/lite_support.py says why and what is left out).
Each lesson is run cell by cell until a cell needs what this offline Pyodide cannot have; a cell
that cannot run in any browser must print its skip note (helpers.coroutines.skip_in_browser), and
the lessons' browser-only paths are run on their own where the lesson cannot get that far.
"""

from __future__ import annotations

import ast
import json

import bpe_openai
import nbformat
import pytest
from lite_support import MISSING
from test_o200k import notebook_texts, random_texts

from scripts.build_lite import ROOT

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LESSONS = sorted(ROOT.glob("notebooks/[0-9][0-9]_*.ipynb"))
NOTE = "⏭ Skipped in the browser: "  # what helpers.coroutines.skip_in_browser prints
# Compiled packages with no wheel for Pyodide anywhere (helpers falls back where it can).
NO_BROWSER_WHEEL = {"jsonschema_rs", "bpe_openai", "kiwipiepy", "uvicorn", "mcp", "mcp_types",
                    "openai_harmony"}  # fmt: skip


def test_the_kernel_is_pyodide_with_helpers_from_the_site(lite_kernel) -> None:
    text = lite_kernel.ok(
        "import sys, helpers, helpers.coroutines\n"
        "print(sys.platform, sys.version_info[:2], helpers.coroutines.in_browser())\n"
        "print('site-packages' in helpers.__file__)"
    )
    assert text.split() == ["emscripten", "(3,", "14)", "True", "True"]


def test_pure_python_o200k_counts_as_bpe_openai_in_pyodide(lite_kernel) -> None:
    texts = notebook_texts() + random_texts(300)
    reference = bpe_openai.get_encoding("o200k_base")
    expected = [len(reference.encode_ordinary(text)) for text in texts]
    code = (
        "import json\nfrom helpers.tokens import count_tokens, encoding\n"
        f"texts = json.loads({json.dumps(json.dumps(texts))})\n"
        "print(type(encoding()).__name__)\n"
        "print(json.dumps([count_tokens(t) for t in texts]))"
    )
    name, counts = lite_kernel.ok(code).splitlines()
    assert name == "PurePythonEncoding"
    got = json.loads(counts)
    differ = [text for text, a, b in zip(texts, got, expected, strict=True) if a != b]
    assert not differ, f"{len(differ)} of {len(texts)} texts counted differently: {differ[:3]!r}"


def test_no_threads_start_but_blocking_work_runs_in_place(lite_kernel) -> None:
    output = lite_kernel.run("import threading\nthreading.Thread(target=print).start()")
    assert output.error == "RuntimeError: can't start new thread"
    text = lite_kernel.ok(
        "from helpers.coroutines import start_in_daemon_thread\n"
        "future = start_in_daemon_thread(lambda: threading.get_ident())\n"
        "print(future.done(), future.result() == threading.get_ident())"
    )
    assert text.split() == ["True", "True"]


ASYNC_TOOLS = """\
import asyncio
from helpers.calls import ToolCall
from helpers.parallel import call_with_timeout
from helpers.registry import ToolRegistry

tools = ToolRegistry()

@tools.register
async def wait_then_double(n: int, seconds: float = 0.0) -> int:
    \"\"\"Wait the given number of seconds, then return twice the whole number n.\"\"\"
    await asyncio.sleep(seconds)
    return 2 * n
"""


def test_an_async_tool_from_sync_code_uses_run_sync(lite_kernel) -> None:
    text = lite_kernel.ok(
        ASYNC_TOOLS + "from pyodide.ffi import can_run_sync\n"
        "print(can_run_sync(), tools.call('wait_then_double', {'n': 21}).content)"
    )
    assert text.split() == ["True", "42"]


def test_the_sync_timeout_path_gives_up_on_the_event_loop(lite_kernel) -> None:
    text = lite_kernel.ok(
        ASYNC_TOOLS + "late = call_with_timeout(tools, "
        "ToolCall('c1', 'wait_then_double', '{\"n\": 1, \"seconds\": 30}'), 0.2)\n"
        "soon = call_with_timeout(tools, ToolCall('c2', 'wait_then_double', '{\"n\": 2}'), 5)\n"
        "print(late.error_kind, soon.content)"
    )
    assert text.split() == ["timeout", "4"]


def test_the_registry_checks_arguments_with_pure_python_jsonschema(lite_kernel) -> None:
    text = lite_kernel.ok(
        ASYNC_TOOLS + "import helpers.registry\n"
        "print(helpers.registry.jsonschema_rs.__name__)\n"
        "wrong = tools.call('wait_then_double', {'n': 'seven'})\n"
        "print(wrong.error_kind, 'n' in wrong.content)"
    )
    assert text.split() == ["helpers.jsonschema_fallback", "invalid_arguments", "True"]


def test_the_progress_app_streams_in_process_into_a_widget(lite_kernel) -> None:
    text = lite_kernel.ok(
        "import json\n"
        "from helpers.progress import InPageProgress\n"
        "from helpers.registry import ToolRegistry\n"
        "from helpers.replay import replay_async_client\n"
        "capitals = ToolRegistry()\n"
        "@capitals.register\n"
        "def get_capital(country: str) -> str:\n"
        "    '''Get the capital city of a country, by the country's English name.'''\n"
        "    return {'UK': 'London'}.get(country, 'unknown')\n"
        "client = replay_async_client('openai__chat-stream-single-call',\n"
        "                             'openai__chat-stream-final-answer-after-tool')\n"
        "progress = InPageProgress(capitals, client=client, model='gpt-4o-mini')\n"
        "messages = await progress.ask('What is the capital of the UK? Use the tool.')\n"
        "kinds = [json.loads(m.removeprefix('data: '))['type'] for m in messages]\n"
        "print(kinds[0], kinds[1], kinds[-1], len(progress.children) == len(messages))\n"
        "print(progress.turns[-1].outcome)"
    )
    assert text.split() == ["tool_start", "tool_done", "answer", "True", "answered"]


def test_blocking_sleeps_measured(lite_kernel) -> None:
    """Printed, not asserted: whether time.sleep overlaps here, in asyncio.to_thread and when
    called straight from gathered coroutines (lesson 07's timelines)."""
    text = lite_kernel.ok(
        "import asyncio, time\n"
        "async def sleep_blocking():\n"
        "    time.sleep(0.3)\n"
        "async def took(coroutines) -> float:\n"
        "    start = time.perf_counter()\n"
        "    await asyncio.gather(*coroutines)\n"
        "    return round(time.perf_counter() - start, 2)\n"
        "print(await took(asyncio.to_thread(time.sleep, 0.3) for _ in range(3)))\n"
        "print(await took(sleep_blocking() for _ in range(3)))"
    )
    in_threads, blocking = text.split()
    print(f"three to_thread(time.sleep, 0.3) in Chromium took {in_threads} s")
    print(f"three coroutines calling time.sleep(0.3), gathered, took {blocking} s")
    assert float(in_threads) > 0 and float(blocking) > 0


def code_cells(path) -> list[str]:
    """A lesson's code cells, as the site's copy has them (without its install cell)."""
    notebook = nbformat.read(path, as_version=4)
    return [cell.source for cell in notebook.cells if cell.cell_type == "code"]


def cell_tree(source: str) -> ast.Module:
    """A cell's syntax tree (cells may await at top level)."""
    flags = ast.PyCF_ONLY_AST | ast.PyCF_ALLOW_TOP_LEVEL_AWAIT
    return compile(source, "<cell>", "exec", flags=flags)


def skip_call(node: ast.AST) -> ast.Call | None:
    """The skip_in_browser(...) call that `node` (an `if` test) is, or negates."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        node = node.operand
    is_call = isinstance(node, ast.Call) and getattr(node.func, "id", None) == "skip_in_browser"
    return node if is_call else None


def skip_reasons(source: str) -> list[str]:
    """The argument of each skip_in_browser(...) call in a cell, as written (a name or a text)."""
    return [
        ast.get_source_segment(source, node.args[0])
        for node in ast.walk(cell_tree(source))
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "skip_in_browser"
    ]


def skip_guards(path) -> list[tuple[int, str, str]]:
    """(code cell number, the statement, its reason) for each `if not skip_in_browser(reason):`
    without an else: in the browser it prints the note and runs nothing else."""
    guards = []
    for number, source in enumerate(code_cells(path), start=1):
        for node in cell_tree(source).body:
            call = skip_call(node.test) if isinstance(node, ast.If) else None
            if call and isinstance(node.test, ast.UnaryOp) and not node.orelse:
                reason = ast.get_source_segment(source, call.args[0])
                guards.append((number, ast.get_source_segment(source, node), reason))
    return guards


def reason_definitions(path, names: set[str]) -> list[str]:
    """The lesson's assignments of the reasons it names (e.g. NO_MCP = "..."), as written."""
    found = []
    for source in code_cells(path):
        for node in cell_tree(source).body:
            targets = [t.id for t in getattr(node, "targets", []) if isinstance(t, ast.Name)]
            if isinstance(node, ast.Assign) and set(targets) & names:
                found.append(ast.get_source_segment(source, node))
    return found


def check_skip_notes(lite_kernel, source: str, output, where: str) -> int:
    """Each skip_in_browser(...) of the cell printed its note with its exact reason."""
    reasons = skip_reasons(source)
    for reason in reasons:
        text = lite_kernel.ok(f"print({reason})")
        assert f"{NOTE}{text}" in output.text, f"{where}: {output.text!r}"
    return len(reasons)


@pytest.mark.parametrize("lesson", [pytest.param(path, id=path.stem) for path in LESSONS])
def test_lesson_runs_until_it_needs_the_pyodide_distribution(lite_kernel, lesson) -> None:
    """Every cell runs (a cell that cannot run in the browser prints its skip note and raises
    nothing), or the lesson stops at a cell that imports a package this offline Pyodide cannot
    have (skipped, naming the cell); any other error fails the test."""
    lite_kernel.ok("import os\nos.environ['WORKBOOK_FORCE_OFFLINE'] = '1'")
    notes = 0
    for number, source in enumerate(code_cells(lesson), start=1):
        output = lite_kernel.run(source)
        assert "Traceback (most recent call last)" not in output.text, output.text  # IPython's
        if output.status == "ok":  # fallback when it cannot format an exception reports "ok"
            notes += check_skip_notes(lite_kernel, source, output, f"code cell {number}")
            continue
        module = output.error.removeprefix("ModuleNotFoundError: No module named ").strip("'")
        if module in NO_BROWSER_WHEEL:
            pytest.skip(f"code cell {number} imports {module}, which no browser can install")
        if output.error.startswith("ModuleNotFoundError"):
            pytest.skip(f"code cell {number} needs {module}; missing here: {MISSING}")
        pytest.fail(f"{lesson.name}, code cell {number}: {output.error}")
    print(f"{lesson.stem}: every code cell ran; {notes} skip notes printed")


GUARDED = [pytest.param(path, id=path.stem) for path in LESSONS if skip_guards(path)]


@pytest.mark.parametrize("lesson", GUARDED)
def test_cells_that_cannot_run_in_a_browser_print_why_and_nothing_else(lite_kernel, lesson):
    """Each `if not skip_in_browser(reason):` of the lesson, run in the page: its output is the
    note with the lesson's exact reason, and nothing else runs (no error, no other output)."""
    guards = skip_guards(lesson)
    names = {reason for _, _, reason in guards if reason.isidentifier()}
    setup = ["from helpers.coroutines import skip_in_browser", *reason_definitions(lesson, names)]
    lite_kernel.ok("\n".join(setup))
    for number, guard, reason in guards:
        output = lite_kernel.run(guard)
        expected = NOTE + lite_kernel.ok(f"print({reason})")
        assert (output.status, output.text) == ("ok", expected), f"code cell {number}"
    print(f"{lesson.stem}: {len(guards)} cells print their note and skip in the browser")


def lesson_cell(stem: str, marker: str) -> nbformat.NotebookNode:
    """The code cell of lesson `stem` whose source contains `marker`."""
    notebook = nbformat.read(ROOT / "notebooks" / f"{stem}.ipynb", as_version=4)
    (cell,) = [c for c in notebook.cells if c.cell_type == "code" and marker in c.source]
    return cell


def test_lesson_03s_race_runs_on_the_event_loop_without_threads(lite_kernel) -> None:
    """Lesson 03's as_completed race, in the page: the note, then the same finishing order as
    the output saved from CPython's threads (the slow call finishes last)."""
    race = lesson_cell("03_execute_and_answer", "run_at_once_without_threads")
    tool = lesson_cell("03_execute_and_answer", "def weather(")
    lite_kernel.ok(
        "import asyncio, json, time\n"
        "from concurrent.futures import ThreadPoolExecutor, as_completed\n"
        "from types import SimpleNamespace\n"
        "from helpers.coroutines import skip_in_browser\n"
        "from helpers.demo_tools import get_weather\n"
        "from helpers.registry import ToolRegistry\n" + tool.source + "\n"
        "two_calls = [SimpleNamespace(function=SimpleNamespace(name='weather',\n"
        "    arguments=json.dumps({'city': city}))) for city in ('Tokyo', 'Paris')]"
    )
    output = lite_kernel.run(race.source)
    (reason,) = skip_reasons(race.source)
    saved = "".join(o.get("text", "") for o in race.outputs if o.output_type == "stream")
    assert saved, "lesson 03's race cell has no saved output to compare with"
    assert output.status == "ok", output.error
    assert output.text == NOTE + lite_kernel.ok(f"print({reason})") + saved


def test_the_loop_checker_reads_a_failed_stream_on_the_page_loop(lite_kernel) -> None:
    """08.2's checker in the page: a streamed loop that meets Groq's recorded mid-stream error
    ends as an outcome with that error, and no exception is left for the page's loop to report
    (the cell and the next one end cleanly)."""
    output = lite_kernel.run(
        "from helpers.exercises.lesson08 import outcome_in_page\n"
        "from helpers.replay import recording, replay_async_client\n"
        "groq = recording('groq__chat-stream-tool-use-failed-midstream')\n"
        "client = replay_async_client(groq)\n"
        "async def streamed_loop() -> str:\n"
        "    request = {key: groq.request[key] for key in ('model', 'messages', 'tools')}\n"
        "    stream = await client.chat.completions.create(**request, stream=True)\n"
        "    async for chunk in stream:\n"
        "        pass\n"
        "    return 'no error'\n"
        "answer, error, timed_out = outcome_in_page(streamed_loop)\n"
        "print(answer, type(error).__name__, timed_out)"
    )
    assert (output.status, output.text.split()) == ("ok", ["None", "APIError", "False"]), output
    assert {o["type"] for o in output.outputs} == {"stream"}, output.outputs  # no error
    after = lite_kernel.run("print('the next cell')")
    assert (after.status, after.text) == ("ok", "the next cell\n"), after.outputs


def test_lesson_10s_qwen_rendering_runs_in_the_browser_and_harmony_says_why_not(lite_kernel):
    """jinja2 renders Qwen2.5's template in the page exactly as in CPython, with the same token
    count; harmony is a note, not an error (openai-harmony has no browser build)."""
    from helpers.demo_tools import weather_registry
    from helpers.prompt_view import hermes_tools

    expected = hermes_tools(weather_registry().definitions())
    text = lite_kernel.ok(
        "from helpers.demo_tools import weather_registry\n"
        "from helpers.prompt_view import harmony_tools, hermes_tools\n"
        "tools = weather_registry().definitions()\n"
        "print(harmony_tools(tools).available, hermes_tools(tools).tokens)\n"
        "print(hermes_tools(tools))"
    )
    first, rendered = text.split("\n", 1)
    assert first.split() == ["False", str(expected.tokens)]
    assert rendered == f"{expected}\n"
