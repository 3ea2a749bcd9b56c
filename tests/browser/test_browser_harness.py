"""The browser harness itself: on generated notebooks it sees widgets, errors and broken views."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import nbformat
import pytest
from lab_harness import (
    JupyterLab,
    counter_mismatches,
    counters_shown,
    expected_counters,
    run_notebook,
    save_screenshot,
)

pytestmark = pytest.mark.browser

WIDGET_CELLS = [
    "import sys\nimport ipywidgets as widgets",
    "slider = widgets.IntSlider(value=3, description='slider')\nslider",
    "label = widgets.Label('calls: 0')\ndisplay(label)\nlabel.value = 'calls: 2'",
    "print('a warning, not an error', file=sys.stderr)",
]
FAILING_CELLS = [
    "# raises-exception\nraise ValueError('shown on purpose')",
    "x = 1",
    "1 / 0",
    "print('never reached')",
]
MISSING_MODEL_CELL = (
    "display({'application/vnd.jupyter.widget-view+json':"
    " {'model_id': 'no-such-model', 'version_major': 2, 'version_minor': 0},"
    " 'text/plain': 'a view of a model that does not exist'}, raw=True)"
)

COUNTER_CELLS = [
    "from helpers import Agent, connect, demo_registry\nfrom helpers.widgets import *",
    "agent = Agent(connect(), demo_registry())\nboard = dashboard(agent)\nboard",
    "agent.run('베이징 날씨 어때?')\nagent.run('What is the stock price of ACME?')",
    "totals = CallCounter()\ntotals.show_stats(agent.stats)\ntotals",
]


def write_notebook(folder: Path, name: str, sources: list[str]) -> Path:
    """A python3 notebook with one code cell per source, written inside the lab's root.

    A source starting with '# raises-exception' gets that tag, as lessons tag expected errors.
    """
    notebook = nbformat.v4.new_notebook()
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    notebook.cells = [nbformat.v4.new_code_cell(source) for source in sources]
    for cell in notebook.cells:
        if cell.source.startswith("# raises-exception"):
            cell.metadata["tags"] = ["raises-exception"]
    path = folder / name
    nbformat.write(notebook, path)
    return path


def test_widgets_render_and_stderr_is_not_an_error(
    page: Any, lab: JupyterLab, scratch: Path
) -> None:
    path = write_notebook(scratch, "widgets.ipynb", WIDGET_CELLS)
    run = run_notebook(page, lab, path, settle=10)
    save_screenshot(page, scratch / "widgets.png")

    assert run.code_cells == 4
    assert run.unexecuted_cells == []
    assert run.errors == []
    assert run.widget_outputs == run.rendered_widgets == 2
    assert run.broken_widgets == []
    texts = sorted(run.widget_texts.values())
    assert any("calls: 2" in text for text in texts), texts  # the value set after display
    assert any("slider" in text and "3" in text for text in texts), texts


def test_an_exception_is_reported_and_later_cells_stay_unrun(
    page: Any, lab: JupyterLab, scratch: Path
) -> None:
    path = write_notebook(scratch, "failing.ipynb", FAILING_CELLS)
    run = run_notebook(page, lab, path, settle=10)

    assert len(run.errors) == 1  # the tagged ValueError is expected, the ZeroDivisionError not
    assert run.errors[0].startswith("cell 2: ZeroDivisionError")
    assert run.unexecuted_cells == [3]


def test_a_view_without_its_model_is_reported_broken(
    page: Any, lab: JupyterLab, scratch: Path
) -> None:
    path = write_notebook(scratch, "missing.ipynb", ["import ipywidgets", MISSING_MODEL_CELL])
    run = run_notebook(page, lab, path, settle=10)

    assert run.widget_outputs == 1
    assert run.broken_widgets, run.widget_texts


def test_call_counters_in_the_page_match_an_in_process_run(
    page: Any, lab: JupyterLab, scratch: Path
) -> None:
    path = write_notebook(scratch, "counters.ipynb", COUNTER_CELLS)
    expected = expected_counters(path)
    run = run_notebook(page, lab, path, settle=10)
    shown = counters_shown(page)
    save_screenshot(page, scratch / "counters.png")

    assert run.errors == [] and run.broken_widgets == []
    assert set(expected) == {(1, 0), (3, 0)}  # the dashboard's counter, and the totals
    assert expected[(1, 0)] == expected[(3, 0)] and expected[(1, 0)][0][0] >= 3
    assert counter_mismatches(expected, shown) == []
    wrong = {**expected, (3, 0): [[99, 0, 0]]}
    assert counter_mismatches(wrong, shown) == [
        f"cell 3: [LLM calls, tool calls, errors] should be [99, 0, 0], "
        f"the page shows {shown[(3, 0)][0]}"
    ]
