"""Fixtures for the browser tests: one JupyterLab per session (per xdist worker), one Chromium
per test module."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lab_harness import (
    CHROMIUM,
    CHROMIUM_ARGS,
    JupyterLab,
    chromium_missing_reason,
    shutdown_kernels,
    start_jupyterlab,
    stop_jupyterlab,
)

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "artifacts"
SCREENSHOTS = ARTIFACTS / "screenshots"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Skip every browser test with one clear reason when Chromium or JupyterLab is missing."""
    reason = chromium_missing_reason()
    if reason is None:
        return
    for item in items:
        if item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.skip(reason=reason))


@pytest.fixture(scope="module", autouse=True)
def offline_model() -> Iterator[None]:
    """Kernels, the in-process runs and the progress server use the offline model.

    Module scope: the variable is set only while browser tests run, never leaks into others.
    """
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("WORKBOOK_FORCE_OFFLINE", "1")
        yield


@pytest.fixture(scope="session")
def scratch() -> Path:
    """A git-ignored folder in the repository for this run's logs, settings and notebooks: one
    per pytest-xdist worker (each starts its own JupyterLab), artifacts/browser/ without xdist."""
    folder = ARTIFACTS / "browser" / os.environ.get("PYTEST_XDIST_WORKER", "")
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return folder


@pytest.fixture(scope="session")
def screenshots() -> Path:
    """artifacts/screenshots/: one picture per notebook and of the progress page (git-ignored)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


@pytest.fixture(scope="session")
def lab_server(scratch: Path) -> Iterator[JupyterLab]:
    """JupyterLab serving the repository on a free loopback port, with a token."""
    server = start_jupyterlab(REPO, scratch)
    yield server
    stop_jupyterlab(server)


@pytest.fixture
def lab(lab_server: JupyterLab) -> Iterator[JupyterLab]:
    """The session's JupyterLab; the kernels a test started are shut down after it."""
    yield lab_server
    shutdown_kernels(lab_server)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless, driven by playwright (no browser download).

    Module scope: playwright's sync API keeps an event loop running in this thread, so it must
    close before tests in other folders call asyncio.run().
    """
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Remember whether the test itself failed, so the `page` fixture can keep a picture."""
    report = yield
    if report.when == "call":
        item.stash[FAILED] = report.failed
    return report


FAILED = pytest.StashKey[bool]()


@pytest.fixture
def page(browser: Any, scratch: Path, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh browser tab (its own cookies) sized like a laptop screen; a screenshot on failure."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    yield tab
    if request.node.stash.get(FAILED, False):
        tab.screenshot(path=str(scratch / f"failed-{request.node.name}.png"))
    context.close()
