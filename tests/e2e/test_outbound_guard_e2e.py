"""The outbound URL policy and deadlines end to end: the HTTP API of ``wakeful dev``,
its workers (the thread runner, the deliver-hook state machine) and real peers on
loopback, over real HTTP.

- A URL that parsers read differently (a backslash, userinfo, a control character, an
  IPv4 address in a short form) is refused with 422 when a tool, hook or interceptor
  is created or patched, and the server it names hears nothing.
- ``timeout_ms`` is a deadline for the whole exchange: a peer trickling its answer a
  byte at a time (in the body, or in the status line and headers) is cut off there; an
  interceptor call then has ``failed`` and a hook attempt is a ``TIMEOUT``.
"""

from __future__ import annotations

import time
import uuid
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.thread_helpers import make_agent, start, thread
from tests.support.hook_receiver import create_hook, quiet_agent
from tests.support.interceptor_server import recorded_calls, register
from tests.support.raw_peer import Listener, Visit, listener, trickler  # noqa: F401 - fixtures

pytestmark = pytest.mark.e2e

#: URL forms every registration refuses: {listen} is a port that must hear nothing,
#: {api} the stack's own API port (what the backslash form reached before).
FORMS = {
    "backslash": ("http://127.0.0.1:{listen}\\@127.0.0.1:{api}/", "backslash"),
    "userinfo": ("http://wakeful@127.0.0.1:{listen}/", "userinfo"),
    "control-character": ("http://127.0.0.1:{listen}/hook\tx", "control character"),
    "short-ipv4": ("http://127.1:{listen}/", "canonical form"),
}


def hostile(form: str, stack: Any, listener: Listener) -> tuple[str, str]:
    url, says = FORMS[form]
    return url.format(listen=listener.port, api=urlsplit(stack.api_url).port), says


def assert_refused(response: Any, says: str) -> None:
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert error["code"] == "validation_error" and says in error["message"], error


# -- registration ----------------------------------------------------------------------
@pytest.mark.parametrize("form", sorted(FORMS))
def test_an_http_tool_with_a_url_parsers_disagree_on_is_refused(stack: Any, api: Any, listener: Listener, form: str) -> None:
    url, says = hostile(form, stack, listener)
    name = f"Evil{uuid.uuid4().hex[:8]}"

    assert_refused(api.post("/tools", json={"name": name, "kind": "http", "endpoint_url": url}), says)

    assert name not in {tool["name"] for tool in api.get("/tools").json()["items"]}
    assert not listener.connected()


@pytest.mark.parametrize("form", sorted(FORMS))
def test_a_hook_with_a_url_parsers_disagree_on_is_refused(stack: Any, api: Any, listener: Listener, form: str) -> None:
    url, says = hostile(form, stack, listener)
    agent = quiet_agent(api)

    assert_refused(api.post(f"/agents/{agent['id']}/hooks", json={"hook_type": "AFTER_HEARTBEAT", "endpoint_url": url}), says)

    assert api.get(f"/agents/{agent['id']}/hooks").json()["items"] == []
    assert not listener.connected()


@pytest.mark.parametrize("form", sorted(FORMS))
def test_an_interceptor_with_a_url_parsers_disagree_on_is_refused(stack: Any, api: Any, listener: Listener, form: str) -> None:
    url, says = hostile(form, stack, listener)
    agent = quiet_agent(api)

    assert_refused(api.post(f"/agents/{agent['id']}/interceptors", json={"endpoint_url": url}), says)

    assert api.get(f"/agents/{agent['id']}/interceptors").json()["items"] == []
    assert not listener.connected()


@pytest.mark.parametrize("form", sorted(FORMS))
def test_patching_a_hook_to_a_url_parsers_disagree_on_is_refused_and_changes_nothing(stack: Any, api: Any, listener: Listener, form: str) -> None:
    url, says = hostile(form, stack, listener)
    agent = quiet_agent(api)
    good = f"http://127.0.0.1:{listener.port}/hook"
    hook = create_hook(api, agent["id"], "AFTER_HEARTBEAT", good)
    path = f"/agents/{agent['id']}/hooks/{hook['id']}"

    assert_refused(api.patch(path, json={"endpoint_url": url}), says)

    assert api.get(path).json()["endpoint_url"] == good
    assert not listener.connected()


