"""Wrong agent loops shared by tests of lesson 08's checker (in CPython and on the browser's
code paths): each makes one mistake the checker must name."""

from __future__ import annotations

from helpers.exercises.lesson08 import reference_streaming_agent


async def swallowing_streaming_agent(
    client, registry, question, *, model, max_iterations=5
) -> str:
    """The reference streamed loop, with every error swallowed into a silent empty answer."""
    try:
        return await reference_streaming_agent(
            client, registry, question, model=model, max_iterations=max_iterations
        )
    except Exception:
        return ""
