"""httpx2 transports that serve the offline model in process: no sockets, no threads."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx2

from helpers.offline.config import Latency, ModelConfig
from helpers.offline.service import handle, paced, paced_async

Pacer = Callable[[list[str], Latency], Any]  # paced (sync bytes) or paced_async (async bytes)


def _response(request: httpx2.Request, config: ModelConfig, pace: Pacer) -> httpx2.Response:
    """Ask the offline model for the reply to one HTTP request; stream events through `pace`."""
    reply = handle(request.method, request.url.path, request.content, config)
    if reply.events is None and reply.wait:  # a whole reply, sent once the stream would be over
        body = pace([reply.content().decode()], Latency(first_token=reply.wait))
        return httpx2.Response(reply.status, content=body, headers=reply.headers())
    if reply.events is None:
        return httpx2.Response(reply.status, content=reply.content(), headers=reply.headers())
    return httpx2.Response(
        reply.status, content=pace(reply.events, config.latency), headers=reply.headers()
    )


def sync_transport(config: ModelConfig) -> httpx2.MockTransport:
    """A transport for httpx2.Client that answers with the offline model."""
    return httpx2.MockTransport(lambda request: _response(request, config, paced))


def async_transport(config: ModelConfig) -> httpx2.MockTransport:
    """A transport for httpx2.AsyncClient that answers with the offline model."""

    async def respond(request: httpx2.Request) -> httpx2.Response:
        return _response(request, config, paced_async)

    return httpx2.MockTransport(respond)
