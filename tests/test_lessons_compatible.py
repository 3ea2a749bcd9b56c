"""Every lesson runs on a real backend: the offline model served over HTTP as a compatible server.

There `connect()`'s offline options (scripted faults, pinned replies) are ignored with a
warning, as on a real model, so a lesson may show different text; but no cell may raise,
unless it demonstrates that exception and catches it (or is tagged raises-exception).
Deselect with `-m "not slow"`.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx2
import nbformat
import pytest
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[1]
LESSONS = sorted((REPO / "notebooks").glob("[0-9][0-9]_*.ipynb"))
CELL_TIMEOUT = 300


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until_serving(url: str, server: subprocess.Popen[bytes], timeout: float = 60) -> None:
    """Poll /v1/models until the server answers (or say why it never did)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"the offline server exited with {server.returncode}")
        try:
            httpx2.get(f"{url}/models", timeout=2, trust_env=False).raise_for_status()
            return
        except httpx2.HTTPError:
            time.sleep(0.3)
    raise RuntimeError(f"the offline server did not answer at {url} within {timeout} s")


@pytest.fixture(scope="module")
def compatible_url() -> Iterator[str]:
    """`python -m helpers.offline` on a free loopback port, stopped after the module."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "helpers.offline", "--host", "127.0.0.1", "--port", str(port)],
        cwd=REPO,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/v1"
    try:
        wait_until_serving(url, server)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=30)


def kernel_env(url: str) -> dict[str, str]:
    """The kernel's environment: a compatible backend, and none of the test-wide forcing."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("WORKBOOK_", "OPENAI_"))
    }
    env.update(OPENAI_BASE_URL=url, WORKBOOK_MODEL="offline-tutor", OPENAI_API_KEY="unused")
    return env


def error_outputs(notebook: nbformat.NotebookNode) -> list[str]:
    """Every error output of a cell not tagged raises-exception, named by cell and exception."""
    found = []
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type != "code" or "raises-exception" in cell.metadata.get("tags", []):
            continue
        for output in cell.get("outputs", []):
            if output.output_type == "error":
                found.append(f"cell {index}: {output.ename}: {output.evalue}")
    return found


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda path: path.stem)
def test_the_lesson_runs_without_errors_on_a_compatible_server(
    lesson: Path, compatible_url: str
) -> None:
    notebook = nbformat.read(lesson, as_version=4)
    client = NotebookClient(
        notebook,
        timeout=CELL_TIMEOUT,
        kernel_name="python3",
        allow_errors=True,
        resources={"metadata": {"path": str(lesson.parent)}},
    )
    try:
        client.execute(env=kernel_env(compatible_url))
    except CellExecutionError as error:  # only when a cell is not allowed to fail at all
        pytest.fail(f"{lesson.name}: {error}")
    errors = error_outputs(notebook)
    assert not errors, f"{lesson.name} raised on a compatible server:\n" + "\n".join(errors)
