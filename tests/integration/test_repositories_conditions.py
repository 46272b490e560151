"""The repositories' conditional writes against the local stack's DynamoDB: each verb
answers a lost condition in domain terms (False, or a domain error) and changes
nothing, and wins when its condition holds."""

from __future__ import annotations

import uuid
from dataclasses import replace

import pytest

from tests.support.hook_receiver import create_hook, quiet_agent
from wakeful import clock, ddb
from wakeful.agents import repository as agents
from wakeful.hooks import delivery_repository
from wakeful.hooks import repository as hooks
from wakeful.hooks.exceptions import HookDeliveryNotReplayableError, HookNotFoundError
from wakeful.hooks.records import HookDelivery
from wakeful.interceptors import repository as interceptors
from wakeful.snipin import repository as snipin
from wakeful.webhooks import repository as webhooks
from wakeful.webhooks.records import Webhook

URL = "http://127.0.0.1:9/hook"


def _agent_item(agent_id: str) -> dict:
    return ddb.get("agents", {"agent_id": agent_id}) or {}


def test_set_hook_types_refuses_a_stale_hooks_version_and_leaves_hook_types_alone(stack, api):
    agent = quiet_agent(api)
    create_hook(api, agent["id"], "AFTER_HEARTBEAT", URL)
    version = hooks.hooks_version(agent["id"])
    assert version is not None and version >= 1

    assert agents.set_hook_types(agent["id"], ["NOT_A_TYPE"], version - 1) is False
    assert _agent_item(agent["id"])["hook_types"] == ["AFTER_HEARTBEAT"]
    assert agents.set_hook_types(agent["id"], ["AFTER_HEARTBEAT", "BEFORE_HEARTBEAT"], version) is True
    assert hooks.hooks_version(agent["id"]) == version + 1


def test_hooks_version_of_a_missing_agent_is_none(stack):
    assert hooks.hooks_version(f"agt_{uuid.uuid4().hex}") is None


def test_disable_answers_false_for_a_hook_already_inactive_or_gone(stack, api):
    agent = quiet_agent(api)
    hook_id = create_hook(api, agent["id"], "AFTER_HEARTBEAT", URL)["id"]
    now = clock.now()
    assert hooks.disable(agent["id"], hook_id, "first", now) is True
    assert hooks.disable(agent["id"], hook_id, "second", now) is False
    assert hooks.get(agent["id"], hook_id).disabled_reason == "first"
    assert hooks.disable(agent["id"], "hook_missing", "gone", now) is False


def test_a_failure_streak_keeps_its_first_start(stack, api):
    agent = quiet_agent(api)
    hook_id = create_hook(api, agent["id"], "AFTER_HEARTBEAT", URL)["id"]
    assert hooks.start_failure_streak(agent["id"], hook_id, 100.0) == 100.0
    assert hooks.start_failure_streak(agent["id"], hook_id, 200.0) == 100.0
    hooks.end_failure_streak(agent["id"], hook_id)
    assert hooks.get(agent["id"], hook_id).failing_since is None
    assert hooks.start_failure_streak(agent["id"], "hook_missing", 300.0) == 300.0


def test_updating_a_missing_hook_is_not_found_and_creates_nothing(stack, api):
    agent = quiet_agent(api)
    with pytest.raises(HookNotFoundError):
        hooks.update(agent["id"], "hook_missing", {"updated_at": clock.now()}, [])
    assert hooks.get(agent["id"], "hook_missing") is None


def test_only_a_failed_or_cancelled_delivery_reopens_for_replay(stack):
    delivery_id = f"hd_{uuid.uuid4().hex}"
    pending = HookDelivery(delivery_id, "hook_x", "agt_x", "AFTER_HEARTBEAT", "{}", delivery_repository.PENDING)
    assert delivery_repository.create(pending)
    assert delivery_repository.create(replace(pending, status="OTHER")) is False
    with pytest.raises(HookDeliveryNotReplayableError):
        delivery_repository.reopen_for_replay(delivery_id, clock.now())
    assert delivery_repository.get(delivery_id).status == delivery_repository.PENDING

    delivery_repository.set_status(delivery_id, delivery_repository.FAILED, clock.now(), error="HTTP 500", attempted=True)
    reopened = delivery_repository.reopen_for_replay(delivery_id, clock.now())
    assert (reopened.status, reopened.replays, reopened.attempts) == (delivery_repository.PENDING, 1, 1)
    assert reopened.completed_at is None


def test_the_hourly_request_counter_counts_exactly_up_to_its_limit(stack):
    webhook_id = f"whk_{uuid.uuid4().hex}"
    counted = [webhooks.count_request(webhook_id, "rate#2026010100", 3, int(clock.now()) + 60) for _ in range(5)]
    assert counted == [True, True, True, False, False]


def test_a_webhook_of_another_owner_is_not_changed(stack):
    from wakeful.webhooks.exceptions import WebhookNotFoundError

    webhook_id = f"whk_{uuid.uuid4().hex}"
    webhooks.create(Webhook(webhook_id, "agt_a", "owner-a", secret_sealed="sealed", is_active=True))
    with pytest.raises(WebhookNotFoundError):
        webhooks.update(webhook_id, "owner-b", "agt_a", {"is_active": False})
    with pytest.raises(WebhookNotFoundError):
        webhooks.delete(webhook_id, "owner-b", "agt_a")
    assert webhooks.get(webhook_id).is_active is True


def test_releasing_the_active_interceptor_clears_only_the_one_it_names(stack, api):
    agent = quiet_agent(api)
    item = {"agent_id": agent["id"], "interceptor_id": f"icp_{uuid.uuid4().hex}", "owner": api.owner, "is_active": True}
    interceptors.create(item, activate=True)
    assert _agent_item(agent["id"])["active_interceptor_id"] == item["interceptor_id"]
    agents.release_interceptor(agent["id"], "icp_other")
    assert _agent_item(agent["id"])["active_interceptor_id"] == item["interceptor_id"]
    agents.release_interceptor(agent["id"], item["interceptor_id"])
    assert "active_interceptor_id" not in _agent_item(agent["id"])


def test_feed_stamps_only_move_forward(stack):
    owner, agent_id = f"owner-{uuid.uuid4().hex}", f"agt_{uuid.uuid4().hex}"
    assert snipin.feed_stamps(owner, agent_id) == (None, None)
    snipin.stamp_network_changed(owner, 50.0)
    snipin.stamp_network_changed(owner, 40.0)
    snipin.stamp_feed_checked(agent_id, 30.0)
    assert snipin.feed_stamps(owner, agent_id) == (50.0, 30.0)
    snipin.forget_feed_check(agent_id)
    assert snipin.feed_stamps(owner, agent_id) == (50.0, None)
