"""scripts/build_lite.py: what the static site holds (lessons, install cell, wheels, settings)."""

from __future__ import annotations

import hashlib
import json
import zipfile
from pathlib import Path

import nbformat
import pytest

from scripts.build_lite import BROWSER_WHEELS, INSTALL_SOURCE, ROOT, o200k_table

pytestmark = pytest.mark.slow

KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"


def canonical(requirement: str) -> str:
    """A requirement's project name, as an index spells it."""
    for mark in "<>=~!; ":
        requirement = requirement.split(mark)[0]
    return requirement.lower().replace("_", "-")


def helpers_wheel(site: Path) -> zipfile.ZipFile:
    return zipfile.ZipFile(next((site / "pypi").glob("function_calling_workbook-*.whl")))


def test_every_notebook_is_in_the_site_with_the_install_cell_first(lite_site) -> None:
    notebooks = ROOT / "notebooks"
    sources = sorted(notebooks.glob("*.ipynb")) + sorted(notebooks.glob("exercises/*.ipynb"))
    assert len(sources) >= 20
    for source in sources:
        copy = nbformat.read(lite_site / "files" / source.relative_to(ROOT / "notebooks"), 4)
        original = nbformat.read(source, 4)
        first = copy.cells[0]
        assert first.source == INSTALL_SOURCE and first.metadata["tags"] == ["jupyterlite-install"]
        assert [c.source for c in copy.cells[1:]] == [c.source for c in original.cells]
    assert (lite_site / "files" / "data").is_dir()


def test_the_site_index_has_helpers_and_the_browser_wheels(lite_site) -> None:
    index = json.loads((lite_site / "pypi" / "all.json").read_text())
    wanted = {"function-calling-workbook", *(canonical(r) for r in BROWSER_WHEELS)}
    assert wanted <= set(index)
    for name in wanted:
        for files in index[name]["releases"].values():
            assert all((lite_site / "pypi" / f["url"].removeprefix("./")).exists() for f in files)


def test_the_helpers_wheel_ships_the_o200k_table_and_every_module(lite_site) -> None:
    wheel = helpers_wheel(lite_site)
    names = set(wheel.namelist())
    shipped = wheel.read("helpers/data/o200k_base.tiktoken.gz")
    assert hashlib.sha256(shipped).digest() == hashlib.sha256(o200k_table().read_bytes()).digest()
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "helpers").rglob("*.py")}
    assert modules <= names
    assert any(name.startswith("helpers/transcripts/") for name in names)


def test_the_wheel_declares_browser_markers(lite_site) -> None:
    wheel = helpers_wheel(lite_site)
    metadata = wheel.read(next(n for n in wheel.namelist() if n.endswith("METADATA"))).decode()
    requires = [line for line in metadata.splitlines() if line.startswith("Requires-Dist:")]
    for name in ("bpe-openai", "jsonschema-rs", "kiwipiepy", "uvicorn"):
        line = next(line for line in requires if f" {name}" in line)
        assert 'sys_platform != "emscripten"' in line
    jsfetch = next(line for line in requires if "httpx2-jsfetch" in line)
    assert 'sys_platform == "emscripten"' in jsfetch


def test_the_kernel_finds_the_site_wheels_and_the_local_pyodide(lite_site) -> None:
    config = json.loads((lite_site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    settings = config["litePluginSettings"][KERNEL_PLUGIN]
    assert any(url.startswith("./pypi/all.json") for url in settings["pipliteUrls"])
    assert settings["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert (lite_site / "static" / "pyodide" / "pyodide-lock.json").exists()
