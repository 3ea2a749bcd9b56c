"""Live views of an agent run (ipywidgets core only): subscribe a view's `handle` to an agent.

    board = dashboard(agent)   # conversation + call counter + step tracker, live
    board                      # display it, then run: agent.run("베이징 날씨 어때?")
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from helpers.widgets.approval import ApprovalPanel
from helpers.widgets.conversation import ConversationView
from helpers.widgets.counter import CallCounter
from helpers.widgets.fragments import FragmentView
from helpers.widgets.quiz import Quiz, Quizzes, quiz_from
from helpers.widgets.request import RequestInspector
from helpers.widgets.steps import StepTracker
from helpers.widgets.style import FullTextRepr

__all__ = [
    "ApprovalPanel",
    "CallCounter",
    "ConversationView",
    "Dashboard",
    "FragmentView",
    "Quiz",
    "Quizzes",
    "RequestInspector",
    "StepTracker",
    "dashboard",
    "quiz_from",
]


class Dashboard(FullTextRepr, widgets.VBox):
    """The step tracker and call counter above the conversation, in one box."""

    def __init__(
        self, steps: StepTracker, counter: CallCounter, conversation: ConversationView
    ) -> None:
        self.steps = steps
        self.counter = counter
        self.conversation = conversation
        super().__init__(children=[steps, counter, conversation])

    def handle(self, event: Any) -> None:
        """Pass one event to every view."""
        for view in (self.steps, self.counter, self.conversation):
            view.handle(event)

    def __repr__(self) -> str:
        return "\n".join(repr(view) for view in (self.steps, self.counter, self.conversation))


def dashboard(agent: Any) -> Dashboard:
    """Views of `agent`'s history, counts and steps, subscribed to its events."""
    board = Dashboard(StepTracker(registered=True), CallCounter(), ConversationView(agent.messages))
    agent.subscribe(board.handle)
    return board
