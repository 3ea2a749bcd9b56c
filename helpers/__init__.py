"""The function-calling workbook's shared module: what the notebooks taught, kept in one place.

The model chooses; the agent carries and executes (seed 000). Read the files in this order:
registry.py (step 1), agent.py (steps 2-7), streaming.py and parallel.py (seed 001).
The widgets live in `helpers.widgets`, the plots in `helpers.plots`, the exercise checkers in
`helpers.exercises`, and the offline model (the other side of the wire) in `helpers.offline`.
"""

from helpers.agent import Agent, AgentStats
from helpers.backend import BackendError, connect, connect_async, model_name
from helpers.demo_tools import demo_registry, weather_registry
from helpers.errors import (
    AgentError,
    IterationLimitReached,
    RepeatedToolError,
    ToolDefinitionWarning,
)
from helpers.events import Event
from helpers.registry import ToolRegistry, ToolResult
from helpers.streaming import ToolCallAccumulator
from helpers.tokens import count_request_tokens, count_tokens, tool_definition_tokens

__all__ = [
    "Agent",
    "AgentError",
    "AgentStats",
    "BackendError",
    "Event",
    "IterationLimitReached",
    "RepeatedToolError",
    "ToolCallAccumulator",
    "ToolDefinitionWarning",
    "ToolRegistry",
    "ToolResult",
    "connect",
    "connect_async",
    "count_request_tokens",
    "count_tokens",
    "demo_registry",
    "model_name",
    "tool_definition_tokens",
    "weather_registry",
]
