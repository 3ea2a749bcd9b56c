"""StepTracker: which of the seven steps of seed 000 is running, and the trail of steps so far."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from helpers.widgets.style import FullTextRepr

STEP_NAMES = {
    1: "register",
    2: "request",
    3: "decide",
    4: "tool_calls",
    5: "execute",
    6: "append tool message",
    7: "final answer",
}
STEP_STYLES = {  # state -> CSS of the step's box
    "idle": "background:#f3f4f6;color:#6b7280",
    "done": "background:#dcfce7;color:#166534",
    "running": "background:#2563eb;color:white;font-weight:bold",
}


class StepTracker(FullTextRepr, widgets.HBox):
    """Seven boxes, one per step; the running one is highlighted, each shows how often it ran."""

    def __init__(self, *, registered: bool = False) -> None:
        """`registered=True`: step 1 is already done (the agent was built with its tools)."""
        super().__init__(children=[widgets.HTML() for _ in STEP_NAMES])
        self.trail: list[int] = [1] if registered else []
        self.running: int | None = None
        self.visits = dict.fromkeys(STEP_NAMES, 0)
        self.visits[1] = int(registered)
        self._redraw()

    def handle(self, event: Any) -> None:
        """Agent subscriber: follow the events' steps; after a request, the model decides (3).

        Within one round the steps only move forward: when the answer streams (step 7) before
        the `decision` event (step 4) arrives, the tracker stays at 7. A request starts a round.
        """
        if event.step is None or self._steps_back(event):
            return
        self.set_step(event.step)
        if event.type == "request":
            self.set_step(3)
        elif event.type == "answer":
            self.finish()

    def _steps_back(self, event: Any) -> bool:
        """An event of an earlier step than the running one, within the same round."""
        return event.type != "request" and self.running is not None and event.step < self.running

    def set_step(self, step: int) -> None:
        """Mark `step` as running (and the one before as done)."""
        if step not in STEP_NAMES:
            raise ValueError(f"Step {step!r} does not exist: the steps are 1 to 7.")
        if step == self.running:
            return
        self.running = step
        self.visits[step] += 1
        self.trail.append(step)
        self._redraw()

    def finish(self) -> None:
        """The final answer is out: nothing runs any more."""
        self.running = None
        self._redraw()

    def _redraw(self) -> None:
        """Redraw all seven boxes."""
        for step, box in zip(STEP_NAMES, self.children, strict=True):
            box.value = self._box_html(step)

    def _box_html(self, step: int) -> str:
        """One step's box: running, done or idle, and how often it ran."""
        if step == self.running:
            state = "running"
        elif self.visits[step]:
            state = "done"
        else:
            state = "idle"
        count = f" ×{self.visits[step]}" if self.visits[step] > 1 else ""
        return (
            f'<div style="{STEP_STYLES[state]};padding:2px 6px;margin:1px;border-radius:4px;'
            f'font-size:0.85em">{step} {STEP_NAMES[step]}{count}</div>'
        )

    def __repr__(self) -> str:
        if self.running is not None:
            status = f"step {self.running} ({STEP_NAMES[self.running]}) running"
        else:
            status = "finished" if self.trail[-1:] == [7] else "waiting"
        trail = " → ".join(str(step) for step in self.trail) or "(none yet)"
        return f"StepTracker: {status}\n  trail: {trail}"
