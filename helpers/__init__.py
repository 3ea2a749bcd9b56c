"""The function-calling workbook's shared module: what the notebooks taught, kept in one place.

The model chooses; the agent carries and executes (seed 000). Read the files in this order:
registry.py (step 1), agent.py (steps 2-7), streaming.py and parallel.py (seed 001).
The widgets live in `helpers.widgets`, the plots in `helpers.plots`, the exercise checkers in
`helpers.exercises`, and the offline model (the other side of the wire) in `helpers.offline`.

`from helpers import Agent` works as usual, but each module is imported on first use of one
of its names (PEP 562's module `__getattr__`), so `import helpers.streaming` loads only the
streaming code, and `import helpers` costs little more than `import openai`.
"""

from __future__ import annotations

import importlib
from typing import Any

MODULE_OF = {  # each public name -> the module that defines it
    "Agent": "helpers.agent",
    "AgentStats": "helpers.agent",
    "BackendError": "helpers.backend",
    "connect": "helpers.backend",
    "connect_async": "helpers.backend",
    "model_name": "helpers.backend",
    "demo_registry": "helpers.demo_tools",
    "weather_registry": "helpers.demo_tools",
    "AgentError": "helpers.errors",
    "IterationLimitReached": "helpers.errors",
    "RepeatedToolError": "helpers.errors",
    "ToolDefinitionWarning": "helpers.errors",
    "Event": "helpers.events",
    "ToolRegistry": "helpers.registry",
    "ToolResult": "helpers.registry",
    "ToolCallAccumulator": "helpers.streaming",
    "count_request_tokens": "helpers.tokens",
    "count_tokens": "helpers.tokens",
    "tool_definition_tokens": "helpers.tokens",
}

__all__ = list(MODULE_OF)


def __getattr__(name: str) -> Any:
    """`helpers.Agent` and the other public names: import their module on first use."""
    if name not in MODULE_OF:
        raise AttributeError(f"module 'helpers' has no attribute {name!r}")
    value = getattr(importlib.import_module(MODULE_OF[name]), name)
    globals()[name] = value  # found directly from now on
    return value


def __dir__() -> list[str]:
    """The public names, for tab completion, though not imported yet."""
    return sorted([*globals(), *MODULE_OF])
