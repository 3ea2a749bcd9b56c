"""The progress tests run on the offline model, whatever the environment says."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def offline_model(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WORKBOOK_FORCE_OFFLINE", "1")
