"""httpx2 transports that serve the offline model in process: no sockets, no threads."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Iterator

import httpx2

from helpers.offline.config import Latency, ModelConfig
from helpers.offline.service import Reply, handle

SSE_HEADERS = {"content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache"}
JSON_HEADERS = {"content-type": "application/json"}


def _reply(request: httpx2.Request, config: ModelConfig) -> Reply:
    """Ask the offline model for the reply to one HTTP request."""
    return handle(request.method, request.url.path, request.content, config)


def _delays(latency: Latency, count: int) -> Iterator[float]:
    """How long to wait before each of `count` events: time to first token, then per token."""
    for i in range(count):
        yield latency.first_token if i == 0 else latency.per_token


def _stream(events: list[str], latency: Latency) -> Iterator[bytes]:
    """The events as bytes, sleeping in between when latency is simulated."""
    for delay, event in zip(_delays(latency, len(events)), events, strict=True):
        if delay:
            time.sleep(delay)
        yield event.encode()


async def _astream(events: list[str], latency: Latency) -> AsyncIterator[bytes]:
    """The events as bytes for an async client, awaiting in between when latency is simulated."""
    for delay, event in zip(_delays(latency, len(events)), events, strict=True):
        if delay:
            await asyncio.sleep(delay)
        yield event.encode()


def sync_transport(config: ModelConfig) -> httpx2.MockTransport:
    """A transport for httpx2.Client that answers with the offline model."""

    def respond(request: httpx2.Request) -> httpx2.Response:
        reply = _reply(request, config)
        if reply.events is None:
            return httpx2.Response(reply.status, content=reply.content(), headers=JSON_HEADERS)
        return httpx2.Response(
            reply.status, content=_stream(reply.events, config.latency), headers=SSE_HEADERS
        )

    return httpx2.MockTransport(respond)


def async_transport(config: ModelConfig) -> httpx2.MockTransport:
    """A transport for httpx2.AsyncClient that answers with the offline model."""

    async def respond(request: httpx2.Request) -> httpx2.Response:
        reply = _reply(request, config)
        if reply.events is None:
            return httpx2.Response(reply.status, content=reply.content(), headers=JSON_HEADERS)
        return httpx2.Response(
            reply.status, content=_astream(reply.events, config.latency), headers=SSE_HEADERS
        )

    return httpx2.MockTransport(respond)
