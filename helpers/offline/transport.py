"""httpx2 transports that serve the offline model in process: no sockets, no threads."""

from __future__ import annotations

import httpx2

from helpers.offline.config import ModelConfig
from helpers.offline.service import JSON_HEADERS, SSE_HEADERS, Reply, handle, paced, paced_async


def _reply(request: httpx2.Request, config: ModelConfig) -> Reply:
    """Ask the offline model for the reply to one HTTP request."""
    return handle(request.method, request.url.path, request.content, config)


def sync_transport(config: ModelConfig) -> httpx2.MockTransport:
    """A transport for httpx2.Client that answers with the offline model."""

    def respond(request: httpx2.Request) -> httpx2.Response:
        reply = _reply(request, config)
        if reply.events is None:
            return httpx2.Response(reply.status, content=reply.content(), headers=JSON_HEADERS)
        return httpx2.Response(
            reply.status, content=paced(reply.events, config.latency), headers=SSE_HEADERS
        )

    return httpx2.MockTransport(respond)


def async_transport(config: ModelConfig) -> httpx2.MockTransport:
    """A transport for httpx2.AsyncClient that answers with the offline model."""

    async def respond(request: httpx2.Request) -> httpx2.Response:
        reply = _reply(request, config)
        if reply.events is None:
            return httpx2.Response(reply.status, content=reply.content(), headers=JSON_HEADERS)
        return httpx2.Response(
            reply.status, content=paced_async(reply.events, config.latency), headers=SSE_HEADERS
        )

    return httpx2.MockTransport(respond)
