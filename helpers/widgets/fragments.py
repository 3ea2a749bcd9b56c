"""FragmentView: streamed tool-call fragments arriving per index, the growing buffers, partial JSON.

Each response is buffered with the workbook's own ToolCallAccumulator (seed 001, "buffering by
index"), whether the view is given the stream's chunks (`add`) or the agent's events (`handle`).
Every LLM call of a run gets its own section, so the tool-call round stays visible after the
final answer has streamed.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import ipywidgets as widgets

from helpers.streaming import ToolCallAccumulator
from helpers.widgets.style import (
    FullTextRepr,
    badge,
    one_line,
    pair_colour,
    plural,
    pre,
    text_html,
)


class StreamedResponse(widgets.VBox):
    """One streamed response: a summary line, the text so far, one row per tool-call index."""

    def __init__(self, number: int) -> None:
        self.number = number
        self.accumulator = ToolCallAccumulator()
        self.fragments: Counter[int] = Counter()
        self.rows: dict[int, widgets.HTML] = {}
        self.summary = widgets.HTML()
        self.text_row = widgets.HTML()
        super().__init__(children=[self.summary, self.text_row])
        self.chunks = 0
        self._redraw_summary()

    def add(self, chunk: Any) -> None:
        """Take one chunk (an SDK ChatCompletionChunk or its dict) and update what it changed."""
        self.chunks += 1
        update = self.accumulator.add(chunk)
        for fragment in update.fragments:
            self.fragments[fragment.index] += 1
            self._redraw_row(fragment.index)
        self._redraw_summary()

    def calls_by_index(self) -> dict[int, dict[str, Any]]:
        """The accumulator's calls (in index order) keyed by their index."""
        return dict(zip(sorted(self.rows), self.accumulator.tool_calls, strict=True))

    def _redraw_row(self, index: int) -> None:
        """Update the row of one index (adding it, in index order, the first time)."""
        if index not in self.rows:
            self.rows[index] = widgets.HTML()
            ordered = [self.rows[key] for key in sorted(self.rows)]
            self.children = [self.summary, self.text_row, *ordered]
        call = self.calls_by_index()[index]
        partial = self.accumulator.partial_arguments(index)
        self.rows[index].value = (
            f"<div>{badge(f'index {index}', pair_colour(index + 1))} "
            f"<b>{text_html(call['function']['name'])}</b> {text_html(call['id'])} · "
            f"{plural(self.fragments[index], 'fragment')}"
            f"<div>buffer:</div>{pre(call['function']['arguments'])}"
            f"<div>partial JSON:</div>{pre(_json(partial))}</div>"
        )

    def _redraw_summary(self) -> None:
        """Update the headline and the text streamed so far."""
        text = self.accumulator.content
        self.text_row.value = f"<div>text:</div>{pre(text)}" if text else ""
        self.summary.value = f"<b>Response {self.number}</b>: {text_html(self.headline())}"

    def headline(self) -> str:
        """Fragments, tool calls and finish_reason so far, on one line."""
        return (
            f"{plural(sum(self.fragments.values()), 'fragment')}, "
            f"{plural(len(self.rows), 'tool call')}, "
            f"finish_reason={self.accumulator.finish_reason}"
        )

    def lines(self) -> list[str]:
        """This response in text: the headline, the text, one line per call."""
        lines = [f"response {self.number}: {self.headline()}"]
        if self.accumulator.content:
            lines.append(f"  text: {one_line(repr(self.accumulator.content))}")
        for index, call in self.calls_by_index().items():
            partial = _json(self.accumulator.partial_arguments(index))
            lines.append(
                f"  [{index}] {call['function']['name']}, "
                f"{plural(self.fragments[index], 'fragment')}: "
                f"{one_line(repr(call['function']['arguments']), 60)} → {one_line(partial, 60)}"
            )
        return lines


class FragmentView(FullTextRepr, widgets.VBox):
    """The fragments of every streamed response, one section per LLM call."""

    def __init__(self) -> None:
        super().__init__()
        self.responses: list[StreamedResponse] = []

    @property
    def current(self) -> StreamedResponse:
        """The response being streamed now (the first one is started on demand)."""
        if not self.responses:
            self.next_response()
        return self.responses[-1]

    def next_response(self) -> None:
        """Start a new section: the next LLM call streams into empty buffers."""
        if self.responses and self.responses[-1].chunks == 0:
            return
        self.responses.append(StreamedResponse(len(self.responses) + 1))
        self.children = (*self.children, self.responses[-1])

    def add(self, chunk: Any) -> None:
        """Take one streamed chunk of the current response."""
        self.current.add(chunk)

    def handle(self, event: Any) -> None:
        """Agent subscriber: a request starts a response; fragments, text and the end fill it."""
        if event.type == "request":
            self.next_response()
        elif event.type == "fragment":
            self.add(fragment_chunk(event.data))
        elif event.type == "text_delta":
            self.add(choice_chunk({"content": event.data["delta"]}))
        elif event.type == "decision":
            self.add(choice_chunk({}, finish_reason=event.data.get("finish_reason")))

    def __repr__(self) -> str:
        lines = [f"FragmentView: {plural(len(self.responses), 'response')}"]
        lines += [line for response in self.responses for line in response.lines()]
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


def _json(value: Any) -> str:
    """Parsed arguments shown as JSON, Korean kept readable."""
    return json.dumps(value, ensure_ascii=False)
