"""A revoked key's Server-Sent Events streams from ``wakeful dev`` close: the key is
revoked with the real ``wakeful keys revoke`` (another process, against the dev stack's
emulated AWS), and the streams it opened end within the re-check interval (shortened
here) without showing anything of a run that started after the revocation."""

from __future__ import annotations

import subprocess
import sys
from typing import Any, Iterator

import pytest
import requests

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.thread_helpers import make_agent, start
from tests.support.stream_helpers import Reader, context, existing_thread
from wakeful import constants
from wakeful.auth import keys
from wakeful.stream import settings as stream_settings
from wakeful.stream.emitter import emitter

pytestmark = pytest.mark.e2e

#: Generous: the streams re-check every 0.5 s here; a slow shared machine may lag.
CLOSE_WITHIN = 15.0


@pytest.fixture()
def quick_key_recheck(monkeypatch) -> Iterator[float]:
    """Streams opened from now on re-check their key every 0.5 s instead of every minute."""
    monkeypatch.setenv(constants.ENV_STREAM_KEY_RECHECK_SECONDS, "0.5")
    stream_settings.get_settings.cache_clear()
    yield 0.5
    monkeypatch.delenv(constants.ENV_STREAM_KEY_RECHECK_SECONDS)
    stream_settings.get_settings.cache_clear()


def revoke_with_the_cli(stack: Any, key: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "wakeful_dev.cli", "keys", "revoke", "--key", key, "--dev-endpoint", stack.aws_endpoint],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr


def stored_types(api: Any, agent_id: str, thread_id: str) -> list[str]:
    response = api.get(f"/agents/{agent_id}/threads/{thread_id}/stream-events")
    assert response.status_code == 200, response.text
    return [item["type"] for item in response.json()["items"]]


def test_a_revoked_keys_agent_stream_closes_and_shows_nothing_of_a_thread_started_after(
    stack, api, claude: fake.FakeAnthropic, quick_key_recheck  # noqa: F811
):
    agent = make_agent(api)
    claude.converse([{"match": "", "turns": [{"text": "All quiet."}]}])
    doomed = keys.create(api.owner)
    revoked_reader = Reader(f"{stack.api_url}/agents/{agent['id']}/stream", doomed)
    valid_reader = Reader(f"{stack.api_url}/agents/{agent['id']}/stream", api.key)

    revoke_with_the_cli(stack, doomed)
    thread_id = start(api, agent["id"], "how is the homelab?")  # with the owner's other key
    stack.drain()

    assert revoked_reader.closed.wait(CLOSE_WITHIN), "the revoked key's stream stayed open"
    assert revoked_reader.rest(5) == [], "the revoked key's stream got events of a thread started after the revocation"
    assert "revoked" in (revoked_reader.stream.last_comment or "")
    # The owner's valid key still streams the thread, which did run.
    seen = [valid_reader.next(30) for _ in stored_types(api, agent["id"], thread_id)]
    assert seen[0].json()["metadata"]["thread_id"] == thread_id and seen[-1].event == "completed"
    assert not valid_reader.closed.is_set()
    valid_reader.close()


def test_a_revoked_keys_thread_stream_closes_and_shows_nothing_of_a_run_started_after(stack, api, quick_key_recheck):
    agent = api.create_agent()
    thread_id = existing_thread(agent["id"])  # running: its stream stays open for the run to come
    doomed = keys.create(api.owner)
    reader = Reader(f"{stack.api_url}/agents/{agent['id']}/threads/{thread_id}/stream", doomed)

    revoke_with_the_cli(stack, doomed)
    e = emitter(context(api, agent["id"], thread_id, "s1"))
    e.start()
    e.text("plans the key holder may no longer read")
    e.completed()
    e.flush()

    assert reader.closed.wait(CLOSE_WITHIN), "the revoked key's stream stayed open"
    assert reader.rest(5) == []
    assert stored_types(api, agent["id"], thread_id) == ["start", "text", "completed"]


def test_a_revoked_keys_idle_thread_stream_closes_within_the_recheck_interval(stack, api, quick_key_recheck):
    agent = api.create_agent()
    thread_id = existing_thread(agent["id"])
    doomed = keys.create(api.owner)
    # Keep-alives every 30 s: what closes it is the key's re-check, not a keep-alive.
    reader = Reader(f"{stack.api_url}/agents/{agent['id']}/threads/{thread_id}/stream?keepalive=30", doomed)

    revoke_with_the_cli(stack, doomed)

    assert reader.closed.wait(CLOSE_WITHIN), "the revoked key's idle stream stayed open"
    assert reader.rest(5) == []


def test_a_revoked_key_cannot_open_a_stream_again_though_the_api_still_has_it_cached(stack, api):
    agent = api.create_agent()
    thread_id = existing_thread(agent["id"])
    doomed = keys.create(api.owner)
    url = f"{stack.api_url}/agents/{agent['id']}/threads/{thread_id}/stream"
    sse = {"Authorization": f"Bearer {doomed}", "Accept": "text/event-stream"}
    with requests.get(url, headers=sse, stream=True, timeout=30) as first:  # the key's owner is now cached
        assert first.status_code == 200

    revoke_with_the_cli(stack, doomed)

    again = requests.get(url, headers=sse, stream=True, timeout=30)
    try:
        assert again.status_code == 401, "a revoked key opened a stream (it would stay open past the minute)"
        assert again.json()["error"]["code"] == "unauthorized"
    finally:
        again.close()
