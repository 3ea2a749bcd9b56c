"""What a run cost and how often it failed, counted from the agent's events (seed 000).

Insight 3: one tool call costs two LLM calls. 추가 질문 2: an occasional error heals itself, a
repeated one needs a human. Every Agent subscribes an AgentStats to its own events
(`agent.stats`); CallCounter shows one, counted from the same events.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from helpers.events import DecisionEvent, Event, IncompleteEvent, MessageEvent, ToolDoneEvent
from helpers.registry import ToolResult


@dataclass
class ErrorStreaks:
    """Occasional or repeated? Counts failures in a row, per tool name and per error text.

    A tool's count goes back to 0 when that tool succeeds; the same-error count goes back
    to 0 when any call succeeds or a different error comes.
    """

    by_name: Counter[str] = field(default_factory=Counter)
    last_error: str | None = None
    same_error: int = 0

    def record(self, name: str, result: ToolResult) -> tuple[int, str]:
        """Count one result; return (failures in a row so far, which rule counted them)."""
        if result.ok:
            self.by_name[name] = 0
            self.last_error, self.same_error = None, 0
            return 0, ""
        self.by_name[name] += 1
        self.same_error = self.same_error + 1 if result.content == self.last_error else 1
        self.last_error = result.content
        if self.same_error > self.by_name[name]:
            return self.same_error, "the same error"
        return self.by_name[name], "the same tool failing"


@dataclass
class AgentStats:
    """Counts from events: LLM calls, tool calls, errors (occasional vs repeated), tokens."""

    llm_calls: int = 0
    tool_calls: int = 0
    errors: int = 0
    occasional_errors: int = 0
    repeated_errors: int = 0
    error_kinds: Counter[str] = field(default_factory=Counter)
    prompt_tokens: int = 0
    completion_tokens: int = 0
    incomplete_replies: int = 0  # cut at the token limit, or empty
    streaks: ErrorStreaks = field(default_factory=ErrorStreaks, repr=False)

    @property
    def ratio(self) -> float | None:
        """LLM calls per tool call: 2.0 for a question answered with one tool call."""
        return self.llm_calls / self.tool_calls if self.tool_calls else None

    def handle(self, event: Event) -> None:
        """Count one event; a new question starts a new error count."""
        if isinstance(event, MessageEvent) and event.message.get("role") == "user":
            self.streaks = ErrorStreaks()
        elif isinstance(event, DecisionEvent):
            self.llm_calls += 1
            self.add_usage(event.usage)
        elif isinstance(event, ToolDoneEvent):
            self.add_tool_result(event)
        elif isinstance(event, IncompleteEvent):
            self.incomplete_replies += 1

    def add_usage(self, usage: dict[str, int | None] | None) -> None:
        """Add one response's token usage (a server may send none)."""
        if usage:
            self.prompt_tokens += usage.get("prompt_tokens") or 0
            self.completion_tokens += usage.get("completion_tokens") or 0

    def add_tool_result(self, done: ToolDoneEvent) -> None:
        """Count one tool call; a failure is occasional if first in a row, else repeated."""
        self.tool_calls += 1
        result = ToolResult(done.content, done.ok, done.error_kind)
        in_a_row, _rule = self.streaks.record(done.function, result)
        if done.ok:
            return
        self.errors += 1
        self.error_kinds[done.error_kind or "tool_failed"] += 1
        if in_a_row == 1:
            self.occasional_errors += 1
        else:
            self.repeated_errors += 1
