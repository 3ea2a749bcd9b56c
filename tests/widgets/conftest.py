"""Shared pieces for the widget and plot tests: a non-GUI matplotlib and one agent run's events."""

from __future__ import annotations

import matplotlib
import pytest
from agent_run import one_tool_run

from helpers.events import Event

matplotlib.use("Agg")


@pytest.fixture
def run_events() -> list[Event]:
    return one_tool_run()
