"""Due schedules through the real scan handler: each due time runs once (racing scans,
a scan that dies after its claim), a run still going makes the next due time skipped,
one catch-up after downtime, nothing outside active hours."""

from __future__ import annotations

import threading
import time
from typing import Any, Iterator

import pytest

from tests.integration.schedule_helpers import create_schedule, finish_thread, next_run, results, take_runs
from tests.integration.test_crash_recovery import Crash
from tests.support.hook_receiver import quiet_agent
from wakeful import aws, clock
from wakeful.schedules import due


@pytest.fixture(autouse=True)
def no_active_schedules_left(stack: Any, api: Any) -> Iterator[None]:
    """Later scans of the shared stack must not find this test's schedules due."""
    yield
    for agent in api.get("/agents?limit=100").json()["items"]:
        for schedule in api.get(f"/agents/{agent['id']}/schedules?limit=100").json()["items"]:
            api.delete(f"/agents/{agent['id']}/schedules/{schedule['id']}")
    take_runs(stack)


def runs_of(stack: Any, schedule_id: str) -> list[dict[str, Any]]:
    return [m for m in take_runs(stack) if m["schedule_id"] == schedule_id]


def test_a_due_schedule_is_claimed_once_by_racing_scans_and_its_run_is_queued(stack, api):
    agent = quiet_agent(api)
    schedule = create_schedule(api, agent["id"], cron_expression="*/5 * * * *")
    due_at = clock.parse_iso(schedule["next_run_at"])
    scans = [threading.Thread(target=stack.tick, args=(due_at + 1,)) for _ in range(3)]
    for scan in scans:
        scan.start()
    for scan in scans:
        scan.join()
    stack.tick(due_at + 2)

    [row] = results(api, agent["id"], schedule["id"])
    assert (row["status"], row["trigger"], clock.parse_iso(row["scheduled_for"])) == ("pending", "cron", due_at)
    assert runs_of(stack, schedule["id"]) == [{"agent_id": agent["id"], "schedule_id": schedule["id"], "result_id": row["id"]}]
    assert next_run(api, agent["id"], schedule["id"]) == due_at + 300


def test_a_run_still_going_when_the_next_is_due_makes_that_one_skipped(stack, api):
    agent = quiet_agent(api)
    schedule = create_schedule(api, agent["id"], cron_expression="*/5 * * * *")
    first_due = clock.parse_iso(schedule["next_run_at"])
    stack.tick(first_due + 1)
    [first] = results(api, agent["id"], schedule["id"])

    stack.tick(first_due + 301)  # the first run has not finished
    skipped = results(api, agent["id"], schedule["id"])[0]
    assert skipped["status"] == "skipped" and first["id"] in skipped["result_content"]
    assert clock.parse_iso(skipped["scheduled_for"]) == first_due + 300

    finish_thread(agent["id"], schedule["id"], first["id"], final_text="Done.")
    stack.tick(first_due + 601)
    newest = results(api, agent["id"], schedule["id"])
    assert [r["status"] for r in newest] == ["pending", "skipped", "success"]
    got = api.get(f"/agents/{agent['id']}/schedules/{schedule['id']}").json()
    assert got["counts"] == {"runs": 1, "ok": 0, "findings": 1, "errors": 0, "skipped": 1}
    assert got["running_result_id"] == newest[0]["id"]


def test_after_a_day_of_downtime_one_catch_up_run_for_the_latest_due_time(stack, api):
    agent = quiet_agent(api)
    schedule = create_schedule(api, agent["id"], cron_expression="0 * * * *")
    first_due = clock.parse_iso(schedule["next_run_at"])
    back_at = first_due + 86400 + 1200  # 25 due times passed while nothing scanned
    stack.tick(back_at)
    stack.tick(back_at + 30)

    [row] = results(api, agent["id"], schedule["id"])
    assert row["trigger"] == "catch_up" and clock.parse_iso(row["scheduled_for"]) == first_due + 86400
    assert len(runs_of(stack, schedule["id"])) == 1
    assert next_run(api, agent["id"], schedule["id"]) == first_due + 86400 + 3600


def test_outside_active_hours_nothing_runs_not_even_a_catch_up(stack, api):
    agent = quiet_agent(api)
    schedule = create_schedule(api, agent["id"], cron_expression="0 * * * *", active_hours={"start": "08:00", "end": "12:00"})
    first_due = clock.parse_iso(schedule["next_run_at"])
    assert 8 <= time.gmtime(first_due).tm_hour < 12
    day_start = first_due - (first_due % 86400)
    evening = day_start + 86400 + 20 * 3600  # the next day, 20:00 UTC: missed runs, outside the window
    result = stack.tick(evening)

    assert results(api, agent["id"], schedule["id"]) == []
    assert runs_of(stack, schedule["id"]) == []
    assert result["schedules"]["advanced"] >= 1
    assert next_run(api, agent["id"], schedule["id"]) == day_start + 2 * 86400 + 8 * 3600


def test_a_paused_schedule_is_not_due(stack, api):
    agent = quiet_agent(api)
    schedule = create_schedule(api, agent["id"], cron_expression="*/5 * * * *")
    due_at = clock.parse_iso(schedule["next_run_at"])
    api.patch(f"/agents/{agent['id']}/schedules/{schedule['id']}", json={"is_active": False})
    stack.tick(due_at + 1)
    assert results(api, agent["id"], schedule["id"]) == []


class DieOnScheduleSend:
    """The scan dies right after its claims: its send to the schedule queue raises
    (a botocore before-call hook, the SDK's own extension point)."""

    def __init__(self, queue_url: str) -> None:
        self.queue_url = queue_url
        self.died = False

    def __call__(self, params: Any = None, model: Any = None, **_: Any) -> None:
        if model is not None and model.name.startswith("SendMessage") and (params or {}).get("QueueUrl") == self.queue_url:
            self.died = True
            raise Crash("injected death of the scan before it sent its claimed runs")

    def __enter__(self) -> "DieOnScheduleSend":
        aws.client("sqs").meta.events.register("before-parameter-build.sqs", self, unique_id="die-on-schedule-send")
        return self

    def __exit__(self, *exc: object) -> None:
        aws.client("sqs").meta.events.unregister("before-parameter-build.sqs", unique_id="die-on-schedule-send")


def test_a_scan_that_dies_after_its_claim_loses_no_run_and_a_later_scan_sends_it_once(stack, api):
    agent = quiet_agent(api)
    schedule = create_schedule(api, agent["id"], cron_expression="0 * * * *")
    due_at = clock.parse_iso(schedule["next_run_at"])
    with DieOnScheduleSend(stack.queue_urls["schedule"]) as fault, pytest.raises(Crash):
        stack.tick(due_at + 1)
    assert fault.died
    [row] = results(api, agent["id"], schedule["id"])  # the claim is in
    assert runs_of(stack, schedule["id"]) == []  # its message was never sent

    stack.tick(due_at + 2)  # the start lease has not run out: nothing is sent again
    assert runs_of(stack, schedule["id"]) == []
    stack.tick(due_at + due.START_LEASE_SECONDS + 5)  # it has: sent once
    stack.tick(due_at + due.START_LEASE_SECONDS + 6)
    assert runs_of(stack, schedule["id"]) == [{"agent_id": agent["id"], "schedule_id": schedule["id"], "result_id": row["id"]}]
    assert [r["id"] for r in results(api, agent["id"], schedule["id"])] == [row["id"]]
