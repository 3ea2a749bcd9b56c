"""ConversationView: history as cards by role; each tool message paired with its call (step 6)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from helpers.widgets.style import (
    OTHER_COLOURS,
    ROLE_COLOURS,
    FullTextRepr,
    badge,
    card,
    one_line,
    pair_colour,
    plural,
    pre,
    pretty_json,
    text_html,
    warning,
)


@dataclass(frozen=True)
class PairedCall:
    """A tool call as the view numbers it: '#1' is the first call in the conversation."""

    number: int
    name: str

    @property
    def label(self) -> str:
        """The badge shown on the call and on the tool message that answers it."""
        return f"#{self.number}"


def as_message(message: Any) -> dict[str, Any]:
    """A message as a dict: dicts pass through, SDK message objects are dumped."""
    if isinstance(message, Mapping):
        found = dict(message)
    elif hasattr(message, "model_dump"):
        found = message.model_dump(exclude_none=True)
    else:
        raise TypeError(
            "A message is a dict such as {'role': 'user', 'content': 'Hi'} or an SDK message "
            f"object; got {type(message).__name__}."
        )
    if "role" not in found:
        raise ValueError(
            "A message needs a 'role' (system, user, assistant or tool); "
            f"this one has only {sorted(found)}."
        )
    return found


def text_of(content: Any) -> str:
    """A message's content as text: a string, the text parts of a list, or '' for None."""
    if content is None:
        return ""
    if isinstance(content, list):
        return " ".join(str(part.get("text", "")) for part in content if isinstance(part, Mapping))
    return str(content)


class ConversationView(FullTextRepr, widgets.VBox):
    """The message history as cards; an append adds one card and leaves the others untouched."""

    def __init__(self, messages: Iterable[Any] = ()) -> None:
        super().__init__()
        self.messages: list[dict[str, Any]] = []
        self._lines: list[str] = []
        self._calls: dict[str, PairedCall] = {}  # tool_call_id -> the latest call with that id
        self._answered: set[str] = set()
        self._call_count = 0
        self.extend(messages)

    def handle(self, event: Any) -> None:
        """Agent subscriber: show each `message` event's message."""
        if event.type == "message":
            self.append(event.data["message"])

    def append(self, message: Any) -> None:
        """Add one message as one new card."""
        message = as_message(message)
        role = message["role"]
        if role == "assistant":
            shown, lines = self._assistant_card(message)
        elif role == "tool":
            shown, lines = self._tool_card(message)
        else:
            shown, lines = self._plain_card(message)
        self.messages.append(message)
        self._lines.extend(lines)
        self.children = (*self.children, widgets.HTML(shown))

    def extend(self, messages: Iterable[Any]) -> None:
        """Add several messages, one card each."""
        for message in messages:
            self.append(message)

    def _plain_card(self, message: dict[str, Any]) -> tuple[str, list[str]]:
        """A system or user message: its text, as HTML and as a repr line."""
        role = str(message["role"])
        text = text_of(message.get("content"))
        accent, background = ROLE_COLOURS.get(role, OTHER_COLOURS)
        title = text_html(role)  # a hand-built history may hold any role
        return card(title, pre(text), accent, background), [f"[{role}] {one_line(text)}"]

    def _assistant_card(self, message: dict[str, Any]) -> tuple[str, list[str]]:
        """An assistant message: its text and each tool call it asks for (step 4)."""
        text = text_of(message.get("content"))
        calls = message.get("tool_calls") or []
        body = pre(text) if text else ""
        lines = [f"[assistant] {one_line(text)}".rstrip()]
        for call in calls:
            call_html, call_line = self._call_entry(call)
            body += call_html
            lines.append(call_line)
        title = "assistant" + (f" · asks for {plural(len(calls), 'tool call')}" if calls else "")
        return card(title, body, *ROLE_COLOURS["assistant"]), lines

    def _call_entry(self, call: Mapping[str, Any]) -> tuple[str, str]:
        """Number a tool call, remember it by id, and show its name and pretty arguments."""
        function = call.get("function") or {}
        name = str(function.get("name") or "(no name)")
        arguments = str(function.get("arguments") or "")
        self._call_count += 1
        paired = PairedCall(number=self._call_count, name=name)
        call_id = str(call.get("id") or "")
        self._calls[call_id] = paired
        self._answered.discard(call_id)  # an id used again in a later turn starts afresh
        entry = (
            f"<div>{badge(paired.label, pair_colour(paired.number))} <b>{text_html(name)}</b> "
            f'<span style="font-size:0.8em;color:#6b7280">{text_html(call_id)}</span>'
            f"{pre(pretty_json(arguments))}</div>"
        )
        return entry, f"    → {paired.label} {name} {one_line(arguments)}"

    def _tool_card(self, message: dict[str, Any]) -> tuple[str, list[str]]:
        """A tool message under its call's badge (step 6), or a warning when it pairs with none."""
        call_id = message.get("tool_call_id")
        text = text_of(message.get("content"))
        paired = self._calls.get(call_id) if call_id else None
        accent, background = ROLE_COLOURS["tool"]
        if paired is None:
            title = "tool · unpaired"
            body = warning(_unpaired_reason(call_id)) + pre(pretty_json(text))
            return card(title, body, accent, background), [f"[tool ⚠ unpaired] {one_line(text)}"]
        body = pre(pretty_json(text))
        if call_id in self._answered:
            already = f"Call {paired.label} was already answered: one tool message per id."
            body = warning(already) + body
        self._answered.add(call_id)
        title = f"{badge(paired.label, pair_colour(paired.number))} tool ← {text_html(paired.name)}"
        return card(title, body, accent, background), [
            f"[tool ← {paired.label} {paired.name}] {one_line(text)}"
        ]

    def __repr__(self) -> str:
        header = f"ConversationView: {plural(len(self.messages), 'message')}"
        return "\n  ".join([header, *self._lines])


def _unpaired_reason(call_id: Any) -> str:
    """Why a tool message pairs with no call, in words a learner can act on."""
    if not call_id:
        return "This tool message has no tool_call_id, so no call can be matched to it."
    return f"No earlier tool call has id {call_id!r}: the API rejects such a history."
