"""The offline model over HTTP: a Starlette app, served by uvicorn (same replies as in process)."""

from __future__ import annotations

import asyncio

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route

from helpers.offline.config import ModelConfig
from helpers.offline.service import JSON_HEADERS, SSE_HEADERS, handle, paced_async


def create_app(config: ModelConfig | None = None) -> Starlette:
    """An ASGI app answering every path the way the in-process transport does."""
    config = config or ModelConfig()

    async def respond(request: Request) -> Response:
        reply = handle(request.method, request.url.path, await request.body(), config)
        if reply.events is None:
            await asyncio.sleep(reply.wait)  # a whole reply waits as long as its stream would
            return Response(reply.content(), status_code=reply.status, headers=JSON_HEADERS)
        stream = paced_async(reply.events, config.latency)
        return StreamingResponse(stream, status_code=reply.status, headers=SSE_HEADERS)

    return Starlette(routes=[Route("/{path:path}", respond, methods=["GET", "POST"])])


def serve(config: ModelConfig, host: str = "127.0.0.1", port: int = 8765) -> None:
    """Serve until SIGINT or SIGTERM (uvicorn finishes open requests, then stops)."""
    uvicorn.run(create_app(config), host=host, port=port, log_level="warning")
