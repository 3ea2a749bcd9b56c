"""The offline model: the MODEL's side of the wire, an OpenAI-compatible teaching LLM.

It sees only the JSON request, exactly as a real model would, and never imports the agent's side.
"""

from helpers.offline.brain import explain
from helpers.offline.config import FAULTS, MODEL_ID, PROFILES, Latency, ModelConfig
from helpers.offline.transport import async_transport, sync_transport

__all__ = [
    "FAULTS",
    "MODEL_ID",
    "PROFILES",
    "Latency",
    "ModelConfig",
    "explain",
    "async_transport",
    "sync_transport",
]
