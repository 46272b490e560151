"""A model provider plugs in with one module and one registry entry: the agents' LLM
settings take its name, a thread's turns go to it, its usage is counted under its name,
and its errors come out as every provider's do."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from tests.integration.thread_helpers import history, make_agent, start, thread
from wakeful import config
from wakeful.llm import providers, slots
from wakeful.llm.models import Endpoint, RawAnswer, Usage
from wakeful.llm.providers import errors


class FakeError(Exception):
    """What the fake model's SDK raises."""

    def __init__(self, status: int) -> None:
        super().__init__(f"HTTP {status}")
        self.status = status


class FakeProvider:
    """A whole provider: answers a turn with text, or fails as told."""

    name = "fake"
    label = "the Fake model"
    failing: int | None = None

    def secrets(self, endpoint: Endpoint | None = None) -> tuple[str, ...]:
        return ()

    def classify(self, error: Exception) -> errors.Failure | None:
        return errors.Failure(errors.STATUS, error.status, detail="the fake is down") if isinstance(error, FakeError) else None

    def _answer(self, model: str, content: list[dict[str, Any]]) -> RawAnswer:
        with errors.mapped(self):
            if FakeProvider.failing:
                raise FakeError(FakeProvider.failing)
        return RawAnswer(content=content, usage=Usage(model=model, input_tokens=12, output_tokens=5, provider=self.name), stop_reason="end_turn")

    def complete(self, request: Any, model: str, endpoint: Endpoint | None = None) -> RawAnswer:
        return self._answer(model, [{"type": "tool_use", "id": "toolu_fake", "name": request.response.name, "input": {}}])

    def converse(self, request: Any, model: str, callbacks: Any, endpoint: Endpoint | None = None) -> RawAnswer:
        answer = self._answer(model, [{"type": "text", "text": "the fake model says hello"}])
        callbacks.text("the fake model says hello")
        return answer


@pytest.fixture()
def fake_provider() -> Iterator[None]:
    installed = slots.PROVIDERS.installed()
    slots.PROVIDERS.install(*installed, slots.ProviderEntry("fake", lambda: FakeProvider, "fake-1"))  # its one registration
    FakeProvider.failing = None
    yield
    FakeProvider.failing = None
    slots.PROVIDERS.install(*installed)
    providers.reset()


def test_a_provider_added_in_one_module_and_one_registry_entry_answers_a_thread_and_maps_its_errors(stack, api, fake_provider) -> None:
    assert config.settings_from_env({"WAKEFUL_LLM_PROVIDER": "fake"}) is not None  # a deployment may default to it
    agent = make_agent(api)
    response = api.patch(f"/agents/{agent['id']}/llm", json={"provider": "fake", "model": "fake-1"})
    assert response.status_code == 200, response.text

    thread_id = start(api, agent["id"], "say hello")
    stack.drain()
    done = thread(api, agent["id"], thread_id)
    assert done["status"] == "sleeping", done  # it answered, and waits for the user's next message
    said = [m["content"] for m in history(api, agent["id"], thread_id) if m["role"] == "assistant"]
    assert said == ["the fake model says hello"], said
    usage = api.get(f"/agents/{agent['id']}/llm").json()["usage_by_model"]
    assert [(u["provider"], u["model"], u["calls"]) for u in usage] == [("fake", "fake-1", 1)]

    FakeProvider.failing = 503
    failing_id = start(api, agent["id"], "say hello again")
    stack.drain()
    failed = thread(api, agent["id"], failing_id)
    assert failed["status"] == "failed", failed
    assert "the Fake model answered HTTP 503 after 3 attempts: the fake is down" in failed["error_message"], failed["error_message"]
