"""Hostile strings through every view: no tag or attribute they carry survives into the HTML.

A role, a tool name, an id, arguments, a result, a question: any of them may come from a model,
a tool or a hand-built history. Each reaches an HTML widget only escaped, as valid UTF-8 (a lone
surrogate would break the kernel's message to the browser), and still readable as text.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from html.parser import HTMLParser

import ipywidgets as widgets
import pytest

from helpers.agent import Agent
from helpers.backend import connect_async
from helpers.errors import RepeatedToolError
from helpers.registry import ToolRegistry
from helpers.widgets import (
    CallCounter,
    ConversationView,
    Dashboard,
    FragmentView,
    Quiz,
    RequestInspector,
    StepTracker,
)

IMG = "<img src=x onerror=alert(1)>"
BREAKOUT = '"><script>alert(1)</script>'
ENTITY = "&lt;b&gt;not bold&lt;/b&gt;"
SURROGATE = "caf\udce9.txt \ud800"
LONG = "<b>" + "가" * 20_000 + "</b>"
HOSTILE = (IMG, BREAKOUT, ENTITY, SURROGATE, LONG)
ALLOWED_TAGS = {"div", "span", "b", "pre", "code", "details", "summary", "table", "tr", "td"}


class Markup(HTMLParser):
    """The tags, attribute names and text of an HTML fragment, as a browser would parse them."""

    def __init__(self, source: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: set[str] = set()
        self.attributes: set[str] = set()
        self.text: list[str] = []
        self.feed(source)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        self.attributes.update(name for name, _value in attrs)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def html_values(widget: widgets.Widget) -> Iterator[str]:
    """Every HTML value in a widget tree."""
    if isinstance(widget, widgets.HTML):
        yield widget.value
    for child in getattr(widget, "children", ()):
        yield from html_values(child)


def shown_text(view: widgets.Widget) -> str:
    """All the text a browser shows for a view's HTML."""
    return "".join("".join(Markup(value).text) for value in html_values(view))


def assert_only_our_markup(view: widgets.Widget) -> None:
    """No hostile tag or attribute in any HTML value; every value valid UTF-8."""
    for value in html_values(view):
        value.encode("utf-8")  # a lone surrogate raises here, as it would in the kernel
        markup = Markup(value)
        assert markup.tags <= ALLOWED_TAGS, f"foreign tags {markup.tags - ALLOWED_TAGS}"
        assert markup.attributes <= {"style"}, f"foreign attributes {markup.attributes}"


def readable(text: str) -> str:
    """What a hostile string looks like once shown: the same text, lone surrogates as U+FFFD."""
    return "".join("\ufffd" if "\ud800" <= ch <= "\udfff" else ch for ch in text)


@pytest.mark.parametrize("hostile", HOSTILE, ids=["img", "breakout", "entity", "surrogate", "long"])
def test_a_hand_built_history_shows_hostile_roles_names_ids_and_content_as_text(
    hostile: str,
) -> None:
    call = {"id": hostile, "type": "function", "function": {"name": hostile, "arguments": hostile}}
    view = ConversationView([
        {"role": hostile, "content": hostile},
        {"role": "user", "content": [{"type": "text", "text": hostile}]},
        {"role": "assistant", "content": hostile, "tool_calls": [call]},
        {"role": "tool", "tool_call_id": hostile, "content": hostile},
        {"role": "tool", "tool_call_id": hostile, "content": hostile},  # answered twice: warned
        {"role": "tool", "tool_call_id": "unknown", "content": hostile},  # unpaired: warned
    ])

    assert_only_our_markup(view)
    assert shown_text(view).count(readable(hostile)) >= 8
    view._repr_mimebundle_()["text/plain"].encode("utf-8")  # what the kernel sends


@pytest.mark.parametrize("hostile", HOSTILE, ids=["img", "breakout", "entity", "surrogate", "long"])
def test_the_request_inspector_shows_a_hostile_request_as_text(hostile: str) -> None:
    tool = {"type": "function", "function": {"name": hostile, "description": hostile,
                                             "parameters": {"type": "object", "properties": {}}}}
    view = RequestInspector({
        "model": hostile, "messages": [{"role": hostile, "content": hostile}], "tools": [tool],
        "tool_choice": hostile,
    })  # fmt: skip

    assert_only_our_markup(view)
    assert readable(hostile) in shown_text(view)
    view._repr_mimebundle_()["text/plain"].encode("utf-8")  # what the kernel sends


@pytest.mark.parametrize("hostile", HOSTILE, ids=["img", "breakout", "entity", "surrogate", "long"])
def test_a_quiz_shows_a_hostile_question_options_and_explanation_as_text(hostile: str) -> None:
    quiz = Quiz(hostile, [hostile, "no"], 0, hostile)
    quiz.choose(0)
    quiz.check()

    assert_only_our_markup(quiz)
    assert shown_text(quiz).count(readable(hostile)) == 3


def echo(text: str) -> str:
    """Return the text it is given.

    Args:
        text: Any text.
    """
    return text


def run_with_views(hostile: str) -> list[widgets.Widget]:
    """A streamed agent run whose model asks for a hostile tool name with hostile arguments
    (three times: the alarm), then `echo` with a hostile text, every view subscribed."""
    registry = ToolRegistry()
    registry.register(echo)
    invented = [{"name": hostile, "arguments": hostile}]
    script = [invented, [{"name": "echo", "arguments": {"text": hostile}}], invented, invented]
    agent = Agent(connect_async(script=script), registry, alarm_after=3)
    views = [FragmentView(), CallCounter(), StepTracker(registered=True), ConversationView()]
    board = Dashboard(StepTracker(registered=True), CallCounter(), ConversationView())
    requests = RequestInspector()
    for view in [*views, board, requests]:
        agent.subscribe(view.handle)

    async def run() -> None:
        async for _event in agent.run_stream(hostile):
            pass

    with pytest.raises(RepeatedToolError):
        asyncio.run(run())
    return [*views, board, requests]


@pytest.mark.parametrize("hostile", [IMG, BREAKOUT, ENTITY], ids=["img", "breakout", "entity"])
# not LONG: the offline model takes minutes over a 20,000-character tool name; not SURROGATE:
# a lone surrogate in the question cannot be sent to a model at all (the request is UTF-8)
def test_a_run_with_a_hostile_question_tool_name_and_arguments_renders_only_text(
    hostile: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WORKBOOK_FORCE_OFFLINE", "1")
    views = run_with_views(hostile)

    for view in views:
        assert_only_our_markup(view)
    fragments, counter, _steps, conversation, board, requests = views
    assert hostile in shown_text(fragments)  # the streamed name and arguments
    assert hostile in shown_text(counter)  # the alarm names the tool
    assert shown_text(conversation).count(hostile) >= 4
    assert hostile in shown_text(board) and hostile in shown_text(requests)
