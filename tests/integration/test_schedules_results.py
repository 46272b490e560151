"""A run's end, as the thread runtime reports it: heartbeat_ok notifies no one, a
finding is delivered without the HEARTBEAT_OK token, an error goes to SCHEDULE_FAILED,
scheduled runs always notify, and a repeated report changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from tests.integration.schedule_helpers import create_schedule, finish_thread, heartbeat_schedule, result_row, take_runs
from tests.support.hook_receiver import create_hook, quiet_agent
from wakeful import ddb


def hooked_agent(api: Any, receiver: Any) -> dict[str, Any]:
    agent = quiet_agent(api)
    create_hook(api, agent["id"], "SCHEDULE_RESULT", receiver.url(f"result-{agent['id']}"))
    create_hook(api, agent["id"], "SCHEDULE_FAILED", receiver.url(f"failed-{agent['id']}"))
    return agent


def run_now(stack: Any, api: Any, agent_id: str, schedule_id: str) -> str:
    response = api.post(f"/agents/{agent_id}/schedules/{schedule_id}/run")
    assert response.status_code == 202, response.text
    take_runs(stack)
    return response.json()["result_id"]


def deliveries_of(agent_id: str) -> list[dict[str, Any]]:
    hooks = ddb.query("hooks", KeyConditionExpression="agent_id = :a", ExpressionAttributeValues={":a": agent_id})
    found = []
    for hook in hooks:
        found += list(ddb.query("hook_deliveries", index="by-hook", KeyConditionExpression="hook_id = :h", ExpressionAttributeValues={":h": hook["hook_id"]}))
    return found


@pytest.mark.parametrize("answer", ["HEARTBEAT_OK", "**HEARTBEAT_OK**", "HEARTBEAT_OK.", "  \n HEARTBEAT_OK \n\n"])
def test_a_heartbeat_answered_heartbeat_ok_is_heartbeat_ok_and_delivers_nothing(stack, api, receiver, answer):
    agent = hooked_agent(api, receiver)
    schedule = heartbeat_schedule(api, agent["id"], is_active=False)
    rid = run_now(stack, api, agent["id"], schedule["id"])

    finish_thread(agent["id"], schedule["id"], rid, final_text=answer)

    row = result_row(schedule["id"], rid)
    assert (row["status"], row["result_content"], row["notified"]) == ("heartbeat_ok", "HEARTBEAT_OK", False)
    assert deliveries_of(agent["id"]) == []  # no delivery was ever started
    got = api.get(f"/agents/{agent['id']}/schedules/{schedule['id']}").json()
    assert got["counts"]["ok"] == 1 and got["counts"]["runs"] == 1 and got["last_status"] == "heartbeat_ok"


def test_a_finding_after_the_token_is_success_and_delivered_without_it(stack, api, receiver):
    agent = hooked_agent(api, receiver)
    schedule = heartbeat_schedule(api, agent["id"], is_active=False)
    rid = run_now(stack, api, agent["id"], schedule["id"])

    finish_thread(agent["id"], schedule["id"], rid, final_text="HEARTBEAT_OK\n\nExcept: the disk is 95% full.")

    [delivery] = receiver.wait_for(f"result-{agent['id']}", 1)
    body = delivery.json
    assert body["hook_type"] == "SCHEDULE_RESULT"
    assert body["data"]["result_content"] == "Except: the disk is 95% full."
    assert "HEARTBEAT_OK" not in delivery.raw.decode()
    row = result_row(schedule["id"], rid)
    assert (row["status"], row["notified"], row["thread_id"]) == ("success", True, body["data"]["thread_id"])
    assert api.get(f"/agents/{agent['id']}/schedules/{schedule['id']}").json()["counts"]["findings"] == 1


def test_a_failed_run_is_error_and_goes_to_schedule_failed(stack, api, receiver):
    agent = hooked_agent(api, receiver)
    schedule = heartbeat_schedule(api, agent["id"], is_active=False)
    rid = run_now(stack, api, agent["id"], schedule["id"])

    finish_thread(agent["id"], schedule["id"], rid, error="model call failed: 529 overloaded")

    [delivery] = receiver.wait_for(f"failed-{agent['id']}", 1)
    assert delivery.json["hook_type"] == "SCHEDULE_FAILED"
    assert "529 overloaded" in delivery.json["data"]["error_message"]
    row = result_row(schedule["id"], rid)
    assert (row["status"], row["notified"]) == ("error", True)
    assert api.get(f"/agents/{agent['id']}/schedules/{schedule['id']}").json()["counts"]["errors"] == 1


def test_a_scheduled_run_always_notifies(stack, api, receiver):
    agent = hooked_agent(api, receiver)
    schedule = create_schedule(api, agent["id"], is_active=False)
    rid = run_now(stack, api, agent["id"], schedule["id"])

    finish_thread(agent["id"], schedule["id"], rid, final_text="Weekly report: 3 deploys, no incidents.")

    [delivery] = receiver.wait_for(f"result-{agent['id']}", 1)
    assert delivery.json["data"]["result_content"] == "Weekly report: 3 deploys, no incidents."
    assert result_row(schedule["id"], rid)["status"] == "success"


def test_a_repeated_report_of_the_same_run_counts_once_and_delivers_once(stack, api, receiver):
    agent = hooked_agent(api, receiver)
    schedule = heartbeat_schedule(api, agent["id"], is_active=False)
    rid = run_now(stack, api, agent["id"], schedule["id"])

    finish_thread(agent["id"], schedule["id"], rid, final_text="Two invoices are overdue.")
    finish_thread(agent["id"], schedule["id"], rid, final_text="Two invoices are overdue.")
    finish_thread(agent["id"], schedule["id"], rid, error="a late failure report")

    assert result_row(schedule["id"], rid)["status"] == "success"
    assert len(deliveries_of(agent["id"])) == 1
    receiver.wait_for(f"result-{agent['id']}", 1)
    got = api.get(f"/agents/{agent['id']}/schedules/{schedule['id']}").json()
    assert got["counts"] == {"runs": 1, "ok": 0, "findings": 1, "errors": 0, "skipped": 0}


def test_a_run_of_a_deleted_schedule_still_gets_its_result(stack, api, receiver):
    agent = hooked_agent(api, receiver)
    schedule = heartbeat_schedule(api, agent["id"], is_active=False)
    rid = run_now(stack, api, agent["id"], schedule["id"])
    api.delete(f"/agents/{agent['id']}/schedules/{schedule['id']}")

    finish_thread(agent["id"], schedule["id"], rid, final_text="HEARTBEAT_OK")

    assert result_row(schedule["id"], rid)["status"] == "heartbeat_ok"
    assert api.get(f"/agents/{agent['id']}/schedules/{schedule['id']}").status_code == 404
