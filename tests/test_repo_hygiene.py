"""The repository itself: no secrets in any tracked file, no noise in stored notebooks."""

from __future__ import annotations

import random
import string
import sys
from collections.abc import Callable
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from regenerate_outputs import strip_noise  # noqa: E402
from secrets_scan import find_secrets, main, tracked_files  # noqa: E402


def lesson_and_exercise_notebooks() -> list[Path]:
    return sorted((ROOT / "notebooks").rglob("*.ipynb"))


def synthetic(
    prefix: str, length: int, alphabet: str = string.ascii_letters + string.digits
) -> str:
    """A key-shaped string built at run time (seeded), so that the repository never holds one."""
    rng = random.Random(prefix)
    return prefix + "".join(rng.choice(alphabet) for _ in range(length))


def openai_key() -> str:
    return synthetic("sk-" + "proj-", 40, string.ascii_letters + string.digits + "_-")


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        (lambda: f"OPENAI_API_KEY={openai_key()}", "OpenAI API key"),
        (lambda: f"api_key_{openai_key()}", "OpenAI API key"),  # glued to a word
        (lambda: repr("\t" + openai_key()), "OpenAI API key"),  # after an escape in a repr
        (
            lambda: "x" + synthetic("sk-", 20) + "T3Blbk" + "FJ" + synthetic("", 20),
            "OpenAI API key",
        ),
        (lambda: synthetic("sk-" + "ant-api03-", 40), "OpenAI API key"),
        (
            lambda: synthetic("AK" + "IA", 16, string.ascii_uppercase + string.digits),
            "AWS access key id",
        ),
        (lambda: synthetic("gh" + "p_", 36), "GitHub token"),
        (lambda: synthetic("h" + "f_", 34), "Hugging Face token"),
        (lambda: synthetic("AI" + "za", 35), "Google API key"),
        (lambda: "-----BEGIN RSA " + "PRIVATE KEY-----", "private key block"),
        (lambda: "Authorization: Bearer " + synthetic("", 40), "bearer token"),
        (
            lambda: "OPENAI_BASE_URL=http://" + "learner:" + synthetic("", 12) + "@llm.example/v1",
            "password in a URL",
        ),
    ],
    ids=[
        "env",
        "glued",
        "repr",
        "legacy",
        "other-sk",
        "aws",
        "github",
        "hf",
        "google",
        "private-key",
        "bearer",
        "url-password",
    ],
)
def test_the_secret_detector_finds_each_kind_wherever_it_starts(
    text: Callable[[], str], kind: str
) -> None:
    assert find_secrets(text()) == [kind]


@pytest.mark.parametrize(
    "text",
    [
        "the skeleton is sk-short and task-list-of-things-to-be-done-before-release",
        "ProgressServer(running at http://127.0.0.1:<port>/?token=<token>; tools: ...)",
        "http://***@llm.example/v1 and https://docs.python.org/3/library/re.html",
        "ws://[::1]:8765/ and mailto:someone@example.org",
    ],
)
def test_the_secret_detector_leaves_ordinary_text_alone(text: str) -> None:
    assert find_secrets(text) == []


def test_the_scan_script_names_the_file_and_line_never_the_secret(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    key = openai_key()
    leaky, clean = tmp_path / "leaky.py", tmp_path / "clean.py"
    leaky.write_text(f"ok = 1\nkey = {key!r}\n")
    clean.write_text("nothing = 'here'\n")

    assert main([str(clean)]) == 0
    assert main([str(clean), str(leaky)]) == 1
    err = capsys.readouterr().err
    assert f"{leaky}:2: possible OpenAI API key" in err and key not in err


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
