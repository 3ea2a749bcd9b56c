"""ModelConfig: how the offline model is set up (server side, never in the request)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

MODEL_ID = "offline-tutor"

FAULTS = ("invented_tool_name", "invalid_json", "wrong_type", "missing_required")
PROFILES = ("openai", "whole_call", "multi_entry", "interleaved", "repeated_ids")
FORCED_FINISH_REASONS = ("stop", "tool_calls")

# A scripted reply: a text, a list of calls {"name": ..., "arguments": dict or raw str}, or
# both: {"content": "Let me check.", "calls": [...]} (text first, then the calls).
ScriptedReply = str | list[dict[str, Any]] | dict[str, Any]


@dataclass(frozen=True)
class Latency:
    """Simulated latency in seconds: before the first chunk, and between chunks."""

    first_token: float = 0.0
    per_token: float = 0.0

    def __post_init__(self) -> None:
        if self.first_token < 0 or self.per_token < 0:
            raise ValueError(f"latency must be >= 0 seconds, got {self}")


@dataclass(frozen=True)
class ModelConfig:
    """The offline model's settings.

    seed:        breaks ties between near-equal tools (same seed, same choice).
    profile:     the streaming shape, one of PROFILES.
    faults:      mistakes made on the first tool-call turns of each request, in order.
    fault_count: how many turns in a row each fault is repeated.
    script:      replies pinned in order (the n-th assistant turn gets script[n]).
    latency:     simulated delays (off by default): a Latency, seconds per token,
                 or (first_token, per_token).
    forced_finish_reason: the finish_reason of a call forced by name (tool_choice
                 {"type": "function", ...}): "stop" as recorded gpt-4o streams say (the
                 default, so code that trusts finish_reason over tool_calls fails here as
                 there), or "tool_calls" as gpt-5-mini says.
    """

    seed: int = 0
    profile: str = "openai"
    faults: tuple[str, ...] = ()
    fault_count: int = 1
    script: tuple[ScriptedReply, ...] = ()
    latency: Latency = field(default_factory=Latency)
    forced_finish_reason: str = "stop"

    def __post_init__(self) -> None:
        if self.profile not in PROFILES:
            raise ValueError(
                f"Unknown profile {self.profile!r}. Choose one of: {', '.join(PROFILES)}."
            )
        if self.forced_finish_reason not in FORCED_FINISH_REASONS:
            raise ValueError(
                f"Unknown forced_finish_reason {self.forced_finish_reason!r}. Choose one of: "
                f"{', '.join(FORCED_FINISH_REASONS)}."
            )
        if isinstance(self.faults, str):
            object.__setattr__(self, "faults", (self.faults,))
        unknown = [fault for fault in self.faults if fault not in FAULTS]
        if unknown:
            raise ValueError(f"Unknown fault {unknown[0]!r}. Choose from: {', '.join(FAULTS)}.")
        if self.fault_count < 1:
            raise ValueError(f"fault_count must be at least 1, got {self.fault_count}.")
        object.__setattr__(self, "faults", tuple(self.faults))
        object.__setattr__(self, "script", tuple(_checked_reply(r) for r in self.script))
        if isinstance(self.latency, (int, float)):
            object.__setattr__(self, "latency", Latency(per_token=float(self.latency)))
        elif isinstance(self.latency, (tuple, list)):
            object.__setattr__(self, "latency", Latency(*self.latency))


def _checked_reply(reply: Any) -> ScriptedReply:
    """A scripted reply must be a text, a list of {"name", "arguments"} calls, or
    {"content": text, "calls": [...]} for both."""
    if isinstance(reply, str):
        return reply
    if isinstance(reply, dict) and set(reply) <= {"content", "calls"} and reply:
        content, calls = reply.get("content"), _checked_calls(reply.get("calls", []), reply)
        if isinstance(content, str) and calls:
            return {"content": content, "calls": calls}
    else:
        calls = _checked_calls([reply] if isinstance(reply, dict) else reply, reply)
        if calls:
            return calls
    raise ValueError(
        f"A scripted reply must be a string, a list of calls like "
        f'{{"name": "get_weather", "arguments": {{"city": "Paris"}}}}, or both as '
        f'{{"content": "Let me check.", "calls": [...]}}; got {reply!r}.'
    )


def _checked_calls(calls: Any, reply: Any) -> list[dict[str, Any]]:
    """The calls as a list of dicts, or [] when they are not all {"name", "arguments"}."""
    if isinstance(calls, (list, tuple)) and calls and all(_is_call(c) for c in calls):
        return [dict(c) for c in calls]
    return []


def _is_call(call: Any) -> bool:
    """Whether `call` looks like {"name": str, "arguments": dict | str}."""
    return (
        isinstance(call, dict)
        and isinstance(call.get("name"), str)
        and isinstance(call.get("arguments", {}), (dict, str))
    )
