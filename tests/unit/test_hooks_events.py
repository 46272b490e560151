"""Typed hook events: one class per hook type, each ``data()`` the payload delivered."""

from __future__ import annotations

import dataclasses
import json

import pytest

from wakeful.hooks import events
from wakeful.hooks.models import SEED_HOOK_TYPES, SPEND_HOOK_TYPES, THREAD_HOOK_TYPES

_META = {"agent_context": {"agent_id": "ag_1"}, "tool_config": {}}

#: One event of every class, and the payload each call site delivered before the
#: events were typed (keys in delivery order).
CASES: list[tuple[events.HookEvent, str, dict]] = [
    (
        events.BeforeHeartbeat(scheduled_at="2026-01-01T00:00:00Z", last_heartbeat=None),
        "BEFORE_HEARTBEAT",
        {"scheduled_at": "2026-01-01T00:00:00Z", "last_heartbeat": None},
    ),
    (
        events.AfterHeartbeat(
            status="COMPLETED",
            scheduled_at="s",
            started_at="b",
            completed_at="c",
            events_processed=3,
            actions_triggered=1,
            error_message=None,
            next_heartbeat_at="n",
        ),
        "AFTER_HEARTBEAT",
        {
            "status": "COMPLETED",
            "scheduled_at": "s",
            "started_at": "b",
            "completed_at": "c",
            "events_processed": 3,
            "actions_triggered": 1,
            "error_message": None,
            "next_heartbeat_at": "n",
        },
    ),
    (
        events.BeforeTool(tool_hook_name="SNIP_CREATE", action_id="act_1", tool_name="snip_create", event_type="FEED", request_meta=_META),
        "BEFORE_SNIP_CREATE",
        {"action_id": "act_1", "tool_name": "snip_create", "event_type": "FEED", "request_meta": _META},
    ),
    (
        events.AfterTool(tool_hook_name="SNIP_CREATE", action_id="act_1", tool_name="snip_create", success=True, output={"id": 1}, execution_time_ms=7),
        "AFTER_SNIP_CREATE",
        {"action_id": "act_1", "tool_name": "snip_create", "success": True, "output": {"id": 1}, "execution_time_ms": 7},
    ),
    (
        events.ActionStarted(action_id="act_1", tool_name="t", event_type="FEED", request_meta=_META),
        "ACTION_STARTED",
        {"action_id": "act_1", "tool_name": "t", "event_type": "FEED", "request_meta": _META},
    ),
    (
        events.ActionStarted(action_id="act_2", tool_name="t", thread_id="th_1", request_meta=_META),
        "ACTION_STARTED",
        {"action_id": "act_2", "tool_name": "t", "thread_id": "th_1", "request_meta": _META},
    ),
    (
        events.ActionCompleted(action_id="act_1", tool_name="t", output="ok", execution_time_ms=5),
        "ACTION_COMPLETED",
        {"action_id": "act_1", "tool_name": "t", "success": True, "output": "ok", "execution_time_ms": 5},
    ),
    (
        events.ActionCompleted(action_id="act_2", tool_name="t", thread_id="th_1", output="ok", execution_time_ms=5),
        "ACTION_COMPLETED",
        {"action_id": "act_2", "tool_name": "t", "thread_id": "th_1", "success": True, "output": "ok", "execution_time_ms": 5, "error_message": None},
    ),
    (
        events.ActionFailed(action_id="act_1", tool_name="t", error_message="boom", request_meta=_META, execution_time_ms=5),
        "ACTION_FAILED",
        {"action_id": "act_1", "tool_name": "t", "error_message": "boom", "request_meta": _META, "execution_time_ms": 5},
    ),
    (
        events.ActionFailed(action_id="act_2", tool_name="t", thread_id="th_1", output=None, execution_time_ms=5, error_message="boom"),
        "ACTION_FAILED",
        {"action_id": "act_2", "tool_name": "t", "thread_id": "th_1", "success": False, "output": None, "execution_time_ms": 5, "error_message": "boom"},
    ),
    (
        events.ThreadStarted(thread_id="th_1", source="user", source_id=None, message="hi"),
        "THREAD_STARTED",
        {"thread_id": "th_1", "source": "user", "source_id": None, "message": "hi"},
    ),
    (
        events.ThreadSleeping(thread_id="th_1", wake_at="w", wake_reason="later", wake_on_events=["x"]),
        "THREAD_SLEEPING",
        {"thread_id": "th_1", "wake_at": "w", "wake_reason": "later", "wake_on_events": ["x"]},
    ),
    (
        events.ThreadWoken(thread_id="th_1", woken_by="timer", wake_reason="later", event=None),
        "THREAD_WOKEN",
        {"thread_id": "th_1", "woken_by": "timer", "wake_reason": "later", "event": None},
    ),
    (
        events.ThreadCompleted(thread_id="th_1", status="complete", summary="done", error_message=None),
        "THREAD_COMPLETED",
        {"thread_id": "th_1", "status": "complete", "summary": "done", "error_message": None},
    ),
    (
        events.ThreadFailed(thread_id="th_1", status="expired", summary=None, error_message="too old"),
        "THREAD_FAILED",
        {"thread_id": "th_1", "status": "expired", "summary": None, "error_message": "too old"},
    ),
    (
        events.Notification(thread_id="th_1", message="look", tool_call_id="toolu_1"),
        "NOTIFICATION",
        {"thread_id": "th_1", "message": "look", "tool_call_id": "toolu_1"},
    ),
    (
        events.ApprovalRequested(thread_id="th_1", tool_call_id="toolu_1", tool="stop", arguments={"server": "a"}),
        "APPROVAL_REQUESTED",
        {"thread_id": "th_1", "tool_call_id": "toolu_1", "tool": "stop", "arguments": {"server": "a"}},
    ),
    (
        events.ScheduleResult(
            schedule_id="sc_1", result_id="sr_1", thread_id="th_1", status="success", schedule_type="heartbeat",
            trigger="cron", scheduled_for="f", completed_at="c", result_content="disk full",
        ),
        "SCHEDULE_RESULT",
        {
            "schedule_id": "sc_1", "result_id": "sr_1", "thread_id": "th_1", "status": "success", "schedule_type": "heartbeat",
            "trigger": "cron", "scheduled_for": "f", "completed_at": "c", "result_content": "disk full",
        },
    ),
    (
        events.ScheduleFailed(
            schedule_id="sc_1", result_id="sr_1", thread_id=None, status="error", schedule_type="scheduled",
            trigger="manual", scheduled_for="f", completed_at="c", error_message="model error",
        ),
        "SCHEDULE_FAILED",
        {
            "schedule_id": "sc_1", "result_id": "sr_1", "thread_id": None, "status": "error", "schedule_type": "scheduled",
            "trigger": "manual", "scheduled_for": "f", "completed_at": "c", "error_message": "model error",
        },
    ),
    (
        events.BudgetAlert(
            scope="agent", limit="daily_usd", period="2026-11-28", level="alert", alert_at=0.8,
            limit_usd=5.0, spent_usd=4.1, on_exceed="pause", extend_usd=2.5,
        ),
        "BUDGET_ALERT",
        {
            "scope": "agent", "limit": "daily_usd", "period": "2026-11-28", "level": "alert", "alert_at": 0.8,
            "limit_usd": 5.0, "spent_usd": 4.1, "on_exceed": "pause", "extend_usd": 2.5,
        },
    ),
    (
        events.BudgetPaused(
            scope="owner", limit="monthly_usd", period="2026-11", limit_usd=50.0, spent_usd=50.2,
            paused_until=1796083200.0, extend_usd=25.2,
        ),
        "BUDGET_PAUSED",
        {
            "scope": "owner", "limit": "monthly_usd", "period": "2026-11", "limit_usd": 50.0, "spent_usd": 50.2,
            "paused_until": 1796083200.0, "extend_usd": 25.2,
        },
    ),
    (
        events.BudgetResumed(scope="agent", reason="button", extend_usd=2.5, by="user U1 in slack (ops)"),
        "BUDGET_RESUMED",
        {"scope": "agent", "reason": "button", "extend_usd": 2.5, "by": "user U1 in slack (ops)"},
    ),
    (
        events.BudgetResumed(scope="agent", reason="period_end"),
        "BUDGET_RESUMED",
        {"scope": "agent", "reason": "period_end"},
    ),
]


