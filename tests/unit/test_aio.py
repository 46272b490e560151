"""Async code runs from synchronous code, also where an event loop already runs."""

from __future__ import annotations

import asyncio
import contextvars

from wakeful import aio

WHO: contextvars.ContextVar[str] = contextvars.ContextVar("who", default="nobody")


async def _greet(name: str) -> str:
    await asyncio.sleep(0)
    return f"hello {name}, from {WHO.get()}"


def test_it_runs_in_this_thread_when_no_loop_runs() -> None:
    token = WHO.set("the caller")
    try:
        assert aio.run(_greet, "ada") == "hello ada, from the caller"
    finally:
        WHO.reset(token)


def test_it_runs_beside_a_loop_that_already_runs_here_with_the_callers_context() -> None:
    async def embedded() -> str:
        WHO.set("the embedding program")
        return aio.run(_greet, "grace")  # a synchronous call made from async code

    assert asyncio.run(embedded()) == "hello grace, from the embedding program"


def test_its_errors_reach_the_caller() -> None:
    async def fail() -> None:
        raise ValueError("boom")

    async def embedded() -> None:
        aio.run(fail)

    try:
        asyncio.run(embedded())
    except ValueError as error:
        assert str(error) == "boom"
    else:
        raise AssertionError("the error was lost")
