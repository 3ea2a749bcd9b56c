"""Student copies: made by scripts/make_student_copies.py, no solution text, up to date; and
every lesson's solutions pass their checkers while the stubs are rejected."""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
import pytest
from notebook_exercises import (
    LESSONS,
    ROOT,
    exercises_in,
    solution_passes,
    solution_texts,
    stub_is_rejected,
)

sys.path.insert(0, str(ROOT / "scripts"))
import make_student_copies  # noqa: E402

EXERCISE_CELL = '''def llm_calls_needed(rounds: int) -> int:
    """LLM calls for a run with `rounds` rounds of tool calls."""
    ### BEGIN SOLUTION
    return rounds + 1
    ### END SOLUTION'''
REAL_EXERCISES = [exercise for lesson in LESSONS for exercise in exercises_in(lesson)]


def write_lesson(folder: Path, name: str = "00_start.ipynb", solution: str = EXERCISE_CELL):
    """A small lesson: text, a solution cell with stored output, and its check cell."""
    folder.mkdir(parents=True, exist_ok=True)
    solved = nbformat.v4.new_code_cell(solution, execution_count=1, outputs=[
        nbformat.v4.new_output("stream", name="stdout", text="defined\n")])
    notebook = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("# 00 · Start here"),
        solved,
        nbformat.v4.new_code_cell(
            "from helpers.exercises import check\ncheck('00.1', llm_calls_needed)"),
    ])
    nbformat.write(notebook, folder / name)
    return folder / name


def make(source: Path, target: Path, *options: str) -> int:
    return make_student_copies.main([*options, "--source", str(source), "--target", str(target)])


def test_a_copy_has_stubs_no_solution_and_no_outputs(tmp_path: Path) -> None:
    lesson = write_lesson(tmp_path / "notebooks")
    assert make(lesson.parent, tmp_path / "copies") == 0
    copy = nbformat.read(tmp_path / "copies" / lesson.name, as_version=4)
    text = (tmp_path / "copies" / lesson.name).read_text(encoding="utf-8")
    assert "rounds + 1" not in text and "BEGIN SOLUTION" not in text
    assert copy.cells[1].source.endswith(
        "    # YOUR CODE HERE\n    raise NotImplementedError()")
    assert copy.cells[0].source == "# 00 · Start here"
    assert all(cell.outputs == [] and cell.execution_count is None
               for cell in copy.cells if cell.cell_type == "code")
    assert copy.metadata.kernelspec.name == "python3"


def test_the_example_lesson_passes_with_solutions_and_fails_with_stubs(tmp_path: Path) -> None:
    lesson = write_lesson(tmp_path / "notebooks")
    [exercise] = exercises_in(lesson)
    assert (exercise.exercise_id, exercise.function) == ("00.1", "llm_calls_needed")
    assert exercise.cell == 1
    assert solution_passes(exercise)
    assert stub_is_rejected(exercise)
    assert solution_texts(exercise.source) == ["    return rounds + 1"]


def test_check_mode_finds_missing_changed_and_orphaned_copies(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    lessons, copies = tmp_path / "notebooks", tmp_path / "copies"
    write_lesson(lessons)
    assert make(lessons, copies, "--check") == 1
    assert "stale: 00_start.ipynb: missing" in capsys.readouterr().err
    make(lessons, copies)
    assert make(lessons, copies, "--check") == 0
    write_lesson(lessons, solution=EXERCISE_CELL.replace("LLM calls", "Model calls"))
    (copies / "07_gone.ipynb").write_text("{}", encoding="utf-8")
    assert make(lessons, copies, "--check") == 1
    err = capsys.readouterr().err
    assert "stale: 00_start.ipynb: differs from its lesson" in err
    assert "stale: 07_gone.ipynb: its lesson no longer exists" in err
    make(lessons, copies)
    assert not (copies / "07_gone.ipynb").exists()
    assert make(lessons, copies, "--check") == 0


def test_unbalanced_markers_stop_the_script_with_the_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    lessons = tmp_path / "notebooks"
    write_lesson(lessons, solution="def f():\n    ### BEGIN SOLUTION\n    return 1")
    assert make(lessons, tmp_path / "copies") == 2
    assert "00_start.ipynb, cell 1: ### BEGIN SOLUTION is never closed" in capsys.readouterr().err
    assert not (tmp_path / "copies").exists()


def test_a_solution_cell_without_a_check_cell_is_reported(tmp_path: Path) -> None:
    lesson = write_lesson(tmp_path / "notebooks")
    notebook = nbformat.read(lesson, as_version=4)
    notebook.cells.pop()
    nbformat.write(notebook, lesson)
    with pytest.raises(AssertionError, match="cell 1: a solution cell must be followed"):
        exercises_in(lesson)


@pytest.mark.parametrize("exercise", REAL_EXERCISES, ids=str)
def test_every_lesson_solution_passes_its_checker(exercise) -> None:
    assert solution_passes(exercise), f"{exercise}: the source notebook's solution fails"


@pytest.mark.parametrize("exercise", REAL_EXERCISES, ids=str)
def test_every_stub_is_rejected_by_its_checker(exercise) -> None:
    assert stub_is_rejected(exercise), f"{exercise}: the checker accepts the unsolved stub"


@pytest.mark.parametrize("exercise", REAL_EXERCISES, ids=str)
def test_student_copies_hold_no_solution_text(exercise) -> None:
    path = ROOT / "notebooks" / "exercises" / exercise.notebook
    assert path.exists(), f"no student copy of {exercise.notebook}: run make_student_copies.py"
    copy = nbformat.read(path, as_version=4)
    sources = "\n".join(cell.source for cell in copy.cells)
    assert "BEGIN SOLUTION" not in sources
    for text in solution_texts(exercise.source):
        assert text not in sources, f"{exercise}: the student copy shows the solution"


def test_committed_student_copies_are_up_to_date(capsys: pytest.CaptureFixture[str]) -> None:
    status = make_student_copies.main(["--check"])
    assert status == 0, capsys.readouterr().err
