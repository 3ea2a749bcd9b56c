"""Running work where it was not written to run: a coroutine from sync code, a blocking
function off the event loop (seed 001: sync tools and async tools in one agent).

Blocking functions run in daemon threads. Python cannot stop a running thread: when we stop
waiting for one (a tool that timed out), it runs on in the background and its result is
dropped. A daemon thread does not keep the process (or the Jupyter kernel) alive at exit; a
thread of `asyncio.to_thread` or of a `ThreadPoolExecutor` does, because those are joined at
interpreter exit, and `asyncio.run` waits for them too.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def start_in_daemon_thread(fn: Callable[[], T]) -> concurrent.futures.Future[T]:
    """Run `fn()` in a new daemon thread; the future gets its result or its exception."""
    future: concurrent.futures.Future[T] = concurrent.futures.Future()

    def work() -> None:
        if not future.set_running_or_notify_cancel():
            return
        try:
            future.set_result(fn())
        except BaseException as exc:  # handed to whoever waits on the future
            future.set_exception(exc)

    name = f"tool: {getattr(fn, '__qualname__', 'function')}"
    threading.Thread(target=work, name=name, daemon=True).start()
    return future


async def in_daemon_thread(fn: Callable[[], T]) -> T:
    """`await asyncio.to_thread(fn)`, but in a daemon thread that never holds up the exit."""
    return await asyncio.wrap_future(start_in_daemon_thread(fn))


def run_coroutine(coroutine: Coroutine[Any, Any, T]) -> T:
    """Finish a coroutine from sync code, also inside Jupyter's running event loop (where
    `asyncio.run` is not allowed, so it runs on a fresh loop in another thread)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coroutine)
    return start_in_daemon_thread(lambda: asyncio.run(coroutine)).result()
