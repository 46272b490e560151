"""Agent aliases are unique per owner, case-insensitively, and ``@mentions`` find them
whatever their case."""

from __future__ import annotations

import uuid

from tests.integration.spine_helpers import events


def _alias() -> str:
    return f"ada{uuid.uuid4().hex[:8]}"


def test_two_owners_may_use_the_same_alias(api, other_api):
    alias = _alias()
    mine = api.create_agent(alias=alias)
    theirs = other_api.post("/agents", json={"name": "Ada", "alias": alias})
    assert theirs.status_code == 201, theirs.text
    api.patch(f"/agents/{mine['id']}", json={"is_active": False})
    other_api.patch(f"/agents/{theirs.json()['id']}", json={"is_active": False})


def test_one_owner_cannot_reuse_an_alias_in_another_case(api):
    alias = _alias()
    agent = api.create_agent(alias=alias)
    again = api.post("/agents", json={"name": "Ada", "alias": alias.upper()})
    assert again.status_code == 409 and again.json()["error"]["code"] == "conflict"
    api.delete(f"/agents/{agent['id']}")
    assert api.post("/agents", json={"name": "Ada", "alias": alias.upper()}).status_code == 201  # freed by the delete


def test_a_mention_finds_the_alias_whatever_its_case(api):
    lower, mixed = _alias(), "Ada" + uuid.uuid4().hex[:8].upper()
    ada = api.create_agent(alias=lower)
    bob = api.create_agent(alias=mixed)
    for agent in (ada, bob):
        api.patch(f"/agents/{agent['id']}", json={"is_active": False})
    content = f"What does @{lower.capitalize()} think? And @{mixed.lower()}?"
    response = api.post("/snips", json={"title": "Hi", "content": content, "user_id": "u1"})
    assert response.status_code == 201, response.text
    for agent in (ada, bob):
        assert len([e for e in events(api, agent["id"]) if e["event_type"] == "NEW_MENTION"]) == 1


def test_a_mention_never_reaches_another_owners_agent_with_that_alias(api, other_api):
    alias = _alias()
    theirs = other_api.create_agent(alias=alias)
    other_api.patch(f"/agents/{theirs['id']}", json={"is_active": False})
    api.post("/snips", json={"title": "Hi", "content": f"hello @{alias}", "user_id": "u1"})
    assert [e for e in events(other_api, theirs["id"]) if e["event_type"] == "NEW_MENTION"] == []