def _classes() -> list[type[events.HookEvent]]:
    return [cls for cls in vars(events).values() if isinstance(cls, type) and issubclass(cls, events.HookEvent) and cls is not events.HookEvent]


@pytest.mark.parametrize("hook_type", SEED_HOOK_TYPES + THREAD_HOOK_TYPES + SPEND_HOOK_TYPES)
def test_every_hook_type_wakeful_fires_has_exactly_one_event_class(hook_type):
    cls = events.event_class(hook_type)
    assert cls is not None
    fixed = [c for c in _classes() if c.hook_type == hook_type]
    assert fixed in ([cls], [])  # a fixed type is one class's; the others are a tool's
    if not fixed:
        assert cls in (events.BeforeTool, events.AfterTool)


def test_every_event_class_names_a_distinct_hook_type_and_is_a_frozen_slotted_dataclass():
    classes = _classes()
    assert len({cls.hook_type for cls in classes}) == len(classes)
    for cls in classes:
        assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
        assert "__slots__" in vars(cls)


def test_every_event_class_has_a_documented_payload_case():
    assert {type(event) for event, _, _ in CASES} == set(_classes())


@pytest.mark.parametrize(("event", "hook_type", "payload"), CASES, ids=lambda v: getattr(v, "hook_type", None) if isinstance(v, events.HookEvent) else None)
def test_data_is_the_payload_the_call_site_delivered_byte_for_byte(event, hook_type, payload):
    assert event.name == hook_type
    assert json.dumps(event.data()) == json.dumps(payload)


