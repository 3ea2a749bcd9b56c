"""The lessons' browser skips, read from their sources (CPython, fast): each reason a cell prints
in the browser is written, word for word, in docs/jupyterlite.md, and each such lesson's markdown
tells the learner about the browser before the cell does."""

from __future__ import annotations

import ast

import nbformat
import pytest
from test_in_chromium import LESSONS, cell_tree, code_cells, skip_reasons

from scripts.build_lite import ROOT

DOCS = (ROOT / "docs" / "jupyterlite.md").read_text()


def reason_texts(path) -> set[str]:
    """What each skip_in_browser(...) of a lesson prints: its text, or the text of its constant."""
    written = {reason for source in code_cells(path) for reason in skip_reasons(source)}
    constants = {}
    for source in code_cells(path):
        for node in cell_tree(source).body:
            if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
                constants[node.targets[0].id] = node.value
    return {ast.literal_eval(constants.get(reason) or reason) for reason in written}


SKIPPING = [pytest.param(path, id=path.stem) for path in LESSONS if reason_texts(path)]


def test_the_lessons_that_skip_cells_in_the_browser() -> None:
    assert [param.id for param in SKIPPING] == [
        "03_execute_and_answer", "07_parallel_and_progress", "10_what_the_model_sees", "13_mcp",
    ]  # fmt: skip


@pytest.mark.parametrize("lesson", SKIPPING)
def test_each_skip_reason_is_in_the_docs_word_for_word(lesson) -> None:
    for reason in reason_texts(lesson):
        assert f"`{reason}`" in DOCS, f"docs/jupyterlite.md does not quote {reason!r}"


@pytest.mark.parametrize("lesson", SKIPPING)
def test_the_lesson_says_what_differs_in_the_browser_before_it_skips(lesson) -> None:
    notebook = nbformat.read(lesson, as_version=4)
    cells = notebook.cells
    first_skip = next(
        i for i, c in enumerate(cells) if c.cell_type == "code" and skip_reasons(c.source)
    )
    told = [c.source for c in cells[: first_skip + 1] if c.cell_type == "markdown"]
    assert any("browser" in text.lower() for text in told), lesson.name
