"""The workbook in the browser: helpers in a real Pyodide kernel in Chromium (JupyterLite).

The site is built by scripts/build_lite.py and served as a static host would; Pyodide is
npm's core plus PyPI's wheels (tests/lite/lite_support.py says why and what is left out).
Each lesson is run cell by cell until a cell needs what this offline Pyodide cannot have.
"""

from __future__ import annotations

import json

import bpe_openai
import nbformat
import pytest
from lite_support import MISSING
from test_o200k import notebook_texts, random_texts

from scripts.build_lite import ROOT

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LESSONS = sorted(ROOT.glob("notebooks/[0-9][0-9]_*.ipynb"))
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


def test_blocking_sleeps_in_to_thread_measured(lite_kernel) -> None:
    """Printed, not asserted: whether time.sleep in asyncio.to_thread overlaps here."""
    text = lite_kernel.ok(
        "import asyncio, time\n"
        "start = time.perf_counter()\n"
        "await asyncio.gather(*(asyncio.to_thread(time.sleep, 0.3) for _ in range(3)))\n"
        "print(round(time.perf_counter() - start, 2))"
    )
    print(f"three to_thread(time.sleep, 0.3) in Chromium took {text.strip()} s")
    assert float(text) > 0


def code_cells(path) -> list[str]:
    """A lesson's code cells, as the site's copy has them (without its install cell)."""
    notebook = nbformat.read(path, as_version=4)
    return [cell.source for cell in notebook.cells if cell.cell_type == "code"]


# Lessons that fail in the browser for a known reason (docs/jupyterlite.md): strict, so a fix
# shows up as an unexpected pass.
KNOWN_DEFECTS = {
    "08_write_the_loop": "check('08.2') prints its verdict, then the cell ends with the recorded "
    "Groq APIError that Pyodide's event loop reports from a task nobody awaited",
}


def lesson_param(path):
    """One lesson as a test parameter, marked xfail if it has a known browser defect."""
    reason = KNOWN_DEFECTS.get(path.stem)
    marks = [pytest.mark.xfail(reason=reason, strict=True)] if reason else []
    return pytest.param(path, id=path.stem, marks=marks)


@pytest.mark.parametrize("lesson", [lesson_param(path) for path in LESSONS])
def test_lesson_runs_until_it_needs_the_pyodide_distribution(lite_kernel, lesson) -> None:
    """Every cell runs, or the lesson stops at a cell that imports a package this offline
    Pyodide cannot have (skipped, naming the cell); any other error fails the test."""
    lite_kernel.ok("import os\nos.environ['WORKBOOK_FORCE_OFFLINE'] = '1'")
    for number, source in enumerate(code_cells(lesson), start=1):
        output = lite_kernel.run(source)
        if output.status == "ok":
            continue
        module = output.error.removeprefix("ModuleNotFoundError: No module named ").strip("'")
        if module in NO_BROWSER_WHEEL:
            pytest.skip(f"code cell {number} imports {module}, which no browser can install")
        if output.error.startswith("ModuleNotFoundError"):
            pytest.skip(f"code cell {number} needs {module}; missing here: {MISSING}")
        pytest.fail(f"{lesson.name}, code cell {number}: {output.error}")
