"""The repository itself: no secrets in any tracked file, no noise in stored notebooks."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from regenerate_outputs import strip_noise  # noqa: E402

SECRET_PATTERNS = {
    "OpenAI API key": re.compile(r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{20,}"),
    "AWS access key id": re.compile(r"\bAKIA[0-9A-Z]{16}\b"),
    "private key block": re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----"),
    "bearer token": re.compile(r"Bearer [A-Za-z0-9_\-\.]{30,}"),
}


def tracked_files() -> list[Path]:
    """Every file git tracks (or, outside a checkout, every file below the root)."""
    try:
        out = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
        ).stdout.decode()
        return [ROOT / name for name in out.split("\0") if name]
    except (OSError, subprocess.CalledProcessError):
        return [p for p in ROOT.rglob("*") if p.is_file() and ".venv" not in p.parts]


def find_secrets(text: str) -> list[str]:
    """Names of the secret patterns that occur in `text`."""
    return [name for name, pattern in SECRET_PATTERNS.items() if pattern.search(text)]


def lesson_and_exercise_notebooks() -> list[Path]:
    return sorted((ROOT / "notebooks").rglob("*.ipynb"))


def test_secret_detector_finds_a_key_shaped_string() -> None:
    fake_key = "sk-" + "proj-" + "Ab3" * 12
    assert find_secrets(f"OPENAI_API_KEY={fake_key}") == ["OpenAI API key"]
    assert find_secrets("the skeleton is sk-short and task-list") == []


def test_no_tracked_file_holds_a_secret() -> None:
    leaks = {}
    for path in tracked_files():
        if not path.is_file():
            continue
        found = find_secrets(path.read_text(encoding="utf-8", errors="ignore"))
        if found:
            leaks[str(path.relative_to(ROOT))] = found
    assert leaks == {}, f"secret-like strings in tracked files: {leaks}"


@pytest.mark.parametrize("path", lesson_and_exercise_notebooks(), ids=lambda p: p.name)
def test_notebook_carries_no_noisy_metadata(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    assert nb.metadata.get("kernelspec", {}).get("name") == "python3"
    assert "widgets" not in nb.metadata, "saved widget state: regenerate with the script"
    for cell in nb.cells:
        assert not {"execution", "ExecuteTime"} & set(cell.metadata), "cell timings stored"
        if cell.cell_type == "code" and cell.outputs:
            assert cell.execution_count is not None, "outputs without an execution count"


def test_strip_noise_removes_timings_widget_state_and_foreign_kernels() -> None:
    nb = nbformat.v4.new_notebook()
    nb.metadata = {"kernelspec": {"name": "conda-env-ai-py"}, "widgets": {"state": {}}}
    cell = nbformat.v4.new_code_cell("1 + 1")
    cell.metadata = {"execution": {"iopub.execute_input": "2026-11-30T14:00:00Z"}, "tags": ["x"]}
    nb.cells = [cell]
    cleaned = strip_noise(nb)
    assert cleaned.metadata.kernelspec.name == "python3"
    assert "widgets" not in cleaned.metadata
    assert dict(cleaned.cells[0].metadata) == {"tags": ["x"]}
