"""A list cursor the API did not issue, or issued for another list, answers 400."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import uuid

import pytest

from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from wakeful import constants, pagination


def _b64(value: object) -> str:
    return base64.urlsafe_b64encode(json.dumps(value).encode()).decode().rstrip("=")


def _signed(body: str, key: bytes) -> str:
    """A cursor's body with the MAC ``key`` gives it (as the API signs its own)."""
    raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    return f"{body}.{base64.urlsafe_b64encode(hmac.new(key, raw, hashlib.sha256).digest()[:16]).decode().rstrip('=')}"


CRAFTED = [
    "%%%garbage",
    _b64({"owner": 1.5}),
    _b64({"agent_id": "x", "heartbeat_id": "y"}),
    _signed(_b64({"owner": 1.5}), b"another deployment's key"),  # a MAC under another key
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


def _follow(api, path: str) -> tuple[list[int], int]:
    """Every item's seq of a list read by passing ``next`` back as ``?cursor=``."""
    seqs: list[int] = []
    params: dict[str, object] = {"limit": 2}
    for pages in range(1, 20):
        response = api.get(path, params=params)
        assert response.status_code == 200, response.text
        body = response.json()
        seqs.extend(item["seq"] for item in body["items"])
        if not body["next"]:
            return seqs, pages
        params = {"limit": 2, "cursor": body["next"]}
    raise AssertionError(f"{path}: the cursor never ended the list ({seqs})")


def test_thread_messages_and_route_decisions_page_with_the_cursor_they_issue(stack, api, claude):  # noqa: F811 - the fixture
    from tests.integration.thread_helpers import make_agent, start

    agent = make_agent(api)
    a = f"/agents/{agent['id']}"
    claude.converse([{"match": "", "turns": [{"tool_calls": [{"name": "store_context", "input": {"key": "k", "value": 1}}]}, {"text": "done"}]}])
    thread_id = start(api, agent["id"], "remember k")
    for n in range(5):
        assert api.post(f"{a}/events", json={"event_type": "noise", "payload": {"n": n}}).status_code == 202
    stack.drain()

    seqs, pages = _follow(api, f"{a}/threads/{thread_id}/messages")
    assert seqs == [1, 2, 3, 4] and pages == 2
    seqs, pages = _follow(api, f"{a}/routes")
    assert seqs == [1, 2, 3, 4, 5] and pages == 3
    for path in (f"{a}/threads/{thread_id}/messages", f"{a}/routes"):
        for cursor in CRAFTED + [api.get("/agents", params={"limit": 1}).json()["next"] or "x.y"]:
            response = api.get(path, params={"cursor": cursor})
            assert response.status_code == 400, (path, cursor, response.status_code, response.text)
            assert response.json()["error"]["code"] == "bad_request"


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


def test_an_event_log_cursor_is_its_last_seq_refused_on_another_list(api, other_api):
    agent, _other = api.create_agent(heartbeat_interval_seconds=3600), api.create_agent()
    for n in range(3):
        api.post(f"/agents/{agent['id']}/events", json={"event_type": "tick", "payload": {"n": n}})
    first = api.get(f"/agents/{agent['id']}/events", params={"limit": 1}).json()
    issued = first["next"]
    assert issued == str(first["items"][-1]["seq"])  # also usable as after_seq

    by_after_seq = api.get(f"/agents/{agent['id']}/events", params={"after_seq": issued, "limit": 1}).json()
    by_cursor = api.get(f"/agents/{agent['id']}/events", params={"cursor": issued, "limit": 1}).json()
    assert by_cursor == by_after_seq and by_cursor["items"][0]["seq"] == first["items"][-1]["seq"] + 1
    assert api.get("/agents", params={"cursor": issued}).status_code == 400
    assert api.get(f"/agents/{agent['id']}/events", params={"cursor": api.get("/agents", params={"limit": 1}).json()["next"]}).status_code == 400


def test_a_cursor_signed_with_a_key_derived_from_the_deployments_names_answers_400(api):
    """Such a key (region, KMS key, table name: all learnable) would let anyone sign any
    LastEvaluatedKey; cursors are signed with a random key instead."""
    from wakeful.config import get_settings

    api.create_agent()
    api.create_agent()
    issued = api.get("/agents", params={"limit": 1}).json()["next"]
    settings = get_settings()
    seed = "|".join(("wakeful-cursor", settings.region, settings.kms_key_id, settings.table("api_keys")))
    forged = _signed(issued.split(".")[0], hashlib.sha256(seed.encode()).digest())

    assert api.get("/agents", params={"cursor": issued}).status_code == 200
    response = api.get("/agents", params={"cursor": forged})
    assert response.status_code == 400, response.text
    assert response.json()["error"]["code"] == "bad_request"


def test_the_cursor_key_is_read_from_the_secret_the_environment_names(stack, monkeypatch):
    """As deployed: WAKEFUL_CURSOR_SECRET names a Secrets Manager secret holding the key."""
    from wakeful import aws
    from wakeful.config import get_settings

    value = uuid.uuid4().hex * 2
    name = f"wakeful/cursor-key-{uuid.uuid4().hex[:8]}"
    arn = aws.client("secretsmanager").create_secret(Name=name, SecretString=value)["ARN"]
    monkeypatch.delenv(constants.ENV_CURSOR_KEY)
    monkeypatch.setenv(constants.ENV_CURSOR_SECRET, arn)
    get_settings.cache_clear()
    try:
        issued = pagination.encode({"owner": "o", "created_at": 1, "agent_id": "agt_1"})
        assert issued == _signed(issued.split(".")[0], value.encode())
        assert pagination.decode(issued) == {"owner": "o", "created_at": 1, "agent_id": "agt_1"}
    finally:
        monkeypatch.undo()
        get_settings.cache_clear()
