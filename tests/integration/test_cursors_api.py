"""A list cursor the API did not issue, or issued for another list, answers 400."""

from __future__ import annotations

import base64
import json

import pytest

from wakeful import pagination


def _b64(value: object) -> str:
    return base64.urlsafe_b64encode(json.dumps(value).encode()).decode().rstrip("=")


CRAFTED = [
    "%%%garbage",
    _b64({"owner": 1.5}),
    _b64({"agent_id": "x", "heartbeat_id": "y"}),
    pagination.encode({"owner": 1.5})[:-2] + "AA",  # a MAC that does not match
]


@pytest.mark.parametrize("cursor", CRAFTED)
def test_a_crafted_cursor_answers_400_on_every_list(api, cursor):
    agent = api.create_agent()
    a = f"/agents/{agent['id']}"
    for path in (
        "/agents",
        "/subscriptions",
        f"{a}/heartbeats",
        f"{a}/actions",
        f"{a}/hooks",
        f"{a}/webhooks",
        "/ops/heartbeats/failed",
        "/tools",  # lists of one page: no cursor is theirs
        "/ops/tools/stats",
    ):
        response = api.get(path, params={"cursor": cursor})
        assert response.status_code == 400, (path, response.status_code, response.text)
        assert response.json()["error"]["code"] == "bad_request"


def test_a_cursor_issued_for_one_list_answers_400_on_another(api, other_api):
    agent = api.create_agent()
    api.create_agent()
    issued = api.get("/agents", params={"limit": 1}).json()["next"]
    assert issued
    assert api.get("/agents", params={"cursor": issued}).status_code == 200
    assert api.get("/subscriptions", params={"cursor": issued}).status_code == 400
    assert api.get(f"/agents/{agent['id']}/heartbeats", params={"cursor": issued}).status_code == 400
    assert other_api.get("/agents", params={"cursor": issued}).status_code == 400  # another owner's list


def test_the_event_log_pages_on_with_the_next_cursor_to_its_end(api):
    agent = api.create_agent(heartbeat_interval_seconds=3600)
    for n in range(6):
        assert api.post(f"/agents/{agent['id']}/events", json={"event_type": "tick", "payload": {"n": n}}).status_code == 202
    everything = [e["seq"] for e in api.get(f"/agents/{agent['id']}/events", params={"limit": 100}).json()["items"]]

    seen: list[int] = []
    cursor = None
    for _ in range(len(everything) + 1):
        params = {"limit": 2, **({"cursor": cursor} if cursor else {})}
        page = api.get(f"/agents/{agent['id']}/events", params=params).json()
        seen += [e["seq"] for e in page["items"]]
        cursor = page["next"]
        if not cursor:
            break

    # a heartbeat may append its event meanwhile: the pages hold each event once, in order
    assert seen[: len(everything)] == everything and seen == sorted(set(seen)) and len(everything) >= 6


@pytest.mark.parametrize("cursor", CRAFTED)
def test_a_crafted_cursor_answers_400_on_the_event_log(api, cursor):
    agent = api.create_agent()

    response = api.get(f"/agents/{agent['id']}/events", params={"cursor": cursor})

    assert response.status_code == 400, response.text
    assert response.json()["error"]["code"] == "bad_request"


def test_an_event_log_cursor_is_refused_on_another_agents_log_and_another_list(api, other_api):
    agent, other = api.create_agent(heartbeat_interval_seconds=3600), api.create_agent()
    for n in range(3):
        api.post(f"/agents/{agent['id']}/events", json={"event_type": "tick", "payload": {"n": n}})
    issued = api.get(f"/agents/{agent['id']}/events", params={"limit": 1}).json()["next"]
    assert issued

    assert api.get(f"/agents/{other['id']}/events", params={"cursor": issued}).status_code == 400
    assert api.get("/agents", params={"cursor": issued}).status_code == 400
    assert api.get(f"/agents/{agent['id']}/events", params={"cursor": api.get("/agents", params={"limit": 1}).json()["next"]}).status_code == 400
