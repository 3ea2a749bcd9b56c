"""FragmentView: streamed tool-call fragments arriving per index, the growing buffers, partial JSON.

The view buffers with the workbook's own ToolCallAccumulator (seed 001, "buffering by index"),
whether it is given the stream's chunks (`add`) or the agent's `fragment` events (`handle`).
"""

from __future__ import annotations

import json
from collections import Counter
from html import escape
from typing import Any

import ipywidgets as widgets

from helpers.streaming import ToolCallAccumulator
from helpers.widgets.style import FullTextRepr, badge, one_line, pair_colour, plural, pre


class FragmentView(FullTextRepr, widgets.VBox):
    """One row per tool-call index with its buffer and partial JSON, plus the streamed text."""

    def __init__(self) -> None:
        self.summary = widgets.HTML()
        self.text_row = widgets.HTML()
        super().__init__(children=[self.summary, self.text_row])
        self.reset()

    def reset(self) -> None:
        """Forget the last response: a new LLM call streams into empty buffers."""
        self.accumulator = ToolCallAccumulator()
        self.fragments: Counter[int] = Counter()
        self.rows: dict[int, widgets.HTML] = {}
        self.children = [self.summary, self.text_row]
        self._redraw_summary()

    def add(self, chunk: Any) -> None:
        """Take one streamed chunk (an SDK ChatCompletionChunk or its dict)."""
        update = self.accumulator.add(chunk)
        for fragment in update.fragments:
            self.fragments[fragment.index] += 1
            self._redraw_row(fragment.index)
        self._redraw_summary()

    def handle(self, event: Any) -> None:
        """Agent subscriber: a request starts a new response; fragments and text fill it."""
        if event.type == "request":
            self.reset()
        elif event.type == "fragment":
            self.add(fragment_chunk(event.data))
        elif event.type == "text_delta":
            self.add(choice_chunk({"content": event.data["delta"]}))
        elif event.type == "decision":
            self.add(choice_chunk({}, finish_reason=event.data.get("finish_reason")))

    def _calls_by_index(self) -> dict[int, dict[str, Any]]:
        """The accumulator's calls (in index order) keyed by their index."""
        return dict(zip(sorted(self.rows), self.accumulator.tool_calls, strict=True))

    def _redraw_row(self, index: int) -> None:
        """Update the row of one index (adding it, in index order, the first time)."""
        if index not in self.rows:
            self.rows[index] = widgets.HTML()
            ordered = [self.rows[key] for key in sorted(self.rows)]
            self.children = [self.summary, self.text_row, *ordered]
        call = self._calls_by_index()[index]
        arguments = call["function"]["arguments"]
        partial = json.dumps(self.accumulator.partial_arguments(index), ensure_ascii=False)
        self.rows[index].value = (
            f"<div>{badge(f'index {index}', pair_colour(index + 1))} "
            f"<b>{escape(call['function']['name'])}</b> {escape(call['id'])} · "
            f"{plural(self.fragments[index], 'fragment')}"
            f"<div>buffer:</div>{pre(arguments)}<div>partial JSON:</div>{pre(partial)}</div>"
        )

    def _redraw_summary(self) -> None:
        text = self.accumulator.content
        self.text_row.value = f"<div>text:</div>{pre(text)}" if text else ""
        finish = self.accumulator.finish_reason or "not yet"
        self.summary.value = (
            f"<b>{plural(sum(self.fragments.values()), 'fragment')}</b> for "
            f"{plural(len(self.rows), 'tool call')}; finish_reason: {finish}"
        )

    def __repr__(self) -> str:
        header = (
            f"FragmentView: {plural(sum(self.fragments.values()), 'fragment')}, "
            f"{plural(len(self.rows), 'tool call')}, "
            f"finish_reason={self.accumulator.finish_reason}"
        )
        lines = [header]
        if self.accumulator.content:
            lines.append(f"text: {one_line(repr(self.accumulator.content))}")
        for index, call in self._calls_by_index().items():
            buffer = repr(call["function"]["arguments"])
            partial = json.dumps(self.accumulator.partial_arguments(index), ensure_ascii=False)
            lines.append(
                f"[{index}] {call['function']['name']}, "
                f"{plural(self.fragments[index], 'fragment')}: {one_line(buffer, 60)} → "
                f"{one_line(partial, 60)}"
            )
        return "\n  ".join(lines)


def fragment_chunk(data: dict[str, Any]) -> dict[str, Any]:
    """The chunk that carried a `fragment` event's fragment, so events and chunks buffer alike."""
    entry = {
        "index": data["index"],
        "id": data.get("id"),
        "function": {"name": data.get("name"), "arguments": data.get("arguments_delta", "")},
    }
    return choice_chunk({"tool_calls": [entry]})


def choice_chunk(delta: dict[str, Any], finish_reason: str | None = None) -> dict[str, Any]:
    """A chunk dict with one choice carrying `delta`."""
    return {"choices": [{"index": 0, "delta": delta, "finish_reason": finish_reason}]}
