"""The parts of ``wakeful check`` that ``wakeful dev`` cannot show: the WebSocket API
(played on loopback by the stack's own stream functions) and a deployment whose model
secret still holds the placeholder the stack created it with."""

from __future__ import annotations

import time
from typing import Iterator

import pytest

from tests.support.stream_helpers import emit_run, new_thread_id
from wakeful import aws, constants
from wakeful_dev.check import LiveListener, StepFailed, StepSkipped, describe_run, raise_thread_failure, read_sse

pytestmark = pytest.mark.e2e


@pytest.fixture()
def websocket_api(stack, monkeypatch) -> Iterator[object]:
    """The stack's WebSocket API and its management endpoint (tests/support/ws_gateway.py)."""
    from tests.support.ws_gateway import LocalWebSocketApi
    from wakeful.stream import settings as stream_settings

    api = LocalWebSocketApi(stack.invoke)
    monkeypatch.setenv(constants.ENV_STREAM_WS_ENDPOINT, api.management_url)
    stream_settings.get_settings.cache_clear()
    yield api
    api.close()
    monkeypatch.delenv(constants.ENV_STREAM_WS_ENDPOINT)
    stream_settings.get_settings.cache_clear()


@pytest.fixture()
def non_streaming_gateway(stack) -> Iterator[str]:
    """A gateway like API Gateway's: one invocation of the api function per request, one
    complete response, so an SSE answer ends after the events written so far."""
    from wakeful_dev.gateway import Gateway

    gateway = Gateway("127.0.0.1", 0, [], "api", stack.invoke)
    gateway.start()
    yield f"http://127.0.0.1:{gateway.port}"
    gateway.stop()


def test_the_stream_step_reads_a_run_through_a_gateway_that_cannot_hold_a_stream_open(stack, api, non_streaming_gateway):
    agent = api.create_agent()
    thread_id = new_thread_id()
    emit_run(api, agent["id"], thread_id, ["all ", "quiet"])
    url = f"{non_streaming_gateway}/agents/{agent['id']}/threads/{thread_id}/stream?after=0"
    assert describe_run(read_sse(url, api.key, time.monotonic() + 30)) == "4 events, start … completed"


def test_the_websocket_step_sees_a_run_live_from_start_to_end(stack, api, websocket_api):
    agent = api.create_agent()
    listener = LiveListener(websocket_api.url, api.key, agent["id"])
    listener.start(30)  # returns once the agent's subscription is confirmed
    assert listener.error is None
    websocket_api.start_reading()
    thread_id = new_thread_id()
    emit_run(api, agent["id"], thread_id, ["all ", "quiet"])
    websocket_api.pump()  # the fan-out posts each event to the subscribed connection

    events = listener.wait_for_end(thread_id, time.monotonic() + 30)
    listener.close()
    assert describe_run(events) == "4 events, start … completed"


def test_the_websocket_step_fails_with_the_reason_when_the_key_is_refused(stack, api, websocket_api):
    listener = LiveListener(websocket_api.url, "wk_not_a_key", "agt_x")
    listener.start(30)
    assert listener.error is not None and "refused" in listener.error and "401" in listener.error
    with pytest.raises(StepFailed, match="refused"):
        listener.wait_for_end("thr_x", time.monotonic() + 5)


def test_a_model_secret_still_holding_its_placeholder_skips_the_thread_step(stack, monkeypatch):
    from wakeful.llm import credentials
    from wakeful.llm.exceptions import LLMConfigurationError
    from wakeful.llm.settings import get_settings

    name = f"wakeful-check-{new_thread_id()}"
    aws.client("secretsmanager").create_secret(Name=name, SecretString=constants.ANTHROPIC_SECRET_PLACEHOLDER)
    monkeypatch.setenv(constants.ENV_ANTHROPIC_SECRET, name)
    get_settings.cache_clear()
    try:
        with pytest.raises(LLMConfigurationError) as raised:
            credentials.api_key(force_fetch=True)
    finally:
        monkeypatch.delenv(constants.ENV_ANTHROPIC_SECRET)
        get_settings.cache_clear()
    # the thread runner records it as "model call failed: <error>"
    thread = {"id": "thr_1", "status": "failed", "error_message": f"model call failed: {raised.value}"}
    with pytest.raises(StepSkipped, match="no model configured") as skipped:
        raise_thread_failure(thread)
    assert name in str(skipped.value)


@pytest.mark.parametrize(
    "error, hint",
    [
        ("model call failed: Bedrock answered HTTP 403 AccessDeniedException: You don't have access to the model with the specified model ID.", "enable access"),
        ("model call failed: anthropic: 529 overloaded", None),
        ("reached max_llm_calls_per_run (3) in one run", None),
    ],
)
def test_any_other_thread_failure_fails_the_step_with_its_reason(error, hint):
    with pytest.raises(StepFailed) as failed:
        raise_thread_failure({"id": "thr_1", "status": "failed", "error_message": error})
    assert error in str(failed.value)
    assert (hint in str(failed.value)) if hint else "enable access" not in str(failed.value)


@pytest.mark.parametrize(
    "events, problem",
    [
        ([], "no event arrived"),
        ([{"id": 1, "type": "start"}, {"id": 3, "type": "completed"}], "not 1, 2"),
        ([{"id": 1, "type": "text"}, {"id": 2, "type": "completed"}], "not 'start'"),
        ([{"id": 1, "type": "start"}, {"id": 2, "type": "text"}], "end never came"),
    ],
    ids=["empty", "gap", "no-start", "no-end"],
)
def test_a_stream_with_a_gap_or_without_its_start_or_end_fails_the_step(events, problem):
    with pytest.raises(StepFailed, match=problem):
        describe_run(events)
