"""Running work where it was not written to run: a coroutine from sync code, a blocking
function off the event loop (seed 001: sync tools and async tools in one agent).

Blocking functions run in daemon threads. Python cannot stop a running thread: when we stop
waiting for one (a tool that timed out), it runs on in the background and its result is
dropped. A daemon thread does not keep the process (or the Jupyter kernel) alive at exit; a
thread of `asyncio.to_thread` or of a `ThreadPoolExecutor` does, because those are joined at
interpreter exit, and `asyncio.run` waits for them too.

In the browser (JupyterLite's Pyodide kernel) there are no threads: a blocking function runs
in the caller's thread, and a coroutine is finished from sync code by Pyodide's `run_sync`,
which needs JavaScript Promise Integration (JSPI: current Chromium-family browsers). A lesson
cell that needs what the browser lacks (a thread pool, a port, a subprocess, a compiled package)
starts with `if not skip_in_browser("why"):`, which prints that note in the browser only.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import sys
import threading
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def in_browser() -> bool:
    """Whether Python runs in the browser (Pyodide, e.g. JupyterLite): no threads start there."""
    return sys.platform == "emscripten"


def skip_in_browser(reason: str) -> bool:
    """In the browser, print that this cell is skipped there and why and return True; else False."""
    skipped = in_browser()
    if skipped:
        print(f"⏭ Skipped in the browser: {reason}")
    return skipped


def start_in_daemon_thread(fn: Callable[[], T]) -> concurrent.futures.Future[T]:
    """Run `fn()` in a new daemon thread (in the browser: right here, before returning);
    the future gets its result or its exception."""
    future: concurrent.futures.Future[T] = concurrent.futures.Future()

    def work() -> None:
        if not future.set_running_or_notify_cancel():
            return
        try:
            future.set_result(fn())
        except BaseException as exc:  # handed to whoever waits on the future
            future.set_exception(exc)

    if in_browser():
        work()
        return future
    name = f"tool: {getattr(fn, '__qualname__', 'function')}"
    threading.Thread(target=work, name=name, daemon=True).start()
    return future


async def in_daemon_thread(fn: Callable[[], T]) -> T:
    """`await asyncio.to_thread(fn)`, but in a daemon thread that never holds up the exit
    (in the browser: `asyncio.to_thread` itself, which Pyodide's event loop runs in place)."""
    if in_browser():
        return await asyncio.to_thread(fn)
    return await asyncio.wrap_future(start_in_daemon_thread(fn))


def run_coroutine(coroutine: Coroutine[Any, Any, T]) -> T:
    """Finish a coroutine from sync code, also inside Jupyter's running event loop (where
    `asyncio.run` is not allowed, so it runs on a fresh loop in another thread; in the browser,
    on the page's own loop through Pyodide's run_sync)."""
    if in_browser():
        return run_sync_in_browser(coroutine)
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coroutine)
    return start_in_daemon_thread(lambda: asyncio.run(coroutine)).result()


def run_sync_in_browser(coroutine: Coroutine[Any, Any, T]) -> T:
    """Block on a coroutine in Pyodide (JSPI suspends this call while the page's loop runs it)."""
    from pyodide.ffi import can_run_sync, run_sync

    if not can_run_sync():
        coroutine.close()
        raise RuntimeError(
            "This browser cannot wait for async code from sync code (no JavaScript Promise "
            "Integration): await the async form instead (e.g. `await registry.call_async(...)`, "
            "`await agent.run_async(...)`), or use a current Chromium-family browser."
        )
    return run_sync(coroutine)
