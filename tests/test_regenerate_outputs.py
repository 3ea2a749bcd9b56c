"""Stored outputs show streamed text as it reads: pieces printed one by one become one output."""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_notebook, new_output

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
from regenerate_outputs import merge_streams  # noqa: E402


def cell_with(*outputs: nbformat.NotebookNode) -> nbformat.NotebookNode:
    cell = new_code_cell("...")
    cell.outputs = list(outputs)
    return cell


def stream(text: str, name: str = "stdout") -> nbformat.NotebookNode:
    return new_output("stream", name=name, text=text)


def test_pieces_of_one_stream_are_joined_in_order() -> None:
    notebook = new_notebook(cells=[cell_with(stream("베"), stream("이"), stream("징\n"))])
    assert [o.text for o in merge_streams(notebook).cells[0].outputs] == ["베이징\n"]


def test_other_streams_and_outputs_stay_where_they_were() -> None:
    shown = new_output("execute_result", data={"text/plain": "board"}, execution_count=1)
    notebook = new_notebook(
        cells=[cell_with(stream("a"), stream("b"), stream("!", "stderr"), shown, stream("c"))]
    )
    outputs = merge_streams(notebook).cells[0].outputs
    assert [(o.output_type, o.get("name"), o.get("text")) for o in outputs] == [
        ("stream", "stdout", "ab"),
        ("stream", "stderr", "!"),
        ("execute_result", None, None),
        ("stream", "stdout", "c"),
    ]
