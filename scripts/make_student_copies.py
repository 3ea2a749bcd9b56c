"""Write the student copies of the lesson notebooks: solutions replaced by stubs, outputs cleared.

    python scripts/make_student_copies.py           # notebooks/NN_*.ipynb -> notebooks/exercises/
    python scripts/make_student_copies.py --check   # exit 1 if a committed copy is stale

Each region between `### BEGIN SOLUTION` and `### END SOLUTION` becomes `# YOUR CODE HERE` and
`raise NotImplementedError()` at the marker's indentation (nbgrader's convention); everything
outside the markers is kept. Outputs, execution counts and editor metadata are removed.
"""

from __future__ import annotations

import argparse
import copy
import sys
from pathlib import Path

import nbformat
from regenerate_outputs import strip_noise, strip_outputs

from helpers.exercises import stub_solutions

ROOT = Path(__file__).resolve().parent.parent
LESSON_PATTERN = "[0-9][0-9]_*.ipynb"


def student_copy(lesson: nbformat.NotebookNode, name: str) -> nbformat.NotebookNode:
    """The lesson with every solution stubbed and no outputs."""
    student = strip_noise(strip_outputs(copy.deepcopy(lesson)))
    for index, cell in enumerate(student.cells):
        if cell.cell_type != "code":
            continue
        try:
            cell.source = stub_solutions(cell.source)
        except ValueError as error:
            raise ValueError(f"{name}, cell {index}: {error}") from None
    return student


def planned_copies(source: Path, target: Path) -> dict[Path, str]:
    """Each student copy's path and its text, from every lesson notebook in `source`."""
    return {
        target / path.name: nbformat.writes(
            student_copy(nbformat.read(path, as_version=4), path.name)
        )
        for path in sorted(source.glob(LESSON_PATTERN))
    }


def orphans(planned: dict[Path, str], target: Path) -> list[Path]:
    """Copies in `target` whose lesson notebook no longer exists."""
    return [path for path in sorted(target.glob(LESSON_PATTERN)) if path not in planned]


def stale(planned: dict[Path, str], target: Path) -> list[str]:
    """What is out of date in `target`, one line per copy."""
    problems = []
    for path, text in planned.items():
        if not path.exists():
            problems.append(f"{path.name}: missing")
        elif path.read_text(encoding="utf-8") != text:
            problems.append(f"{path.name}: differs from its lesson")
    problems += [f"{path.name}: its lesson no longer exists" for path in orphans(planned, target)]
    return problems


def write(planned: dict[Path, str], target: Path) -> None:
    """Write every copy and remove the orphans."""
    target.mkdir(parents=True, exist_ok=True)
    for path, text in planned.items():
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.name}")
    for path in orphans(planned, target):
        path.unlink()
        print(f"removed {path.name} (its lesson no longer exists)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a copy is stale")
    parser.add_argument("--source", type=Path, default=ROOT / "notebooks")
    parser.add_argument("--target", type=Path, default=ROOT / "notebooks" / "exercises")
    args = parser.parse_args(argv)
    try:
        planned = planned_copies(args.source, args.target)
    except ValueError as error:
        print(f"Unbalanced solution markers: {error}", file=sys.stderr)
        return 2
    if not args.check:
        write(planned, args.target)
        return 0
    problems = stale(planned, args.target)
    for problem in problems:
        print(f"stale: {problem}", file=sys.stderr)
    if problems:
        print("Run: python scripts/make_student_copies.py", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
