"""Fixtures for LLM tests; import the ones a module uses (``from tests.fakes.fixtures
import claude``)."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from tests.fakes.anthropic_server import FakeAnthropic


@pytest.fixture()
def claude(stack: Any) -> Iterator[FakeAnthropic]:
    """The anthropic provider, through the real SDK, against a fake Messages API:
    ``ANTHROPIC_API_KEY`` set and ``ANTHROPIC_BASE_URL`` at the fake, fast retries."""
    from wakeful.llm import settings

    server = FakeAnthropic()
    patch = pytest.MonkeyPatch()
    patch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-fake")
    patch.delenv("WAKEFUL_ANTHROPIC_SECRET", raising=False)  # the key from the environment here
    patch.setenv("ANTHROPIC_BASE_URL", server.url)
    patch.delenv("WAKEFUL_LLM_PROVIDER", raising=False)
    patch.setenv("WAKEFUL_LLM_MAX_RETRIES", "2")
    patch.setenv("WAKEFUL_LLM_TIMEOUT_SECONDS", "5")
    settings.reset()
    try:
        yield server
    finally:
        patch.undo()
        settings.reset()
        server.close()


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
