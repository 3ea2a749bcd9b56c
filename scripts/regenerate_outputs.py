"""Regenerate the stored outputs of the lesson notebooks, deterministically, on the offline model.

    python scripts/regenerate_outputs.py                 # every notebooks/NN_*.ipynb
    python scripts/regenerate_outputs.py notebooks/03_*.ipynb

Each notebook is stripped of old outputs and noisy metadata, executed in place with the
`python3` kernel on the offline model, and saved with no timings and no widget state,
so that the stored outputs are exactly what nbval will compare against.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
NOISY_CELL_METADATA = ("execution", "ExecuteTime", "collapsed", "scrolled", "jupyter")


def strip_noise(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Drop timings, widget state and other editor metadata; pin the kernelspec to python3."""
    nb.metadata = nbformat.from_dict(
        {"kernelspec": KERNELSPEC, "language_info": {"name": "python"}}
    )
    for cell in nb.cells:
        for key in NOISY_CELL_METADATA:
            cell.metadata.pop(key, None)
    return nb


def strip_outputs(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Remove every stored output and execution count."""
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    return nb


def merge_streams(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Join consecutive pieces of the same stream into one output, so that streamed text that was
    printed piece by piece (`end="", flush=True`) is stored, and shown by static renderers, as it
    reads rather than one piece per line (nbval compares streams joined the same way)."""
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        merged: list[nbformat.NotebookNode] = []
        for output in cell.outputs:
            previous = merged[-1] if merged else None
            same_stream = (
                previous is not None
                and output.output_type == previous.output_type == "stream"
                and output.name == previous.name
            )
            if same_stream:
                previous.text += output.text
            else:
                merged.append(output)
        cell.outputs = merged
    return nb


def execute(nb: nbformat.NotebookNode, folder: Path) -> None:
    """Run every cell in `folder` on the offline model, recording no timings or widget state."""
    os.environ["WORKBOOK_FORCE_OFFLINE"] = "1"
    client = NotebookClient(
        nb,
        kernel_name="python3",
        timeout=300,
        record_timing=False,
        store_widget_state=False,
        resources={"metadata": {"path": str(folder)}},
    )
    client.execute()


def regenerate(path: Path) -> None:
    """Clean, execute and save one notebook in place."""
    nb = strip_outputs(strip_noise(nbformat.read(path, as_version=4)))
    execute(nb, path.parent)
    nbformat.write(merge_streams(strip_noise(nb)), path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: every lesson notebook")
    args = parser.parse_args(argv)
    paths = args.notebooks or LESSONS
    if not paths:
        print("No lesson notebooks found under notebooks/.", file=sys.stderr)
        return 1
    for path in paths:
        print(f"regenerating {path.relative_to(ROOT) if path.is_absolute() else path}")
        regenerate(path.resolve())
    return 0


if __name__ == "__main__":
    sys.exit(main())