@pytest.mark.parametrize(("event", "hook_type", "payload"), CASES)
def test_an_event_is_rebuilt_from_its_hook_type_and_payload(event, hook_type, payload):
    assert events.from_data(hook_type, payload) == event


def test_an_event_is_immutable():
    event = events.Notification(thread_id="th_1", message="m", tool_call_id="t")
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.message = "other"  # type: ignore[misc]


def test_rebuilding_rejects_a_type_wakeful_never_fires_and_a_payload_of_other_fields():
    with pytest.raises(ValueError):
        events.from_data("not a hook", {})
    with pytest.raises(TypeError):
        events.from_data("NOTIFICATION", {"thread_id": "th_1", "text": "m"})


def test_fire_delivers_the_events_type_and_data_and_skips_an_agent_without_that_hook_type(monkeypatch):
    from wakeful.agents.records import Agent
    from wakeful.hooks import firing, outbox

    calls = []
    monkeypatch.setattr(outbox, "start_deliveries", lambda agent, hook_type, data, **options: calls.append((hook_type, data, options)))
    event = events.AfterTool(tool_hook_name="SNIP_CREATE", action_id="act_1", tool_name="snip_create", success=True, output=None, execution_time_ms=1)
    firing.fire(Agent.from_context({"agent_id": "ag_1"}, ["ACTION_COMPLETED"]), event, delivery_key="k")
    assert calls == []
    firing.fire(Agent.from_context({"agent_id": "ag_1"}, ["AFTER_SNIP_CREATE"]), event, action_id="act_1", delivery_key="k")
    assert calls == [("AFTER_SNIP_CREATE", event.data(), {"heartbeat_id": None, "action_id": "act_1", "context": {}, "delivery_key": "k"})]


def test_an_after_tool_event_whose_tool_says_what_it_made_delivers_that_as_its_data():
    snip = {"snip_id": "snp_1", "title": "T", "excerpt": "E", "content": "C", "type": "analysis", "tags": ["ai"], "is_public": True}
    event = events.AfterTool(tool_hook_name="SNIP_CREATE", action_id="act_1", tool_name="SnipCreate", success=True, output={"action": "created"}, execution_time_ms=3, made=snip)
    assert event.name == "AFTER_SNIP_CREATE"
    assert event.data() == snip
    assert events.from_data("AFTER_SNIP_CREATE", snip).data() == snip
