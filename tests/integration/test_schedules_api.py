"""The schedules API: create, validate, list, change, pause, delete, run now."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from tests.integration.schedule_helpers import create_schedule, heartbeat_schedule, results, take_runs
from tests.support.hook_receiver import quiet_agent
from wakeful import clock


def test_a_weekday_schedule_in_berlin_is_created_with_its_next_run_at_eight_local(stack, api):
    agent = quiet_agent(api)
    created = heartbeat_schedule(api, agent["id"], cron_expression="0 8 * * 1-5", timezone="Europe/Berlin")
    try:
        assert created["id"].startswith("sch_") and created["is_active"] is True
        assert created["config"]["schedule_type"] == "heartbeat"
        assert created["counts"] == {"runs": 0, "ok": 0, "findings": 0, "errors": 0, "skipped": 0}
        local = datetime.fromtimestamp(clock.parse_iso(created["next_run_at"]), ZoneInfo("Europe/Berlin"))
        assert (local.hour, local.minute, local.weekday() < 5) == (8, 0, True)
        assert clock.parse_iso(created["next_run_at"]) > clock.now()
    finally:
        api.delete(f"/agents/{agent['id']}/schedules/{created['id']}")


def test_defaults_are_utc_and_a_scheduled_run(stack, api):
    agent = quiet_agent(api)
    created = create_schedule(api, agent["id"], is_active=False)
    assert created["timezone"] == "UTC" and created["config"] == {"schedule_type": "scheduled"}
    assert created["next_run_at"] is None  # paused: nothing is due


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("cron_expression", "0 8 * *", "5 fields"),
        ("cron_expression", "0 25 * * *", "not valid"),
        ("cron_expression", "0 0 0 8 * * *", "5 fields"),
        ("timezone", "Mars/Olympus", "IANA"),
        ("active_hours", {"start": "8am", "end": "18:00"}, "HH:MM"),
        ("active_hours", {"start": "09:00", "end": "09:00"}, "differ"),
    ],
)
def test_bad_timing_is_422_with_a_clear_message_and_creates_nothing(stack, api, field, value, words):
    agent = quiet_agent(api)
    body = {"prompt": "p", "cron_expression": "0 8 * * *", field: value}
    response = api.post(f"/agents/{agent['id']}/schedules", json=body)
    assert response.status_code == 422, response.text
    assert words in response.json()["error"]["message"]
    assert api.get(f"/agents/{agent['id']}/schedules").json()["items"] == []


def test_a_schedule_that_never_comes_due_in_its_active_hours_is_422(stack, api):
    agent = quiet_agent(api)
    response = api.post(
        f"/agents/{agent['id']}/schedules",
        json={"prompt": "p", "cron_expression": "0 3 * * *", "active_hours": {"start": "09:00", "end": "17:00"}},
    )
    assert response.status_code == 422 and "never comes due" in response.json()["error"]["message"]


def test_an_unknown_schedule_type_or_field_is_422_and_a_body_that_is_not_json_is_400(stack, api):
    agent = quiet_agent(api)
    path = f"/agents/{agent['id']}/schedules"
    assert api.post(path, json={"prompt": "p", "cron_expression": "0 8 * * *", "config": {"schedule_type": "hourly"}}).status_code == 422
    assert api.post(path, json={"prompt": "p", "cron_expression": "0 8 * * *", "colour": "red"}).status_code == 422
    response = api.post(path, data=b"{not json", headers={"Content-Type": "application/json"})
    assert response.status_code == 400 and "error" in response.json()


def test_another_owners_schedule_is_not_found(stack, api, other_api):
    agent = quiet_agent(api)
    created = create_schedule(api, agent["id"], is_active=False)
    path = f"/agents/{agent['id']}/schedules/{created['id']}"
    assert other_api.get(path).status_code == 404
    assert other_api.patch(path, json={"prompt": "x"}).status_code == 404
    assert other_api.post(path + "/run").status_code == 404
    assert other_api.get(path + "/results").status_code == 404
    assert other_api.delete(path).status_code == 404
    assert api.get(path).status_code == 200


def test_pausing_drops_next_run_at_and_resuming_computes_it_from_now(stack, api):
    agent = quiet_agent(api)
    created = create_schedule(api, agent["id"], cron_expression="0 8 * * *")
    path = f"/agents/{agent['id']}/schedules/{created['id']}"
    paused = api.patch(path, json={"is_active": False}).json()
    assert paused["is_active"] is False and paused["next_run_at"] is None
    resumed = api.patch(path, json={"is_active": True}).json()
    assert resumed["next_run_at"] == created["next_run_at"]
    moved = api.patch(path, json={"timezone": "America/New_York", "prompt": "new"}).json()
    local = datetime.fromtimestamp(clock.parse_iso(moved["next_run_at"]), ZoneInfo("America/New_York"))
    assert (local.hour, moved["prompt"]) == (8, "new")
    assert api.patch(path, json={"cron_expression": "nope nope"}).status_code == 422
    assert api.get(path).json()["cron_expression"] == "0 8 * * *"
    assert api.delete(path).status_code == 204
    assert api.get(path).status_code == 404


def test_list_shows_the_agents_schedules_newest_first(stack, api):
    agent = quiet_agent(api)
    first = create_schedule(api, agent["id"], is_active=False)
    second = create_schedule(api, agent["id"], is_active=False)
    listed = api.get(f"/agents/{agent['id']}/schedules").json()
    assert [s["id"] for s in listed["items"]] == [second["id"], first["id"]] and listed["next"] is None


def test_run_now_answers_202_with_a_pending_result_and_queues_the_run(stack, api):
    agent = quiet_agent(api)
    created = create_schedule(api, agent["id"], is_active=False)
    response = api.post(f"/agents/{agent['id']}/schedules/{created['id']}/run")
    assert response.status_code == 202, response.text
    result_id = response.json()["result_id"]
    [row] = results(api, agent["id"], created["id"])
    assert (row["id"], row["status"], row["thread_id"]) == (result_id, "pending", None)
    assert results(api, agent["id"], created["id"], include_pending=False) == []  # the list shows finished runs
    one = api.get(f"/agents/{agent['id']}/schedules/{created['id']}/results/{result_id}").json()
    assert one["status"] == "pending"
    runs = [m for m in take_runs(stack) if m["schedule_id"] == created["id"]]
    assert runs == [{"agent_id": agent["id"], "schedule_id": created["id"], "result_id": result_id}]
