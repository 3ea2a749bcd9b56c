"""docs/seed-map.md stays true: every notebook section it names exists in that notebook."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
SEED_MAP = ROOT / "docs" / "seed-map.md"
REFERENCE = re.compile(r'\b(\d\d) "([^"]+)"')  # 03 "Step 6: the tool message and its id"
LESSONS = {path.name[:2]: path for path in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")}


def markdown(notebook: Path) -> list[str]:
    """The markdown cells' lines, without those inside fenced code blocks."""
    lines, fenced = [], False
    for cell in nbformat.read(notebook, as_version=4).cells:
        if cell.cell_type != "markdown":
            continue
        for line in cell.source.splitlines():
            fenced = fenced != line.startswith("```")
            if not fenced and not line.startswith("```"):
                lines.append(line)
    return lines


def headings(notebook: Path) -> list[str]:
    """The text of every markdown heading in a notebook, backticks dropped."""
    return [line.lstrip("#").strip().replace("`", "")
            for line in markdown(notebook) if line.startswith("#")]


def map_rows() -> list[tuple[str, str]]:
    """(seed section, where it is taught) for every row of the map's tables."""
    rows = []
    for line in SEED_MAP.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) == 2 and not set(cells[0]) <= {"-"}:
            rows.append((cells[0], cells[1]))
    return [row for row in rows if not row[0].startswith("seed section")]


def test_every_seed_section_is_mapped_to_a_notebook_section() -> None:
    rows = map_rows()
    assert len(rows) >= 30, "the map lost rows"
    unmapped = [section for section, taught in rows
                if not REFERENCE.search(taught) and "every notebook" not in taught]
    assert unmapped == []


@pytest.mark.parametrize(
    ("lesson", "title"),
    sorted({match.groups() for _, taught in map_rows() for match in REFERENCE.finditer(taught)}),
)
def test_the_named_section_exists(lesson: str, title: str) -> None:
    assert lesson in LESSONS, f"docs/seed-map.md names lesson {lesson}, which does not exist"
    found = headings(LESSONS[lesson])
    assert any(heading.startswith(title) for heading in found), (
        f"notebook {LESSONS[lesson].name} has no section starting {title!r}; it has: {found}"
    )


@pytest.mark.parametrize("lesson", sorted(LESSONS))
def test_every_lesson_has_goals_a_quick_check_exercises_and_a_summary(lesson: str) -> None:
    text = "\n".join(markdown(LESSONS[lesson])).lower()
    assert "learning goals" in text, f"{LESSONS[lesson].name} states no learning goals"
    found = " | ".join(headings(LESSONS[lesson])).lower()
    for part in ("quick check", "exercise", "summary"):
        assert part in found, f"{LESSONS[lesson].name} has no '{part}' section"


def cells_of_section(lesson: str, title: str) -> list[nbformat.NotebookNode]:
    """The cells from the heading that starts with `title` to the next heading of any level."""
    cells = nbformat.read(LESSONS[lesson], as_version=4).cells
    found: list[nbformat.NotebookNode] = []
    for cell in cells:
        titles = [line.lstrip("#").strip().replace("`", "") for line in cell.source.splitlines()
                  if cell.cell_type == "markdown" and line.startswith("#")]
        if found and titles:
            break
        if found or any(heading.startswith(title) for heading in titles):
            found.append(cell)
    return found


@pytest.mark.parametrize(("lesson", "title", "code"), [
    ("08", "One call, three wire shapes", "wire_shapes()"),  # insight 7: real recordings
    ("06", "A bug in the seed", 'recording("openai__chat-stream-forced-named-tool")'),
])
def test_sections_built_on_real_recordings_run_them(lesson: str, title: str, code: str) -> None:
    sources = [cell.source for cell in cells_of_section(lesson, title)
               if cell.cell_type == "code"]
    assert any(code in source for source in sources), f"{lesson} {title!r} does not run {code}"
