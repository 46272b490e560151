"""Running async code (the MCP SDK's) from the synchronous handlers."""

from __future__ import annotations

import asyncio
import contextvars
import threading
from typing import Any, Awaitable, Callable


def run(function: Callable[..., Awaitable[Any]], *args: Any) -> Any:
    """Run ``function(*args)`` to completion: in this thread, or, when this thread
    already runs an event loop (code embedding Wakeful in an async program, a test
    tool driving a browser), in a thread of its own, since one thread runs one loop,
    with this thread's context variables."""
    import anyio

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return anyio.run(function, *args)
    outcome: dict[str, Any] = {}
    context = contextvars.copy_context()

    def target() -> None:
        try:
            outcome["value"] = context.run(anyio.run, function, *args)
        except BaseException as error:  # noqa: BLE001 - handed back to the caller below
            outcome["error"] = error

    worker = threading.Thread(target=target, name="wakeful-aio", daemon=True)
    worker.start()
    worker.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]
