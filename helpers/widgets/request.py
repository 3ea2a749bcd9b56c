"""RequestInspector: the exact step-2 request (the history plus every tool) and its token count."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from helpers.tokens import count_request_tokens, tool_definition_tokens
from helpers.widgets.conversation import as_message
from helpers.widgets.style import FullTextRepr, one_line, plural, pre, text_html

SHOWN_APART = ("model", "messages", "tools")  # the other keys are listed as options


class RequestInspector(FullTextRepr, widgets.VBox):
    """What the agent sends at step 2: model, messages, all tool definitions, and the tokens."""

    def __init__(self, request: Mapping[str, Any] | None = None) -> None:
        self.summary = widgets.HTML("No request yet.")
        self.messages_view = widgets.HTML()
        self.tools_view = widgets.HTML()
        super().__init__(children=[self.summary, self.messages_view, self.tools_view])
        self.request: dict[str, Any] | None = None
        self.prompt_tokens = 0
        self.tool_tokens = 0
        if request is not None:
            self.show(request)

    def handle(self, event: Any) -> None:
        """Agent subscriber: show each `request` event's request."""
        if event.type == "request":
            self.show(event.data["request"])

    def show(self, request: Mapping[str, Any]) -> None:
        """Show one request: the keyword arguments of `client.chat.completions.create`."""
        if not isinstance(request, Mapping) or not isinstance(request.get("messages"), list):
            raise ValueError(
                "show() takes the request's keyword arguments, a dict with a 'messages' list "
                "(and usually 'model' and 'tools')."
            )
        messages = [as_message(message) for message in request["messages"]]
        tools = list(request.get("tools") or [])
        self.request = {**request, "messages": messages, "tools": tools}
        self.prompt_tokens = count_request_tokens(messages, tools)
        self.tool_tokens = tool_definition_tokens(tools)
        self.summary.value = (
            f"<b>Step 2 request</b> to <code>{text_html(request.get('model', '?'))}</code>: "
            f"{plural(len(messages), 'message')}, {plural(len(tools), 'tool')}, "
            f"about <b>{self.prompt_tokens}</b> prompt tokens "
            f"({self.tool_tokens} of them for the tool definitions)."
        )
        self.messages_view.value = _details(f"messages ({len(messages)})", messages)
        self.tools_view.value = _details(f"tools ({len(tools)}, every one registered)", tools)

    def __repr__(self) -> str:
        if self.request is None:
            return "RequestInspector: no request yet"
        messages, tools = self.request["messages"], self.request["tools"]
        roles = ", ".join(str(message["role"]) for message in messages)
        names = ", ".join(_tool_name(tool) for tool in tools) or "none"
        options = ", ".join(
            f"{key}={value!r}" for key, value in self.request.items() if key not in SHOWN_APART
        )
        return "\n  ".join([
            f"RequestInspector: the step-2 request to {self.request.get('model', '?')}",
            f"{plural(len(messages), 'message')}: {one_line(roles, 100)}",
            f"{plural(len(tools), 'tool')}: {one_line(names, 100)}",
            f"options: {options or 'none'}",
            f"about {self.prompt_tokens} prompt tokens, {self.tool_tokens} of them for tools",
        ])


def _tool_name(tool: Mapping[str, Any]) -> str:
    """The name in one entry of the request's `tools`."""
    return str((tool.get("function") or {}).get("name", "?"))


def _details(title: str, value: Any) -> str:
    """A collapsible block with `value` as indented JSON."""
    text = json.dumps(value, indent=2, ensure_ascii=False, default=str)
    return f"<details><summary>{title}</summary>{pre(text)}</details>"
