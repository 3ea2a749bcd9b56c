"""Checkers for lesson 06's exercise: reading Server-Sent Events (seed 001, the stream's format)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from helpers.events import AnswerEvent, ToolStartEvent
from helpers.exercises import WrongAnswer, checker, expect

SSE_CASES: list[tuple[str, str, list[dict[str, Any]]]] = [
    ("an empty body", "", []),
    (
        "two progress events (event.to_sse())",
        ToolStartEvent(id="call_1", function="get_weather", args={"city": "베이징"}).to_sse()
        + AnswerEvent(content="베이징은 맑고 28도입니다.").to_sse(),
        [
            {
                "type": "tool_start",
                "id": "call_1",
                "function": "get_weather",
                "args": {"city": "베이징"},
            },
            {"type": "answer", "content": "베이징은 맑고 28도입니다."},
        ],
    ),
    (
        "an OpenAI stream that ends with data: [DONE]",
        'data: {"choices":[{"delta":{"content":"Hi"}}]}\n\n'
        'data: {"choices":[],"usage":{"total_tokens":9}}\n\ndata: [DONE]\n\n',
        [
            {"choices": [{"delta": {"content": "Hi"}}]},
            {"choices": [], "usage": {"total_tokens": 9}},
        ],
    ),
    (
        "keep-alive comments and an event: line",
        ': keep-alive\n\nevent: progress\ndata: {"type": "text_delta", "delta": "맑"}\n\n'
        ": ping\n\n",
        [{"type": "text_delta", "delta": "맑"}],
    ),
    (
        "data: without a space and lines ending in \\r\\n",
        'data:{"type": "answer", "content": "ok"}\r\n\r\ndata: [DONE]\r\n\r\n',
        [{"type": "answer", "content": "ok"}],
    ),
]


@checker("06.1")
def check_parse_sse(parse_sse: Callable[[str], list[dict[str, Any]]]) -> None:
    """06.1 (seed 001, SSE for a UI): the payloads of the data: lines, up to [DONE]."""
    for case, body, expected in SSE_CASES:
        try:
            got = parse_sse(body)
        except ValueError as error:
            raise WrongAnswer(
                f"with {case}, your function raised {type(error).__name__}: {error}. Parse only "
                "the text after 'data:' on data lines, and stop at [DONE], which is not JSON."
            ) from None
        expect(got == expected, f"with {case}, got {got!r}, expected {expected!r}.")