@pytest.mark.parametrize("form", sorted(FORMS))
def test_patching_an_interceptor_to_a_url_parsers_disagree_on_is_refused_and_changes_nothing(stack: Any, api: Any, listener: Listener, form: str) -> None:
    url, says = hostile(form, stack, listener)
    agent = quiet_agent(api)
    good = f"http://127.0.0.1:{listener.port}/intercept"
    created = register(api, agent["id"], good)
    path = f"/agents/{agent['id']}/interceptors/{created['id']}"

    assert_refused(api.patch(path, json={"endpoint_url": url}), says)

    assert api.get(path).json()["endpoint_url"] == good
    assert not listener.connected()


# -- deadlines -------------------------------------------------------------------------
def client_gone(visit: Visit, within: float = 30.0) -> float:
    """Seconds from the request's arrival until the trickling peer saw Wakeful go."""
    deadline = time.monotonic() + within
    while visit.client_gone is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert visit.client_gone is not None, "Wakeful kept reading the trickle"
    return visit.client_gone - visit.arrived


TRICKLES = {"body": {"trickle_head": False}, "status-line-and-headers": {"trickle_head": True}}


@pytest.mark.parametrize("where", sorted(TRICKLES))
def test_an_interceptor_trickling_its_answer_is_cut_off_at_timeout_ms_and_the_call_fails(
    stack: Any, api: Any, claude: fake.FakeAnthropic, trickler: Any, where: str
) -> None:
    server = trickler(length=100, interval=0.3, **TRICKLES[where])  # 30 s and more, a byte every 0.3 s
    agent = make_agent(api)
    claude.converse([{"match": "", "turns": [{"text": "never"}]}])
    created = register(api, agent["id"], server.url(), events=["message"], timeout_ms=1000, on_failure="deny")

    thread_id = start(api, agent["id"], "hello")
    stack.drain()

    calls = recorded_calls(api, agent["id"], created["id"])
    assert calls and {c["decision"] for c in calls} == {"failed"}
    assert all("timeout_ms" in c["error"] and c["latency_ms"] < 5000 for c in calls), calls
    assert client_gone(server.visits[0]) < 5
    assert thread(api, agent["id"], thread_id)["status"] == "failed"  # on_failure deny holds the message back
    assert claude.conversation_requests() == []


@pytest.mark.parametrize("where", sorted(TRICKLES))
def test_a_hook_endpoint_trickling_its_answer_is_recorded_as_a_timeout_not_a_success(
    stack: Any, api: Any, trickler: Any, where: str
) -> None:
    server = trickler(length=100, interval=0.3, **TRICKLES[where])
    agent = quiet_agent(api)
    hook = create_hook(api, agent["id"], "ACTION_FAILED", server.url(), retry_config={"max_retries": 0, "timeout_ms": 1000})
    base = f"/agents/{agent['id']}/hooks/{hook['id']}"

    response = api.post(f"{base}/test")
    assert response.status_code == 202, response.text
    delivery = wait_final(api, f"{base}/deliveries/{response.json()['delivery_id']}")

    (row,) = api.get(f"{base}/executions").json()["items"]
    assert row["status"] == "TIMEOUT" and row["status_code"] is None, row
    assert "1000 ms" in row["error_message"] and row["execution_time_ms"] < 5000
    assert delivery["status"] == "FAILED"
    assert client_gone(server.visits[0]) < 5


def wait_final(api: Any, path: str, timeout: float = 90.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        response = api.get(path)
        assert response.status_code == 200, response.text
        if response.json()["status"] in ("SUCCESS", "FAILED", "CANCELLED"):
            return response.json()
        time.sleep(0.05)
    raise AssertionError(f"{path} did not finish within {timeout} s")
