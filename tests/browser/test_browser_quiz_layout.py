"""Every lesson's quiz in JupyterLab: no option's text runs over another's, at any width.

The quiz cells of all lessons run in one scratch notebook (the same `quiz_from(...)` source as
in the lesson, so the same widgets); then, at two viewport widths, the page is measured: every
option has its letter button and its text, and no two option texts' boxes intersect.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import nbformat
import pytest
from lab_harness import JupyterLab, element_boxes, run_notebook, save_screenshot
from test_browser_harness import write_notebook

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
LESSONS = sorted((REPO / "notebooks").glob("[0-9][0-9]_*.ipynb"))
WIDTHS = (1280, 560)  # a laptop, and a narrow window where long options must wrap
IMPORT = "from helpers.widgets import Quiz, quiz_from"


def quiz_cells(path: Path) -> list[str]:
    """The code cells of a lesson that build quizzes."""
    cells = nbformat.read(path, as_version=4).cells
    return [
        cell.source
        for cell in cells
        if cell.cell_type == "code" and ("quiz_from(" in cell.source or "Quiz(" in cell.source)
    ]


def option_count(source: str) -> int:
    """How many options the quizzes of one cell have (read from its `options` lists)."""
    total = 0
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                if isinstance(key, ast.Constant) and key.value == "options":
                    total += len(value.elts)  # type: ignore[attr-defined]
    return total


def intersect(a: dict[str, float], b: dict[str, float]) -> bool:
    """Whether two boxes overlap by more than a rounding pixel."""
    return (
        min(a["right"], b["right"]) - max(a["left"], b["left"]) > 1
        and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 1
    )


def overlaps(boxes: list[dict[str, Any]]) -> list[str]:
    """Every pair of boxes that intersect, named by their text."""
    return [
        f"{a['text'][:40]!r} overlaps {b['text'][:40]!r}"
        for i, a in enumerate(boxes)
        for b in boxes[i + 1 :]
        if intersect(a, b)
    ]


def test_the_lessons_have_quizzes() -> None:
    assert all(quiz_cells(path) for path in LESSONS)


def test_no_quiz_option_overlaps_another_at_two_widths(
    page: Any, lab: JupyterLab, scratch: Path, screenshots: Path
) -> None:
    sources = [source for path in LESSONS for source in quiz_cells(path)]
    notebook = write_notebook(scratch, "quizzes.ipynb", [IMPORT, *sources])
    run = run_notebook(page, lab, notebook)
    assert run.errors == [], run.errors
    expected = sum(option_count(source) for source in sources)
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(500)
        labels = element_boxes(page, ".workbook-quiz-option")
        buttons = element_boxes(page, ".widget-toggle-button")
        save_screenshot(page, screenshots / f"quizzes-{width}px.png")
        assert len(labels) == expected, f"{width}px: {len(labels)} option texts of {expected}"
        assert all(box["height"] > 0 and box["width"] > 0 for box in labels)
        assert len(buttons) == expected, f"{width}px: {len(buttons)} option buttons"
        assert overlaps(labels) == [], f"at {width}px"
        assert overlaps(labels + buttons) == [], f"at {width}px (a text runs over a button)"


def test_an_overlap_is_found_and_neighbours_are_not() -> None:
    upper = {"left": 0, "right": 300, "top": 0, "bottom": 40, "text": "(a) a long option"}
    runs_over = {"left": 0, "right": 300, "top": 30, "bottom": 60, "text": "(b) the next"}
    below = {"left": 0, "right": 300, "top": 40.5, "bottom": 80, "text": "(c) below"}
    assert overlaps([upper, runs_over]) == ["'(a) a long option' overlaps '(b) the next'"]
    assert overlaps([upper, below]) == []
