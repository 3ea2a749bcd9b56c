"""FragmentView: streamed tool-call fragments arriving per index, the growing buffers, partial JSON.

The view shows `fragment` events (seed 001, "buffering by index"): each carries its call's index,
id, name and the arguments so far. The agent's events arrive through `handle`; raw stream chunks
given to `add` go through the workbook's ToolCallAccumulator, which turns them into the same
events. Every LLM call of a run gets its own section, so the tool-call round stays visible after
the final answer has streamed.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import ipywidgets as widgets

from helpers.events import DecisionEvent, Event, FragmentEvent, RequestEvent, TextDeltaEvent
from helpers.streaming import ToolCallAccumulator, partial_json
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
        self.text = ""
        self.finish_reason: str | None = None
        self.calls: dict[int, FragmentEvent] = {}  # index -> its latest fragment
        self.fragments: Counter[int] = Counter()
        self.rows: dict[int, widgets.HTML] = {}
        self.summary = widgets.HTML()
        self.text_row = widgets.HTML()
        self.accumulator = ToolCallAccumulator()  # only for raw chunks given to `add`
        super().__init__(children=[self.summary, self.text_row])
        self._redraw_summary()

    @property
    def is_empty(self) -> bool:
        """Nothing has arrived yet: no text, no fragment, no finish_reason."""
        return not (self.text or self.calls or self.finish_reason)

    def add(self, chunk: Any) -> None:
        """Take one chunk (an SDK ChatCompletionChunk or its dict): its text and fragments."""
        update = self.accumulator.add(chunk)
        self.add_text(update.text)
        for fragment in update.fragments:
            self.add_fragment(fragment)
        self.finish(self.accumulator.finish_reason)

    def add_fragment(self, fragment: FragmentEvent) -> None:
        """One fragment: count it, keep the call's state after it, redraw its row."""
        self.calls[fragment.index] = fragment
        self.fragments[fragment.index] += 1
        self._redraw_row(fragment.index)
        self._redraw_summary()

    def add_text(self, text: str) -> None:
        """Text streamed before or instead of tool calls."""
        if text:
            self.text += text
            self._redraw_summary()

    def finish(self, finish_reason: str | None) -> None:
        """Why the response stopped (None until the last chunk says)."""
        self.finish_reason = finish_reason
        self._redraw_summary()

    def partial_arguments(self, index: int) -> dict[str, Any]:
        """The arguments of call `index` so far, parsed as partial JSON."""
        call = self.calls.get(index)
        return partial_json(call.arguments) if call else {}

    def _redraw_row(self, index: int) -> None:
        """Update the row of one index (adding it, in index order, the first time)."""
        if index not in self.rows:
            self.rows[index] = widgets.HTML()
            ordered = [self.rows[key] for key in sorted(self.rows)]
            self.children = [self.summary, self.text_row, *ordered]
        call = self.calls[index]
        self.rows[index].value = (
            f"<div>{badge(f'index {index}', pair_colour(index + 1))} "
            f"<b>{text_html(call.name)}</b> {text_html(call.id)} · "
            f"{plural(self.fragments[index], 'fragment')}"
            f"<div>buffer:</div>{pre(call.arguments)}"
            f"<div>partial JSON:</div>{pre(_json(self.partial_arguments(index)))}</div>"
        )

    def _redraw_summary(self) -> None:
        """Update the headline and the text streamed so far."""
        self.text_row.value = f"<div>text:</div>{pre(self.text)}" if self.text else ""
        self.summary.value = f"<b>Response {self.number}</b>: {text_html(self.headline())}"

    def headline(self) -> str:
        """Fragments, tool calls and finish_reason so far, on one line."""
        return (
            f"{plural(sum(self.fragments.values()), 'fragment')}, "
            f"{plural(len(self.calls), 'tool call')}, "
            f"finish_reason={self.finish_reason}"
        )

    def lines(self) -> list[str]:
        """This response in text: the headline, the text, one line per call."""
        lines = [f"response {self.number}: {self.headline()}"]
        if self.text:
            lines.append(f"  text: {one_line(repr(self.text))}")
        for index, call in sorted(self.calls.items()):
            partial = _json(self.partial_arguments(index))
            lines.append(
                f"  [{index}] {call.name}, {plural(self.fragments[index], 'fragment')}: "
                f"{one_line(repr(call.arguments), 60)} → {one_line(partial, 60)}"
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
        if self.responses and self.responses[-1].is_empty:
            return
        self.responses.append(StreamedResponse(len(self.responses) + 1))
        self.children = (*self.children, self.responses[-1])

    def add(self, chunk: Any) -> None:
        """Take one streamed chunk of the current response."""
        self.current.add(chunk)

    def handle(self, event: Event) -> None:
        """Agent subscriber: a request starts a response; fragments, text and the end fill it."""
        if isinstance(event, RequestEvent):
            self.next_response()
        elif isinstance(event, FragmentEvent):
            self.current.add_fragment(event)
        elif isinstance(event, TextDeltaEvent):
            self.current.add_text(event.delta)
        elif isinstance(event, DecisionEvent):
            self.current.finish(event.finish_reason)

    def __repr__(self) -> str:
        lines = [f"FragmentView: {plural(len(self.responses), 'response')}"]
        lines += [line for response in self.responses for line in response.lines()]
        return "\n  ".join(lines)


def _json(value: Any) -> str:
    """Parsed arguments shown as JSON, Korean kept readable."""
    return json.dumps(value, ensure_ascii=False)
