"""StepTracker: which of the seven steps runs, how often each ran, the trail."""

from __future__ import annotations

import pytest

from helpers.events import (
    AlarmEvent,
    AnswerEvent,
    DecisionEvent,
    Event,
    MessageEvent,
    RequestEvent,
    TextDeltaEvent,
)
from helpers.widgets import StepTracker
from helpers.widgets.steps import STEP_STYLES

REQUEST = RequestEvent(iteration=1, message_count=1, tool_names=[], request={})


def test_a_one_tool_run_walks_the_seven_steps_twice_through_the_model(
    run_events: list[Event],
) -> None:
    tracker = StepTracker(registered=True)
    for event in run_events:
        tracker.handle(event)
    assert tracker.trail == [1, 2, 3, 4, 5, 6, 2, 3, 4, 7]
    assert tracker.running is None
    assert tracker.visits[2] == 2 and tracker.visits[5] == 1
    assert "2 request ×2" in tracker.children[1].value
    assert repr(tracker) == (
        "StepTracker: finished\n  trail: 1 → 2 → 3 → 4 → 5 → 6 → 2 → 3 → 4 → 7"
    )


def test_the_running_step_is_highlighted_and_earlier_ones_done(run_events: list[Event]) -> None:
    tracker = StepTracker()
    for event in run_events[:5]:  # up to tool_start
        tracker.handle(event)
    assert tracker.running == 5
    assert STEP_STYLES["running"] in tracker.children[4].value
    assert STEP_STYLES["done"] in tracker.children[3].value
    assert STEP_STYLES["idle"] in tracker.children[6].value
    assert repr(tracker).startswith("StepTracker: step 5 (execute) running")


def test_after_a_request_the_model_is_deciding() -> None:
    tracker = StepTracker()
    tracker.handle(REQUEST)
    assert tracker.running == 3 and tracker.trail == [2, 3]


def test_a_decision_after_streamed_text_is_no_step_back() -> None:
    tracker = StepTracker()
    answer = {"role": "assistant", "content": "맑음"}
    decision = DecisionEvent(iteration=1, content="맑음", tool_calls=[], finish_reason="stop",
                             usage=None)
    for event in [REQUEST, TextDeltaEvent(step=7, delta="맑음"), decision,
                  MessageEvent(step=7, message=answer, position=1), AnswerEvent(content="맑음"),
                  MessageEvent(step=2, message={"role": "user", "content": "?"}, position=2),
                  REQUEST]:
        tracker.handle(event)
    assert tracker.trail == [2, 3, 7, 2, 3]


def test_registered_marks_step_one_done_without_running_it() -> None:
    tracker = StepTracker(registered=True)
    assert tracker.running is None and STEP_STYLES["done"] in tracker.children[0].value
    assert repr(tracker) == "StepTracker: waiting\n  trail: 1"


def test_events_without_a_step_are_ignored() -> None:
    tracker = StepTracker()
    tracker.handle(AlarmEvent(reason="x", function="f", error="e", count=3))
    assert tracker.trail == [] and repr(tracker) == "StepTracker: waiting\n  trail: (none yet)"


def test_unknown_steps_are_refused() -> None:
    with pytest.raises(ValueError, match="the steps are 1 to 7"):
        StepTracker().set_step(8)
