"""Every lesson notebook, run in JupyterLab in Chromium as a learner would run it.

Each must run all its cells without an error, render every widget as DOM, and show in its call
counters the numbers its kernel's CallCounters hold. (That the page shows what an in-process
run counts is test_browser_harness's check; nbval runs every lesson in process already.)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from lab_harness import (
    JupyterLab,
    counter_mismatches,
    counters_held,
    counters_shown,
    run_notebook,
    save_screenshot,
)

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
LESSONS = sorted((REPO / "notebooks").glob("[0-9][0-9]_*.ipynb"))


@pytest.mark.parametrize("notebook", LESSONS, ids=lambda path: path.stem)
def test_the_lesson_runs_in_jupyterlab_with_widgets_and_counters_right(
    notebook: Path, page: Any, lab: JupyterLab, screenshots: Path
) -> None:
    relative = notebook.relative_to(REPO).as_posix()
    run = run_notebook(page, lab, notebook)
    held = counters_held(page)
    shown = counters_shown(page)
    save_screenshot(page, screenshots / f"{notebook.stem}.png")

    assert run.errors == [], f"{relative} raised: {run.errors}"
    assert run.unexecuted_cells == [], f"{relative}: cells left unrun: {run.unexecuted_cells}"
    assert run.broken_widgets == [], f"{relative}: widgets not displayed: {run.broken_widgets}"
    assert run.rendered_widgets == run.widget_outputs, f"{relative}: some widgets have no DOM"
    assert counter_mismatches(held, shown) == []
