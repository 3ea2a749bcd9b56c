"""Checkers for lesson 00's exercises: the example every lesson's checker module follows."""

from __future__ import annotations

from collections.abc import Callable

from helpers.exercises import checker, expect


@checker("00.1")
def check_llm_calls_needed(llm_calls_needed: Callable[[int], int]) -> None:
    """00.1 (seed 000, step 7): one round of tool calls costs one more LLM call."""
    for rounds, expected in [(0, 1), (1, 2), (2, 3), (5, 6)]:
        got = llm_calls_needed(rounds)
        expect(
            got == expected,
            f"llm_calls_needed({rounds}) returned {got!r}, expected {expected}. "
            "Each round of tool calls needs one LLM call to decide, and the final answer "
            "needs one more.",
        )
