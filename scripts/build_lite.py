"""Build the workbook as a static JupyterLite site: the lessons run in the browser (issue 14).

    python scripts/build_lite.py          # -> build/lite/ (serve it from any static host)
    python scripts/build_lite.py --output DIR --pyodide PYODIDE_DIR

What goes in the site:
- every lesson and student copy (notebooks/), each with a first cell that installs `helpers`
  (`%pip install function-calling-workbook`: piplite takes it from this site's pypi/ folder);
- pypi/: the `helpers` wheel (with o200k_base.tiktoken.gz from bpe-openai, MIT, for the
  pure-Python token counter) and the wheels the browser needs that Pyodide's own distribution
  lacks or has too old (BROWSER_WHEELS); compiled ones (numpy, matplotlib, regex, rpds-py for
  jsonschema, pydantic-core) come from the Pyodide distribution when the page loads;
- Pyodide itself from its CDN, unless --pyodide names a local Pyodide distribution folder.

Needs jupyterlite-core and jupyterlite-pyodide-kernel (requirements.txt) and PyPI for the wheels.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from importlib import resources
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUTPUT = ROOT / "build" / "lite"
DIST_NAME = "function-calling-workbook"
O200K_FILE = "o200k_base.tiktoken.gz"

# The browser's target: Pyodide 314 (jupyterlite-pyodide-kernel 0.8.6) runs CPython 3.14.
PYODIDE_PYTHON = "3.14"
PYODIDE_PLATFORM = "pyemscripten_2026_0_wasm32"

# Wheels for the browser that Pyodide's distribution does not have, or has older than helpers
# needs (pyproject.toml's dependencies, their dependencies, and the kernel's `comm`).
BROWSER_WHEELS = [
    "openai>=3.57,<4",
    "jiter>=0.16,<1",  # PyPI's own Pyodide build (openai 3 needs newer than Pyodide's 0.13)
    "httpx2~=2.16",
    "httpx2-jsfetch>=1.0",
    "idna>=3.18",
    "anyio>=4.10,<5",
    "starlette>=1.0,<2",
    "ipywidgets~=8.1",
    "jupyterlab-widgets~=3.0",
    "comm",
    "dateparser~=1.5",
    "tzlocal",
    "phonenumbers>=9.0",
    "wordfreq~=3.1",
    "ftfy",
    "langcodes",
    "locate",
    "lemminflect~=0.2.3",
]

INSTALL_SOURCE = """\
# JupyterLite (the workbook in the browser): install the workbook's helpers from this site.
# The first time takes a minute; later lessons reuse what the browser has cached.
%pip install -q function-calling-workbook"""


def run(command: list[str], cwd: Path | None = None) -> None:
    """Run a command, echoing it; stop the build if it fails."""
    print("$", " ".join(command), flush=True)
    subprocess.run(command, cwd=cwd, check=True)


def o200k_table() -> Path:
    """bpe-openai's o200k_base.tiktoken.gz (MIT), which the pure-Python counter reads."""
    return Path(str(resources.files("bpe_openai.data") / O200K_FILE))


def build_helpers_wheel(stage: Path, wheels: Path) -> None:
    """The `helpers` wheel, built from a copy of the source with the o200k table added."""
    source = stage / "source"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "helpers", source / "helpers", ignore=ignore)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    (source / "helpers" / "data").mkdir(exist_ok=True)
    shutil.copy2(o200k_table(), source / "helpers" / "data" / O200K_FILE)
    pip = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q"]
    run([*pip, "-w", str(wheels), str(source)])


def download_browser_wheels(wheels: Path) -> None:
    """BROWSER_WHEELS for CPython 3.14 in the browser: pure Python, or built for Pyodide."""
    target = ["--python-version", PYODIDE_PYTHON, "--implementation", "cp", "--abi", "cp314"]
    target += ["--abi", "abi3", "--abi", "none", "--platform", PYODIDE_PLATFORM]
    target += ["--platform", "any", "--only-binary=:all:"]
    pip = [sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", str(wheels)]
    run([*pip, *target, *BROWSER_WHEELS])


def with_install_cell(notebook: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The notebook with a first code cell that installs helpers (tagged for tools to find)."""
    cell = nbformat.v4.new_code_cell(INSTALL_SOURCE)
    cell.metadata["tags"] = ["jupyterlite-install"]
    if notebook.nbformat_minor < 5:  # cell ids came with nbformat 4.5
        del cell["id"]
    notebook.cells.insert(0, cell)
    return notebook


def copy_lessons(content: Path, notebooks: Path) -> list[Path]:
    """Every notebook (lessons and student copies) with its install cell, and the data files."""
    copied = []
    for path in sorted(notebooks.glob("*.ipynb")) + sorted(notebooks.glob("exercises/*.ipynb")):
        target = content / path.relative_to(notebooks)
        target.parent.mkdir(parents=True, exist_ok=True)
        notebook = with_install_cell(nbformat.read(path, as_version=4))
        nbformat.write(notebook, target)
        copied.append(target)
    if (notebooks / "data").is_dir():
        shutil.copytree(notebooks / "data", content / "data")
    return copied


def lite_config() -> dict:
    """jupyter-lite.json: the site's name and the Pyodide kernel's settings."""
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {"appName": "Function calling workbook"},
    }


def build_site(output: Path, pyodide: Path | None = None) -> Path:
    """Build the whole site into `output` (replaced); return the output folder."""
    with tempfile.TemporaryDirectory(prefix="workbook-lite-") as temp:
        stage = Path(temp)
        wheels, content, lite = stage / "wheels", stage / "content", stage / "lite"
        for folder in (wheels, content, lite):
            folder.mkdir()
        build_helpers_wheel(stage, wheels)
        download_browser_wheels(wheels)
        copy_lessons(content, ROOT / "notebooks")
        (lite / "jupyter-lite.json").write_text(json.dumps(lite_config(), indent=2))
        if pyodide is not None:
            shutil.copytree(pyodide, lite / "static" / "pyodide")
        if output.exists():
            shutil.rmtree(output)
        command = [sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite)]
        command += ["--contents", str(content), "--output-dir", str(output)]
        for wheel in sorted(wheels.glob("*.whl")):
            command += ["--piplite-wheels", str(wheel)]
        run(command, cwd=lite)
    return output


def main(argv: list[str] | None = None) -> None:
    """Parse the command line and build the site."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="site folder")
    parser.add_argument(
        "--pyodide", type=Path, default=None,
        help="a local Pyodide distribution folder to ship (default: Pyodide's CDN)",
    )  # fmt: skip
    args = parser.parse_args(argv)
    site = build_site(args.output.resolve(), args.pyodide)
    print(f"Built {site}: serve it with any static host, e.g. python -m http.server -d {site}")


if __name__ == "__main__":
    main()
