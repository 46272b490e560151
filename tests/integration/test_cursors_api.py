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
