"""List pages are bounded in bytes: a page of large items ends before the API's answer
would pass what a synchronous Lambda response holds (6 MB, the body escaped once more
inside it), and its ``next`` goes on from exactly there, nothing lost or repeated.

The local gateway answers 502 for a function's answer over 6 MB, as API Gateway does;
each test also measures the answer itself. Every payload here is made of ``"``, which
the answer escapes twice (4 bytes each): a handful of items passes the bound.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

from tests.support.stream_helpers import context, existing_thread
from wakeful import clock
from wakeful.actions import repository as actions
from wakeful.actions.records import PENDING, Action, order_key
from wakeful.limits import API_PAGE_BYTES, LAMBDA_SYNC_RESPONSE_BYTES
from wakeful.stream.emitter import emitter
from wakeful_dev.gateway import proxy_event, response_bytes

QUOTES = '"' * 240_000  # an event payload near its limit; about 960 KB in a Lambda response
#: A control character is 1 byte stored and 7 in a Lambda response: even the 1 MB that
#: one DynamoDB Query reads at most passes the bound.
CONTROLS = "\x01" * 200_000


def lambda_bytes(text: str) -> int:
    """The size of an HTTP answer's body inside the Lambda response that carried it."""
    return len(json.dumps(text))


def read_all(api: Any, path: str, key: str, **params: Any) -> tuple[list[Any], int]:
    """Every item's ``key`` of a list read by passing ``next`` back as ``?cursor=``, and
    how many pages that took; each page within the bound."""
    found: list[Any] = []
    for pages in range(1, 50):
        response = api.get(path, params=params)
        assert response.status_code == 200, (path, response.status_code, response.text[:300])
        assert lambda_bytes(response.text) <= API_PAGE_BYTES + 64 * 1024
        body = response.json()
        assert body["items"], "a page holds at least one item"
        found.extend(item[key] for item in body["items"])
        if not body["next"]:
            return found, pages
        params = {**params, "cursor": body["next"]}
    raise AssertionError(f"{path}: the cursor never ended the list")


def test_a_page_of_large_events_ends_under_the_lambda_response_limit_and_next_goes_on_from_there(api):
    agent = api.create_agent()
    path = f"/agents/{agent['id']}/events"
    seqs = []
    for n in range(8):
        response = api.post(path, json={"event_type": "big", "payload": {"n": n, "text": QUOTES}})
        assert response.status_code == 202, response.text
        seqs.append(response.json()["seq"])

    found, pages = read_all(api, path, "seq")

    assert found == seqs  # each once, in order
    assert pages > 1


def big_actions(agent: dict[str, Any], heartbeat_id: str, count: int) -> list[str]:
    """Actions of a heartbeat, each carrying a large triggering event (as the
    orchestrator writes them)."""
    made = []
    for n in range(count):
        action_id = f"act_{uuid.uuid4().hex}"
        event = {"id": f"evt_{n}", "type": "big", "payload": {"text": CONTROLS}, "priority": 5, "seq": n + 1, "created_at": ""}
        actions.create(
            Action(
                action_id=action_id,
                agent_id=agent["id"],
                owner=agent.get("owner"),
                tool="echo",
                status=PENDING,
                heartbeat_id=heartbeat_id,
                round=0,
                order_key=order_key(0, n + 1, 0, "sub"),
                event_id=event["id"],
                event_seq=n + 1,
                event_type="big",
                request_meta={"event": event},
                created_at=clock.now() + n / 1000,
            )
        )
        made.append(action_id)
    return made


def test_an_agents_actions_page_by_bytes_each_once_and_a_heartbeat_lists_those_that_fit(api):
    agent = {**api.create_agent(), "owner": api.owner}
    heartbeat_id = api.get(f"/agents/{agent['id']}/heartbeats").json()["items"][0]["id"]
    made = big_actions(agent, heartbeat_id, 8)

    found, pages = read_all(api, f"/agents/{agent['id']}/actions", "id")
    by_heartbeat, _ = read_all(api, f"/agents/{agent['id']}/actions", "id", heartbeat_id=heartbeat_id)
    detail = api.get(f"/agents/{agent['id']}/heartbeats/{heartbeat_id}")

    assert sorted(found) == sorted(made) and len(found) == len(made) and pages > 1
    assert sorted(by_heartbeat) == sorted(made) and len(by_heartbeat) == len(made)
    assert detail.status_code == 200 and lambda_bytes(detail.text) <= API_PAGE_BYTES + 64 * 1024
    shown = [a["id"] for a in detail.json()["actions"]]
    assert detail.json()["actions_truncated"] is True and 0 < len(shown) < len(made)
    assert set(shown) <= set(made)


def emit_results(api: Any, agent_id: str, thread_id: str, count: int) -> None:
    """``count`` tool results, each as large as a stream event keeps (in one step)."""
    e = emitter(context(api, agent_id, thread_id, "s1"))
    e.start()
    for n in range(count):
        e.tool_result(f"tc_{n}", "search", QUOTES)
    e.completed()
    e.flush()


def test_a_threads_stream_events_page_by_bytes_and_next_goes_on_from_there(stack, api):
    agent = api.create_agent()
    thread_id = existing_thread(agent["id"])
    emit_results(api, agent["id"], thread_id, 100)

    found, pages = read_all(api, f"/agents/{agent['id']}/threads/{thread_id}/stream-events", "id")

    assert found == list(range(1, 103)) and pages > 1


def test_a_threads_stream_as_server_sent_events_behind_the_gateway_fits_a_lambda_response(stack, api):
    agent = api.create_agent()
    thread_id = existing_thread(agent["id"])
    emit_results(api, agent["id"], thread_id, 100)
    headers = {"Authorization": f"Bearer {api.key}", "Accept": "text/event-stream"}
    path = f"/agents/{agent['id']}/threads/{thread_id}/stream"

    answer = stack.invoke("api", proxy_event("GET", path, headers, b"", "127.0.0.1"))

    assert answer["statusCode"] == 200
    assert response_bytes(answer) <= LAMBDA_SYNC_RESPONSE_BYTES
    ids = [int(line[4:]) for line in answer["body"].splitlines() if line.startswith("id: ")]
    assert ids == list(range(1, len(ids) + 1)) and 1 < len(ids) < 102  # the rest after Last-Event-ID
    rest = stack.invoke("api", proxy_event("GET", path, {**headers, "Last-Event-ID": str(ids[-1])}, b"", "127.0.0.1"))
    assert [int(line[4:]) for line in rest["body"].splitlines() if line.startswith("id: ")][0] == ids[-1] + 1
