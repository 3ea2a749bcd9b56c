"""CallCounter: LLM calls, tool calls, their ratio, tokens, errors (occasional vs repeated).

Seed 000's insight 3 (one tool call costs two LLM calls) and 추가 질문 2 (an occasional error
heals itself, a repeated one needs a human), counted live from the agent's events.
"""

from __future__ import annotations

import copy

import ipywidgets as widgets

from helpers.events import AlarmEvent, DecisionEvent, Event, IncompleteEvent, ToolDoneEvent
from helpers.stats import AgentStats
from helpers.widgets.style import WARNING_COLOUR, FullTextRepr, plural, text_html

REDRAWN_ON = (DecisionEvent, ToolDoneEvent, AlarmEvent, IncompleteEvent)  # what changes a count


class CallCounter(FullTextRepr, widgets.HTML):
    """A small table of counts: an AgentStats fed by the agent's events (or `agent.stats`)."""

    def __init__(self) -> None:
        super().__init__()
        self.stats = AgentStats()
        self.alarms: list[str] = []
        self._redraw()

    @property
    def llm_calls(self) -> int:
        """LLM calls answered so far."""
        return self.stats.llm_calls

    @property
    def tool_calls(self) -> int:
        """Tool calls finished so far."""
        return self.stats.tool_calls

    @property
    def prompt_tokens(self) -> int:
        """Prompt tokens so far."""
        return self.stats.prompt_tokens

    @property
    def completion_tokens(self) -> int:
        """Completion tokens so far."""
        return self.stats.completion_tokens

    @property
    def occasional_errors(self) -> int:
        """Failures that were the first in a row."""
        return self.stats.occasional_errors

    @property
    def repeated_errors(self) -> int:
        """Failures that repeated the one before."""
        return self.stats.repeated_errors

    @property
    def errors(self) -> int:
        """Every failed tool call, occasional or repeated."""
        return self.stats.errors

    @property
    def ratio(self) -> float | None:
        """LLM calls per tool call (2.0 for one tool call), None before any."""
        return self.stats.ratio

    def handle(self, event: Event) -> None:
        """Agent subscriber: count with the same AgentStats the agent keeps; note alarms."""
        self.stats.handle(event)
        if isinstance(event, AlarmEvent):
            self.alarms.append(_alarm_text(event))
        if isinstance(event, REDRAWN_ON):
            self._redraw()

    def show_stats(self, stats: AgentStats) -> None:
        """Show an AgentStats (`agent.stats`) instead of counting events."""
        self.stats = copy.deepcopy(stats)
        self._redraw()

    def _rows(self) -> list[tuple[str, str]]:
        """(label, value) for each line of the table."""
        ratio = "–" if self.ratio is None else f"{self.ratio:.1f}"
        return [
            ("LLM calls", str(self.llm_calls)),
            ("tool calls", str(self.tool_calls)),
            ("LLM calls per tool call", ratio),
            ("tokens (prompt / completion)", f"{self.prompt_tokens} / {self.completion_tokens}"),
            ("errors (occasional / repeated)",
             f"{self.errors} ({self.occasional_errors} / {self.repeated_errors})"),
        ] + self._incomplete_row()

    def _incomplete_row(self) -> list[tuple[str, str]]:
        """A row for replies cut at the token limit or empty, once there is one."""
        count = self.stats.incomplete_replies
        return [("replies cut off or empty", str(count))] if count else []

    def _redraw(self) -> None:
        cells = "".join(
            f'<tr><td style="padding:0 8px">{text_html(name)}</td>'
            f"<td><b>{text_html(value)}</b></td></tr>"
            for name, value in self._rows()
        )
        alarms = "".join(
            f'<div style="color:{WARNING_COLOUR}"><b>🚨 alarm:</b> {text_html(reason)}</div>'
            for reason in self.alarms
        )
        self.value = f"<table>{cells}</table>{alarms}"

    def __repr__(self) -> str:
        lines = [f"CallCounter: {plural(self.llm_calls, 'LLM call')}, "
                 f"{plural(self.tool_calls, 'tool call')}"]
        lines += [f"{name}: {value}" for name, value in self._rows()[2:]]
        lines += [f"alarm: {reason}" for reason in self.alarms]
        return "\n  ".join(lines)


def _alarm_text(alarm: AlarmEvent) -> str:
    """One line for an `alarm` event: which tool, how often, by which rule."""
    return (
        f"{alarm.function} failed {alarm.count} times in a row "
        f"({alarm.reason}): fix the descriptions or the prompt"
    )
