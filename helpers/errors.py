"""The exceptions and warnings a human must act on (seed 000, 추가 질문 2).

Errors the MODEL can fix never raise: they become `tool` messages (see registry.py).
What is left here is for the person who wrote the tools, the prompt or the loop; in IPython
each one shows as its message alone (ReadableError), without the frames of a traceback.
"""

from __future__ import annotations

from typing import Literal, get_args

ErrorKind = Literal[  # what went wrong with one tool call (ToolResult.error_kind)
    "unknown_tool",
    "invalid_json",
    "invalid_arguments",
    "tool_failed",
    "not_serialisable",
    "timeout",
]
ERROR_KINDS: tuple[ErrorKind, ...] = get_args(ErrorKind)


class ToolDefinitionWarning(UserWarning):
    """A tool definition invites wrong choices: names too close, description missing or thin."""


class ReadableError(Exception):
    """An error written for a human to act on: IPython shows it as one block, its message."""

    advice = ""  # a line IPython adds under the message, e.g. to restart the kernel

    def _render_traceback_(self) -> list[str]:
        """The lines IPython shows instead of the traceback: no frames, the message says it all."""
        lines = f"{type(self).__name__}: {self}".splitlines()
        return [*lines, self.advice] if self.advice else lines


class AgentError(ReadableError):
    """Base class: the agent stopped and a human should look."""


class IterationLimitReached(AgentError):
    """The model kept asking for tools and never gave a final answer."""

    def __init__(self, max_iterations: int) -> None:
        self.max_iterations = max_iterations
        super().__init__(
            f"The agent made {max_iterations} model call{'s' if max_iterations != 1 else ''} "
            "without getting a final answer: "
            "the model asked for tools every time. Look at agent.messages to see what it kept "
            "asking for; if the task really needs more rounds, raise max_iterations."
        )


class RepeatedToolError(AgentError):
    """The repeated-error alarm: the same failure N times in a row is a description problem."""

    def __init__(self, reason: str, function: str, error: str, count: int) -> None:
        self.reason = reason
        self.function = function
        self.error = error
        self.count = count
        super().__init__(
            f"Tool call to '{function}' failed {count} times in a row ({reason}); last error: "
            f"{error}\nThe model keeps making the same mistake, so this is not a one-off the "
            "loop can heal. Do not add fallback code: fix the input the model chooses from. "
            "Make tool names clearly different, make each description say exactly what the "
            "tool does and takes, and tell the model in the system prompt to choose only from "
            "the listed tools."
        )


class IncompleteReply(AgentError):
    """The model's reply cannot be acted on: cut at the token limit, or with nothing in it."""

    def __init__(self, cause: Literal["length", "empty"], message: str) -> None:
        self.cause = cause
        super().__init__(message)
