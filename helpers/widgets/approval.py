"""ApprovalPanel: a person approves or denies each pending tool call, with a click (step 5).

The panel is an async approve callable: `Agent(..., approve=ReadOnlyPolicy(reads, ask=panel))`.
A running cell blocks the widgets (their clicks wait until the cell ends), so the run must not
be awaited in the cell that shows the panel. Start it as a task and let the cell end:

    task = asyncio.ensure_future(agent.run_async("Summarise notes.txt"))
    panel                      # the pending call appears here; click Approve or Deny
    await task                 # in a later cell: the answer

`await panel.next_call(until=task)` gives the call waiting for a decision, or None once the
run has ended without asking (a cell that clicks by code uses it).

A notebook whose outputs are stored (nbval) cannot wait for a person: it uses a policy without
`ask`, or clicks by code (`panel.deny_button.click()`), and says so.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import ipywidgets as widgets

from helpers.approval import Decision
from helpers.calls import ToolCall
from helpers.widgets.style import FullTextRepr, one_line, pre, text_html


class ApprovalPanel(FullTextRepr, widgets.VBox):
    """The call waiting for a decision (escaped), Approve and Deny buttons, a reason field,
    and the decisions made so far."""

    def __init__(self) -> None:
        self.call_view = widgets.HTML()
        self.reason = widgets.Text(placeholder="Why? (the model reads it)", description="Reason")
        self.approve_button = widgets.Button(description="Approve", button_style="success")
        self.deny_button = widgets.Button(description="Deny", button_style="danger")
        self.history = widgets.HTML()
        self.decided: list[tuple[ToolCall, Decision]] = []
        self._pending: list[tuple[ToolCall, asyncio.Future[Decision]]] = []
        self._waiters: list[asyncio.Future[ToolCall]] = []
        self.approve_button.on_click(lambda _button: self._decide(True))
        self.deny_button.on_click(lambda _button: self._decide(False))
        super().__init__(children=[
            self.call_view, self.reason,
            widgets.HBox([self.approve_button, self.deny_button]), self.history,
        ])
        self._redraw()

    @property
    def pending(self) -> ToolCall | None:
        """The call the buttons decide now, or None."""
        return self._pending[0][0] if self._pending else None

    async def __call__(self, call: ToolCall) -> Decision:
        """The approve callable: show `call`, and wait for a click on Approve or Deny."""
        decision: asyncio.Future[Decision] = asyncio.get_running_loop().create_future()
        self._pending.append((call, decision))
        self._redraw()
        for waiter in self._waiters:
            if not waiter.done():
                waiter.set_result(call)
        self._waiters.clear()
        try:
            return await decision
        finally:  # decided, or the run was stopped while it waited
            self._pending = [(c, d) for c, d in self._pending if d is not decision]
            self._redraw()

    async def next_call(self, until: asyncio.Future[Any] | None = None) -> ToolCall | None:
        """The pending call, as soon as there is one (for a cell that clicks by code); None
        if `until` (e.g. the run's task) ends first, having asked nothing more."""
        if self.pending is not None:
            return self.pending
        waiter: asyncio.Future[ToolCall] = asyncio.get_running_loop().create_future()
        self._waiters.append(waiter)
        if until is None:
            return await waiter
        await asyncio.wait([waiter, until], return_when=asyncio.FIRST_COMPLETED)
        if waiter.done():
            return waiter.result()
        waiter.cancel()
        self._waiters.remove(waiter)
        return None

    def _decide(self, approved: bool) -> None:
        """A click: decide the pending call with the reason typed; no pending call, nothing."""
        if not self._pending:
            return
        call, decision = self._pending.pop(0)
        made = Decision(approved, self.reason.value.strip())
        self.decided.append((call, made))
        self.reason.value = ""
        if not decision.done():
            decision.set_result(made)
        self._redraw()

    def _redraw(self) -> None:
        """Show the pending call and the decisions; the buttons work only while a call waits."""
        waiting = self.pending is not None
        self.approve_button.disabled = self.deny_button.disabled = not waiting
        if self.pending is None:
            self.call_view.value = "<i>No call is waiting for a decision.</i>"
        else:
            self.call_view.value = (
                f"<b>The model asks to run {text_html(self.pending.name)}</b>"
                + pre(readable_arguments(self.pending))
            )
        self.history.value = "".join(
            f"<div>{'✅' if d.approved else '❌'} {text_html(c.name)}"
            f"{': ' + text_html(d.reason) if d.reason else ''}</div>"
            for c, d in self.decided
        )

    def __repr__(self) -> str:
        if self.pending is None:
            lines = ["ApprovalPanel: no call is waiting"]
        else:
            lines = [f"ApprovalPanel: waiting for Approve or Deny on {self.pending.name} "
                     f"{one_line(readable_arguments(self.pending), 100)}"]
        lines += [f"  {'approved' if d.approved else 'denied'} {c.name}"
                  f"{': ' + one_line(d.reason) if d.reason else ''}" for c, d in self.decided]
        return "\n".join(lines)


def readable_arguments(call: ToolCall) -> str:
    """The call's arguments as indented JSON, or as the raw text when they are not JSON."""
    arguments = call.shown_arguments()
    if isinstance(arguments, str):
        return arguments
    return json.dumps(arguments, indent=2, ensure_ascii=False)
