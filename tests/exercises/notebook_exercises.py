"""Find the exercises in a lesson notebook and run them the way a learner would."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import nbformat

from helpers.exercises import SOLUTION_BEGIN, SOLUTION_END, check, stub_solutions

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
CHECK_CALL = re.compile(r"""check\(\s*["'](?P<id>\d{2}\.\d+)["']\s*,\s*(?P<function>\w+)\s*\)""")


@dataclass(frozen=True)
class Exercise:
    """A solution cell and the check call in the code cell after it."""

    notebook: str
    cell: int
    exercise_id: str
    function: str
    source: str

    def __str__(self) -> str:
        return f"{self.notebook}:{self.exercise_id}"


def exercises_in(path: Path) -> list[Exercise]:
    """Every solution cell of a notebook, paired with the check call that follows it."""
    cells = nbformat.read(path, as_version=4).cells
    code = [(index, cell.source) for index, cell in enumerate(cells) if cell.cell_type == "code"]
    found = []
    for (index, source), (_, following) in zip(code, [*code[1:], (None, "")], strict=True):
        if SOLUTION_BEGIN not in source:
            continue
        match = CHECK_CALL.search(following)
        if match is None:
            raise AssertionError(
                f"{path.name}, cell {index}: a solution cell must be followed by a code cell "
                "calling check('NN.k', the_function)."
            )
        found.append(Exercise(path.name, index, match["id"], match["function"], source))
    return found


def solution_texts(source: str) -> list[str]:
    """The text inside each solution region."""
    pattern = re.compile(rf"{re.escape(SOLUTION_BEGIN)}\n(.*?)\n[ \t]*{re.escape(SOLUTION_END)}",
                         re.DOTALL)
    return [text for text in pattern.findall(source) if text.strip()]


def defined_function(source: str, name: str) -> object:
    """Run a cell in a fresh namespace, as a learner's kernel would, and return `name`."""
    namespace: dict[str, object] = {"__name__": "__exercise__"}
    exec(compile(source, "<exercise cell>", "exec"), namespace)
    return namespace[name]


def solution_passes(exercise: Exercise) -> bool:
    return check(exercise.exercise_id, defined_function(exercise.source, exercise.function)).passed


def stub_is_rejected(exercise: Exercise) -> bool:
    """The student version fails its check (or stops at `raise NotImplementedError()`)."""
    try:
        stub = defined_function(stub_solutions(exercise.source), exercise.function)
    except NotImplementedError:
        return True
    return not check(exercise.exercise_id, stub).passed
