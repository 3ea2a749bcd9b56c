"""Every test starts as a fresh kernel would: no backend banner or warning shown yet."""

from __future__ import annotations

import pytest

from helpers.backend import forget_shown


@pytest.fixture(autouse=True)
def fresh_kernel_memory() -> None:
    """connect() prints its banner once per kernel; each test sees it as a new kernel does."""
    forget_shown()
