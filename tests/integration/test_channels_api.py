"""The channels API: create per kind, secrets write-only and sealed at rest, names
unique per owner, validation, partial config changes, another owner's channel 404 on
every route."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.channels import SECRETS, config, create_channel
from tests.support.hook_receiver import quiet_agent
from wakeful import ddb


@pytest.mark.parametrize("kind", ["slack", "discord", "telegram", "email"])
def test_a_channel_of_each_kind_answers_201_without_its_secrets(stack, api, kind):
    agent = quiet_agent(api)
    body = create_channel(api, agent["id"], kind, name=f"{kind}-ops")
    assert body["kind"] == kind and body["name"] == f"{kind}-ops" and body["agent_id"] == agent["id"]
    assert body["id"].startswith("chn_") and body["created_at"]
    shown = [body, api.get(f"/channels/{body['id']}").json(), *api.get("/channels").json()["items"]]
    for view in shown:
        assert not any(secret in str(view) for secret in SECRETS)
    stored = ddb.get("channels", {"channel_id": body["id"]})
    assert not any(secret in str(stored) for secret in SECRETS)  # sealed at rest


def test_the_inbound_url_is_the_platforms_route_and_email_has_none(stack, api):
    agent = quiet_agent(api)
    slack = create_channel(api, agent["id"], "slack")
    assert slack["inbound_url"].endswith(f"/channels/{slack['id']}/slack/events")
    assert slack["interactions_url"].endswith(f"/channels/{slack['id']}/slack/interactions")
    assert create_channel(api, agent["id"], "discord")["inbound_url"].endswith("/discord")
    assert create_channel(api, agent["id"], "telegram")["inbound_url"].endswith("/telegram")
    assert create_channel(api, agent["id"], "email")["inbound_url"] is None


def test_the_public_config_is_shown_and_the_secret_fields_are_named(stack, api):
    agent = quiet_agent(api)
    body = create_channel(api, agent["id"], "slack")
    assert body["config"] == {"channel": "C0123OPS"}
    assert body["secrets"] == ["bot_token", "signing_secret"]
    email = create_channel(api, agent["id"], "email")
    assert email["config"] == {"from": "agent@example.com", "to": ["ops@example.com"]}


def test_a_name_is_unique_per_owner_but_another_owner_may_use_it(stack, api, other_api):
    agent = quiet_agent(api)
    create_channel(api, agent["id"], "slack", name="ops")
    again = api.post("/channels", json={"kind": "email", "name": "ops", "agent_id": agent["id"], "config": config("email")})
    assert again.status_code == 409
    other_agent = quiet_agent(other_api)
    create_channel(other_api, other_agent["id"], "slack", name="ops")


@pytest.mark.parametrize(
    "change",
    [
        {"name": "Ops"},
        {"name": "1ops"},
        {"name": "o" * 33},
        {"kind": "sms"},
        {"config": config("slack", channel="bad channel")},
        {"config": {"bot_token": "xoxb-1"}},
        {"config": config("slack", extra=1)},
        {"allowed_users": ["U1", True]},
        {"allowed_users": ["U1", 2.5]},
        {"allowed_users": "U1"},
    ],
)
def test_a_body_that_breaks_a_rule_is_a_422_that_changes_nothing(stack, api, change):
    agent = quiet_agent(api)
    body = {"kind": "slack", "name": "ops", "agent_id": agent["id"], "config": config("slack"), **change}
    response = api.post("/channels", json=body)
    assert response.status_code == 422, response.text
    assert not any(secret in response.text for secret in SECRETS)
    assert api.get("/channels").json()["items"] == []


@pytest.mark.parametrize(
    ("kind", "bad"),
    [
        ("discord", {"public_key": "zz" * 32}),
        ("discord", {"channel_id": "../../users/@me"}),
        ("telegram", {"bot_token": "123:short/../x"}),
        ("telegram", {"bot_token": "123:abc?x=1"}),
        ("telegram", {"bot_token": "123:abc#frag"}),
        ("telegram", {"bot_token": "123:abc%2F"}),
        ("telegram", {"bot_token": "123:a b"}),
        ("telegram", {"bot_token": "123:a\\b"}),
        ("telegram", {"bot_token": "123:a\nb"}),
        ("telegram", {"bot_token": ""}),
        ("telegram", {"bot_token": "1" * 300}),
        ("telegram", {"secret_token": "has space"}),
        ("discord", {"channel_id": ".."}),
        ("discord", {"channel_id": "123?x"}),
        ("discord", {"channel_id": "12%2F"}),
        ("discord", {"channel_id": ""}),
        ("discord", {"public_key": "ab" * 31}),
        ("telegram", {"chat_id": True}),
        ("email", {"to": []}),
        ("email", {"from": "not an address"}),
    ],
)
def test_each_kind_checks_its_own_config_fields(stack, api, kind, bad):
    agent = quiet_agent(api)
    response = api.post("/channels", json={"kind": kind, "name": "x", "agent_id": agent["id"], "config": config(kind, **bad)})
    assert response.status_code == 422, response.text
    field = next(iter(bad))
    assert field in response.json()["error"]["message"]


def test_integer_ids_are_taken_and_kept_as_text(stack, api):
    agent = quiet_agent(api)
    body = create_channel(api, agent["id"], "telegram", config=config("telegram", chat_id=-1001234567), allowed_users=[5551, "U0ALICE"])
    assert body["config"] == {"chat_id": "-1001234567"} and body["allowed_users"] == ["5551", "U0ALICE"]
    changed = api.patch(f"/channels/{body['id']}", json={"config": {"chat_id": 42}, "allowed_users": [7]})
    assert changed.status_code == 200, changed.text
    assert changed.json()["config"] == {"chat_id": "42"} and changed.json()["allowed_users"] == ["7"]
    slack = create_channel(api, agent["id"], "slack", allowed_users=[123456])
    assert slack["allowed_users"] == ["123456"]


@pytest.mark.parametrize(
    ("kind", "fields"),
    [
        ("telegram", {"bot_token": "123:abc"}),
        ("telegram", {"bot_token": "test-token"}),
        ("telegram", {"secret_token": "s3cret!"}),
        ("telegram", {"chat_id": "chat-1"}),
        ("telegram", {"chat_id": "@ops"}),
        ("discord", {"channel_id": "1"}),
        ("discord", {"channel_id": "general"}),
        ("slack", {"channel": "C123"}),
        ("slack", {"channel": "#general"}),
        ("slack", {"bot_token": "test-token", "signing_secret": "s"}),
    ],
)
def test_a_config_that_is_safe_to_use_is_taken_without_the_platforms_exact_formats(stack, api, kind, fields):
    agent = quiet_agent(api)
    response = api.post("/channels", json={"kind": kind, "name": "x", "agent_id": agent["id"], "config": config(kind, **fields)})
    assert response.status_code == 201, response.text
    public = {k: v for k, v in fields.items() if k in response.json()["config"]}
    assert {k: response.json()["config"][k] for k in public} == public


def test_a_channel_for_another_owners_agent_is_refused(stack, api, other_api):
    theirs = quiet_agent(other_api)
    response = api.post("/channels", json={"kind": "slack", "name": "ops", "agent_id": theirs["id"], "config": config("slack")})
    assert response.status_code == 404


def test_patch_changes_only_the_config_fields_sent_and_keeps_the_secrets(stack, api):
    from wakeful.channels import records, repository

    agent = quiet_agent(api)
    body = create_channel(api, agent["id"], "slack")
    changed = api.patch(f"/channels/{body['id']}", json={"config": {"channel": "C9NEW"}, "allowed_users": ["U1"]})
    assert changed.status_code == 200, changed.text
    assert changed.json()["config"] == {"channel": "C9NEW"} and changed.json()["allowed_users"] == ["U1"]
    stored = repository.get(body["id"])
    assert records.secrets_of(stored) == {"bot_token": config("slack")["bot_token"], "signing_secret": config("slack")["signing_secret"]}
    rotated = api.patch(f"/channels/{body['id']}", json={"config": {"bot_token": "xoxb-rotated-token"}})
    assert rotated.status_code == 200 and "xoxb-rotated-token" not in rotated.text
    assert records.secrets_of(repository.get(body["id"]))["bot_token"] == "xoxb-rotated-token"
    assert api.patch(f"/channels/{body['id']}", json={"allowed_users": None}).json()["allowed_users"] is None


def test_patch_with_a_bad_config_field_is_a_422_that_changes_nothing(stack, api):
    agent = quiet_agent(api)
    body = create_channel(api, agent["id"], "telegram")
    response = api.patch(f"/channels/{body['id']}", json={"config": {"chat_id": "not a chat"}})
    assert response.status_code == 422 and "chat_id" in response.text
    assert api.get(f"/channels/{body['id']}").json()["config"] == {"chat_id": "-1001234567"}


def test_renaming_frees_the_old_name_and_takes_the_new_one(stack, api):
    agent = quiet_agent(api)
    first = create_channel(api, agent["id"], "slack", name="ops")
    create_channel(api, agent["id"], "slack", name="dev")
    assert api.patch(f"/channels/{first['id']}", json={"name": "dev"}).status_code == 409
    assert api.patch(f"/channels/{first['id']}", json={"name": "alerts"}).json()["name"] == "alerts"
    create_channel(api, agent["id"], "email", name="ops")


def test_delete_frees_the_name_and_answers_404_after(stack, api):
    agent = quiet_agent(api)
    body = create_channel(api, agent["id"], "slack", name="ops")
    assert api.delete(f"/channels/{body['id']}").status_code == 204
    assert api.get(f"/channels/{body['id']}").status_code == 404
    assert api.delete(f"/channels/{body['id']}").status_code == 404
    create_channel(api, agent["id"], "slack", name="ops")


def test_another_owners_channel_answers_404_on_every_route(stack, api, other_api):
    agent = quiet_agent(api)
    mine = create_channel(api, agent["id"], "slack")
    path = f"/channels/{mine['id']}"
    calls: list[Any] = [
        other_api.get(path),
        other_api.patch(path, json={"name": "stolen"}),
        other_api.delete(path),
        other_api.get(f"{path}/deliveries"),
        other_api.get(f"{path}/requests"),
        other_api.post(f"{path}/test", json={}),
    ]
    assert [c.status_code for c in calls] == [404] * len(calls)
    assert other_api.get("/channels").json()["items"] == []
    assert api.get(path).json()["name"] == mine["name"]


def test_an_unknown_channel_id_is_a_404(stack, api):
    assert api.get("/channels/chn_01ARZ3NDEKTSV4RRFFQ69G5FAV").status_code == 404
    assert api.get("/channels/nonsense").status_code == 404
