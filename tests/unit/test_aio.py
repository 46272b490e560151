"""Async code runs from synchronous code, also where an event loop already runs."""

from __future__ import annotations

import asyncio
import contextvars
import threading
from typing import Any, Callable

from wakeful import aio

WHO: contextvars.ContextVar[str] = contextvars.ContextVar("who", default="nobody")


async def _greet(name: str) -> str:
    await asyncio.sleep(0)
    return f"hello {name}, from {WHO.get()}"


def test_it_runs_with_the_callers_context_variables() -> None:
    token = WHO.set("the caller")
    try:
        assert aio.run(_greet, "ada") == "hello ada, from the caller"
    finally:
        WHO.reset(token)


def _program(main: Callable[[], Any]) -> Any:
    """Run an async program in a thread of its own (this test worker's thread may run an
    event loop already: a browser test's), returning what it returns or raising its error."""
    outcome: dict[str, Any] = {}

    def target() -> None:
        try:
            outcome["value"] = asyncio.run(main())
        except BaseException as error:  # noqa: BLE001 - handed back below
            outcome["error"] = error

    worker = threading.Thread(target=target)
    worker.start()
    worker.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


def test_it_runs_beside_a_loop_that_already_runs_here_with_the_callers_context() -> None:
    async def embedded() -> str:
        WHO.set("the embedding program")
        return aio.run(_greet, "grace")  # a synchronous call made from async code

    assert _program(embedded) == "hello grace, from the embedding program"


def test_its_errors_reach_the_caller() -> None:
    async def fail() -> None:
        raise ValueError("boom")

    async def embedded() -> None:
        aio.run(fail)

    try:
        _program(embedded)
    except ValueError as error:
        assert str(error) == "boom"
    else:
        raise AssertionError("the error was lost")
