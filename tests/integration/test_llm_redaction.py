"""A model endpoint (or a gateway in front of it) that repeats the key it was sent in its
error: the thread's error, its messages, the live stream's error event and the logs
never show the key, on every provider. Real SDKs against local fakes that echo the
request's own credential header back."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from tests.fakes import anthropic_server as claude_fake
from tests.fakes import model_server as wire
from tests.fakes.bedrock_server import FakeBedrock
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.fakes.openai_server import FakeOpenAI
from tests.integration.thread_helpers import history, start, thread
from tests.support.hook_receiver import quiet_agent
from tests.support.logs import logged_by_the_functions

AGENT_KEY = "sk-agent-own-9f8e7d6c5b4a"
#: What wakeful dev's AWS credentials carry as their session token (X-Amz-Security-Token).
DEV_SESSION_TOKEN = "testing"


@pytest.fixture()
def models(stack: Any) -> Iterator[dict[str, Any]]:
    """Fake OpenAI-compatible and Bedrock endpoints the agents may be pointed at."""
    from wakeful.llm import settings

    made = {"openai": FakeOpenAI(auto=False), "bedrock": FakeBedrock(auto=False)}
    patch = pytest.MonkeyPatch()
    patch.setenv("AWS_ENDPOINT_URL_BEDROCK_RUNTIME", made["bedrock"].url)
    patch.setenv("WAKEFUL_LLM_MAX_RETRIES", "0")
    settings.reset()
    try:
        yield made
    finally:
        patch.undo()
        settings.reset()
        for server in made.values():
            server.close()


def _failed_run(stack: Any, api: Any, caplog: Any, llm: dict[str, Any]) -> tuple[dict[str, Any], str, str]:
    """An agent on ``llm`` asked something: (the failed thread, everything the API shows
    of it, everything logged meanwhile)."""
    agent = quiet_agent(api)["id"]
    response = api.patch(f"/agents/{agent}/llm", json=llm)
    assert response.status_code == 200, response.text
    with logged_by_the_functions(caplog):
        thread_id = start(api, agent, "check the disks")
        stack.drain()
    failed = thread(api, agent, thread_id)
    assert failed["status"] == "failed", failed
    shown = " ".join(
        [
            api.get(f"/agents/{agent}/threads/{thread_id}").text,
            api.get(f"/agents/{agent}/threads/{thread_id}/stream-events").text,
            str(history(api, agent, thread_id)),
        ]
    )
    logged = " ".join(str(record.__dict__) for record in caplog.records)
    return failed, shown, logged


def test_an_openai_compatible_endpoint_that_repeats_the_agents_key_has_it_redacted_everywhere(stack, api, models, caplog):
    models["openai"].push(wire.error(401, "invalid_api_key", "Incorrect API key provided: {header:authorization}"))
    llm = {"provider": "openai", "model": "gpt-4o-mini", "base_url": f"{models['openai'].url}/v1", "api_key": AGENT_KEY}
    failed, shown, logged = _failed_run(stack, api, caplog, llm)
    assert models["openai"].headers[-1]["authorization"] == f"Bearer {AGENT_KEY}"  # it was sent, and repeated
    assert "Incorrect API key provided: Bearer [redacted]" in failed["error_message"]
    assert AGENT_KEY not in shown and AGENT_KEY not in logged
    assert "[redacted]" in logged


def test_the_anthropic_api_repeating_the_agents_key_has_it_redacted_everywhere(stack, api, claude, caplog):
    claude.push(claude_fake.error(401, "authentication_error", "invalid credential: {header:authorization}", None))
    failed, shown, logged = _failed_run(stack, api, caplog, {"provider": "anthropic", "model": "claude-sonnet-4-6", "api_key": AGENT_KEY})
    assert claude.headers[-1]["authorization"] == f"Bearer {AGENT_KEY}"  # the SDK's way of sending the key
    assert "invalid credential: Bearer [redacted]" in failed["error_message"]
    assert AGENT_KEY not in shown and AGENT_KEY not in logged


def test_the_anthropic_api_repeating_the_deployments_key_has_it_redacted(stack, api, claude, caplog):
    claude.push(claude_fake.error(400, "invalid_request_error", "bad request for {header:authorization}", None))
    failed, shown, logged = _failed_run(stack, api, caplog, {"provider": "anthropic", "model": "claude-sonnet-4-6"})
    deployment_key = claude.headers[-1]["authorization"].split()[-1]
    assert "bad request for Bearer [redacted]" in failed["error_message"]
    assert deployment_key not in shown and deployment_key not in logged


def test_a_bedrock_endpoint_repeating_the_session_token_has_it_redacted(stack, api, models, caplog):
    models["bedrock"].push(wire.error(403, "UnrecognizedClientException", "The security token {header:x-amz-security-token} is invalid"))
    failed, shown, logged = _failed_run(stack, api, caplog, {"provider": "bedrock", "model": "us.anthropic.claude-haiku-4-5-20251001-v1:0"})
    assert models["bedrock"].headers[-1]["x-amz-security-token"] == DEV_SESSION_TOKEN
    assert "The security token [redacted] is invalid" in failed["error_message"]
    assert f"token {DEV_SESSION_TOKEN} is" not in shown + logged
