"""Fixtures for LLM tests; import the ones a module uses (``from tests.fakes.fixtures
import claude``)."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from tests.fakes.anthropic_server import FakeAnthropic


@pytest.fixture()
def claude(stack: Any) -> Iterator[FakeAnthropic]:
    """The anthropic provider, through the real SDK, against a fake Messages API:
    ``ANTHROPIC_API_KEY`` set and ``ANTHROPIC_BASE_URL`` at the fake, fast retries
    (scripted errors say to retry in milliseconds)."""
    from wakeful.llm import settings

    server = FakeAnthropic()
    patch = pytest.MonkeyPatch()
    patch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-fake")
    patch.delenv("WAKEFUL_ANTHROPIC_SECRET", raising=False)  # the key from the environment here
    patch.setenv("ANTHROPIC_BASE_URL", server.url)
    patch.delenv("WAKEFUL_LLM_PROVIDER", raising=False)
    patch.setenv("WAKEFUL_LLM_MAX_RETRIES", "2")
    # The deployed default: the fake answers at once, but a worker starved of CPU for a
    # few seconds (a loaded machine) must not turn one call into a timeout and a retry,
    # two requests for one call. A test of timeouts sets its own.
    patch.setenv("WAKEFUL_LLM_TIMEOUT_SECONDS", "30")
    settings.reset()
    try:
        yield server
    finally:
        put_sleeping_threads_to_rest()
        patch.undo()
        settings.reset()
        server.close()


def put_sleeping_threads_to_rest() -> None:
    """End, quietly, the threads a test left asleep or awaiting approval: the stack is
    shared by a worker's tests, and a later test that moves the clock an hour on would
    otherwise wake them against its own fake Messages API (their model calls then show
    up in that test's requests). No hooks fire; only the test's own records change."""
    from wakeful import clock
    from wakeful.agents import repository as agent_repository
    from wakeful.config import get_settings
    from wakeful.threads import records, repository

    far = clock.now() + 10 * 365 * 86400
    for shard in range(get_settings().due_shards):
        for key in list(repository.due(shard, far)):
            thread = repository.get(key.agent_id, key.thread_id)
            if thread is None or thread.status not in (records.SLEEPING, records.WAITING_APPROVAL):
                continue
            sets, removes = repository.state(thread, records.COMPLETE)
            try:
                repository.update(thread, {**sets, "summary": "ended after its test"}, removes + ["step", "step_key", "wake_at"])
            except repository.VersionConflict:
                continue
            agent_repository.release_thread_slot(thread.agent_id, thread.thread_id)


@pytest.fixture()
def scripted(stack: Any) -> Iterator[None]:
    """The scripted provider (no ``ANTHROPIC_API_KEY``)."""
    from wakeful.llm import settings

    patch = pytest.MonkeyPatch()
    patch.delenv("ANTHROPIC_API_KEY", raising=False)
    patch.delenv("WAKEFUL_ANTHROPIC_SECRET", raising=False)  # the key from the environment here
    patch.delenv("WAKEFUL_LLM_PROVIDER", raising=False)
    settings.reset()
    try:
        yield None
    finally:
        patch.undo()
        settings.reset()
