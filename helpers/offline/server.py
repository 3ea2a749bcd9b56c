"""The offline model over HTTP: a Starlette app, served by uvicorn (same replies as in process).

The body is read with a cap (MAX_BODY_BYTES) and the model runs in a worker thread, so the
event loop keeps serving other clients while one request is being decided.
"""

from __future__ import annotations

import asyncio

import uvicorn
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route

from helpers.offline.config import ModelConfig
from helpers.offline.service import (
    MAX_BODY_BYTES,
    Reply,
    handle,
    paced_async,
    too_large,
)


def create_app(config: ModelConfig | None = None) -> Starlette:
    """An ASGI app answering every path the way the in-process transport does."""
    config = config or ModelConfig()

    async def respond(request: Request) -> Response:
        raw = await read_capped(request)
        if raw is None:
            reply: Reply = too_large()
        else:
            reply = await run_in_threadpool(handle, request.method, request.url.path, raw, config)
        if reply.events is None:
            await asyncio.sleep(reply.wait)  # a whole reply waits as long as its stream would
            return Response(reply.content(), status_code=reply.status, headers=reply.headers())
        stream = paced_async(reply.events, config.latency)
        return StreamingResponse(stream, status_code=reply.status, headers=reply.headers())

    return Starlette(routes=[Route("/{path:path}", respond, methods=["GET", "POST"])])


async def read_capped(request: Request) -> bytes | None:
    """The request body, or None once it is known to be over MAX_BODY_BYTES (by its declared
    length, or while reading it): a huge body is never read whole."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY_BYTES:
        return None
    body = bytearray()
    async for piece in request.stream():
        body += piece
        if len(body) > MAX_BODY_BYTES:
            return None
    return bytes(body)


def serve(config: ModelConfig, host: str = "127.0.0.1", port: int = 8765) -> None:
    """Serve until SIGINT or SIGTERM (uvicorn finishes open requests, then stops)."""
    uvicorn.run(create_app(config), host=host, port=port, log_level="warning")
