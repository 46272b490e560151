"""Schedule runs as thread turns through the real handlers (scan, schedule runner,
thread runner) with the real anthropic SDK against the fake Messages API: the checklist
in the prompt and the heartbeat guidance in the system prompt, HEARTBEAT_OK silent,
findings delivered without the token, model errors to SCHEDULE_FAILED, scheduled runs
always delivered, and one result and one thread per due time under crashes."""

from __future__ import annotations

import json
from typing import Any, Iterator

import pytest

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.schedule_helpers import create_schedule, heartbeat_schedule, result_row, results
from tests.integration.test_crash_recovery import Crash
from tests.integration.thread_helpers import history, http_tool, make_agent, thread, threads, tool_calls
from tests.support.hook_receiver import create_hook
from wakeful import aws, clock, ddb

pytestmark = pytest.mark.long(seconds=90)


@pytest.fixture(autouse=True)
def no_active_schedules_left(stack: Any, api: Any) -> Iterator[None]:
    yield
    for agent in api.get("/agents?limit=100").json()["items"]:
        for schedule in api.get(f"/agents/{agent['id']}/schedules?limit=100").json()["items"]:
            api.delete(f"/agents/{agent['id']}/schedules/{schedule['id']}")


#: Every hook a schedule run's thread can fire (besides APPROVAL_REQUESTED).
THREAD_HOOKS = ("THREAD_STARTED", "THREAD_COMPLETED", "THREAD_FAILED", "THREAD_SLEEPING", "NOTIFICATION", "ACTION_STARTED", "ACTION_COMPLETED")


def hooked_agent(api: Any, receiver: Any, *, thread_hooks: bool = False) -> dict[str, Any]:
    """An agent with SCHEDULE_* hooks (and, when asked, every thread hook: path
    ``<hook type>-<agent id>``)."""
    agent = make_agent(api)
    create_hook(api, agent["id"], "SCHEDULE_RESULT", receiver.url(f"result-{agent['id']}"))
    create_hook(api, agent["id"], "SCHEDULE_FAILED", receiver.url(f"failed-{agent['id']}"))
    for hook_type in THREAD_HOOKS if thread_hooks else ():
        create_hook(api, agent["id"], hook_type, receiver.url(f"{hook_type}-{agent['id']}"))
    return agent


def answer(text: str, *tool_calls: dict[str, Any]) -> list[dict[str, Any]]:
    """A conversation script for a schedule run: optional tool calls, then ``text``."""
    turns: list[dict[str, Any]] = [{"tool_calls": list(tool_calls)}] if tool_calls else []
    return [{"match": "", "turns": [*turns, {"text": text}]}]


def run_due(stack: Any, api: Any, agent_id: str, schedule: dict[str, Any]) -> dict[str, Any]:
    """Scan at the schedule's due time, run everything, return its one result."""
    stack.tick(clock.parse_iso(schedule["next_run_at"]) + 1)
    stack.drain()
    [row] = results(api, agent_id, schedule["id"])
    return row


def first_request_of_run(claude: fake.FakeAnthropic, prompt_text: str) -> dict[str, Any]:
    """The run's first model request: the one whose first message carries its prompt
    (a request of some other agent's thread never counts)."""
    return next(r for r in claude.conversation_requests() if prompt_text in json.dumps(r["messages"][0]))


def deliveries_of(agent_id: str) -> list[dict[str, Any]]:
    found = []
    for hook in ddb.query("hooks", KeyConditionExpression="agent_id = :a", ExpressionAttributeValues={":a": agent_id}):
        found += list(ddb.query("hook_deliveries", index="by-hook", KeyConditionExpression="hook_id = :h", ExpressionAttributeValues={":h": hook["hook_id"]}))
    return found


@pytest.mark.parametrize("text", ["HEARTBEAT_OK", "**HEARTBEAT_OK**", "HEARTBEAT_OK.", "\n  HEARTBEAT_OK  \n"])
def test_a_checklist_run_answered_heartbeat_ok_is_heartbeat_ok_and_delivers_nothing(stack, api, receiver, claude: fake.FakeAnthropic, text):
    agent = hooked_agent(api, receiver, thread_hooks=True)
    schedule = heartbeat_schedule(api, agent["id"], cron_expression="0 * * * *")
    claude.converse(answer(text))

    row = run_due(stack, api, agent["id"], schedule)

    assert (row["status"], row["result_content"], row["notified"]) == ("heartbeat_ok", "HEARTBEAT_OK", False)
    assert deliveries_of(agent["id"]) == []
    run = thread(api, agent["id"], row["thread_id"])
    assert (run["source"], run["source_id"], run["status"]) == ("scheduled", schedule["id"], "complete")


def test_the_run_sees_the_checklist_the_heartbeat_guidance_and_the_agents_tools(stack, api, receiver, tool_server, claude: fake.FakeAnthropic):
    agent = hooked_agent(api, receiver)
    disk = http_tool(api, tool_server, "disk")
    tool_server.behaviours["disk"] = lambda r: {"success": True, "output": {"used": "41%"}}
    schedule = heartbeat_schedule(api, agent["id"], cron_expression="0 * * * *")
    claude.converse(answer("HEARTBEAT_OK", {"name": disk, "input": {}}))

    row = run_due(stack, api, agent["id"], schedule)

    assert row["status"] == "heartbeat_ok"
    first = first_request_of_run(claude, "Check the disk")
    user = first["messages"][0]["content"]
    user_text = user if isinstance(user, str) else "".join(b.get("text", "") for b in user)
    assert "## Heartbeat Checklist\nCheck each item below using your tools:\n- Check the disk\n- Check the inbox" in user_text
    assert "respond with exactly: HEARTBEAT_OK" in user_text
    system = "\n".join(block["text"] for block in first["system"])
    assert "automated heartbeat check" in system
    assert "If you call complete_task, its summary must be exactly HEARTBEAT_OK when nothing needs attention." in system
    assert disk in [t["name"] for t in first["tools"]]
    assert tool_calls(history(api, agent["id"], row["thread_id"])) == [disk]
    assert len(tool_server.requests_for("disk")) == 1


def test_a_finding_after_the_token_is_success_and_delivered_without_the_token(stack, api, receiver, claude: fake.FakeAnthropic):
    agent = hooked_agent(api, receiver)
    schedule = heartbeat_schedule(api, agent["id"], cron_expression="0 * * * *")
    claude.converse(answer("HEARTBEAT_OK\n\nBut invoice #12 is 30 days overdue."))

    row = run_due(stack, api, agent["id"], schedule)

    assert (row["status"], row["result_content"], row["notified"]) == ("success", "But invoice #12 is 30 days overdue.", True)
    [delivery] = receiver.wait_for(f"result-{agent['id']}", 1)
    assert delivery.json["hook_type"] == "SCHEDULE_RESULT"
    assert delivery.json["data"]["result_content"] == "But invoice #12 is 30 days overdue."
    assert "HEARTBEAT_OK" not in delivery.raw.decode()


def test_a_silent_run_that_used_tools_and_sent_a_notification_delivers_no_hook_of_any_kind(stack, api, receiver, tool_server, claude: fake.FakeAnthropic):
    agent = hooked_agent(api, receiver, thread_hooks=True)
    disk = http_tool(api, tool_server, "disk")
    tool_server.behaviours["disk"] = lambda r: {"success": True, "output": {"used": "41%"}}
    schedule = heartbeat_schedule(api, agent["id"], cron_expression="0 * * * *")
    claude.converse(answer("HEARTBEAT_OK", {"name": disk, "input": {}}, {"name": "send_notification", "input": {"message": "checked: HEARTBEAT_OK"}}))

    row = run_due(stack, api, agent["id"], schedule)

    assert (row["status"], row["notified"]) == ("heartbeat_ok", False)
    assert len(tool_server.requests_for("disk")) == 1  # the tool did run
    assert deliveries_of(agent["id"]) == []
    assert "held_hooks" not in result_row(schedule["id"], row["id"])  # dropped with the run


def test_a_finding_sends_the_runs_thread_hooks_at_its_end_without_the_token(stack, api, receiver, tool_server, claude: fake.FakeAnthropic):
    agent = hooked_agent(api, receiver, thread_hooks=True)
    disk = http_tool(api, tool_server, "disk")
    tool_server.behaviours["disk"] = lambda r: {"success": True, "output": {"used": "97%"}}
    schedule = heartbeat_schedule(api, agent["id"], cron_expression="0 * * * *")
    claude.converse(answer("HEARTBEAT_OK, except: the disk is 97% full.", {"name": disk, "input": {}}))

    row = run_due(stack, api, agent["id"], schedule)

    assert (row["status"], row["result_content"]) == ("success", "except: the disk is 97% full.")
    sent = {hook_type: receiver.wait_for(f"{hook_type}-{agent['id']}", 1) for hook_type in ("THREAD_STARTED", "ACTION_STARTED", "ACTION_COMPLETED", "THREAD_COMPLETED")}
    [completed] = sent["THREAD_COMPLETED"]
    assert completed.json["data"]["summary"] == "except: the disk is 97% full."
    assert [d.json["data"]["thread_id"] for d in sent["THREAD_STARTED"]] == [row["thread_id"]]
    # the run's message ends with its checklist: the instruction naming the token is left out whole
    assert sent["THREAD_STARTED"][0].json["data"]["message"].endswith("using your tools:\n- Check the disk\n- Check the inbox")
    receiver.wait_for(f"result-{agent['id']}", 1)
    for delivery in receiver.deliveries(f"THREAD_STARTED-{agent['id']}") + receiver.deliveries(f"THREAD_COMPLETED-{agent['id']}") + receiver.deliveries(f"result-{agent['id']}"):
        assert "HEARTBEAT_OK" not in delivery.raw.decode()
    assert len(deliveries_of(agent["id"])) == 5  # each once: started, two action hooks, completed, result


@pytest.mark.parametrize(
    "turn",
    [
        {"tool_calls": [{"name": "complete_task", "input": {"summary": "HEARTBEAT_OK"}}]},
        {"text": "HEARTBEAT_OK", "tool_calls": [{"name": "complete_task", "input": {"summary": "all clear"}}]},
        {"text": "All checks passed.", "tool_calls": [{"name": "complete_task", "input": {"summary": "**HEARTBEAT_OK**"}}]},
    ],
    ids=["summary-is-the-token", "text-is-the-token", "summary-is-the-dressed-token"],
)
def test_a_run_ending_with_complete_task_is_heartbeat_ok_when_its_summary_or_text_is_the_token(stack, api, receiver, claude: fake.FakeAnthropic, turn):
    agent = hooked_agent(api, receiver, thread_hooks=True)
    schedule = heartbeat_schedule(api, agent["id"], cron_expression="0 * * * *")
    claude.converse([{"match": "", "turns": [turn]}])

    row = run_due(stack, api, agent["id"], schedule)

    assert (row["status"], row["notified"]) == ("heartbeat_ok", False)
    assert thread(api, agent["id"], row["thread_id"])["status"] == "complete"
    assert deliveries_of(agent["id"]) == []


def test_a_heartbeat_thread_is_judged_run_by_run_a_silent_run_that_slept_sends_nothing_and_its_later_finding_sends_its_own_hooks(stack, api, receiver, claude: fake.FakeAnthropic):
    agent = hooked_agent(api, receiver, thread_hooks=True)
    create_hook(api, agent["id"], "THREAD_WOKEN", receiver.url(f"THREAD_WOKEN-{agent['id']}"))
    schedule = heartbeat_schedule(api, agent["id"], cron_expression="0 * * * *")
    sleep = {"name": "schedule_wake", "input": {"delay": "2h", "reason": "see whether the backup ran", "wake_on_events": ["backup_report"]}}
    claude.converse([{"match": "", "turns": [{"text": "HEARTBEAT_OK", "tool_calls": [sleep]}, {"text": "HEARTBEAT_OK: the backup did not run."}]}])

    row = run_due(stack, api, agent["id"], schedule)

    assert (row["status"], row["notified"]) == ("heartbeat_ok", False)
    slept = thread(api, agent["id"], row["thread_id"])
    assert slept["status"] == "sleeping"
    assert deliveries_of(agent["id"]) == []

    posted = api.post(f"/agents/{agent['id']}/events", json={"event_type": "backup_report", "payload": {"ran": False}})
    assert posted.status_code in (201, 202), posted.text
    stack.drain()  # the router wakes the thread (its hooks are held there too)

    [completed] = receiver.wait_for(f"THREAD_COMPLETED-{agent['id']}", 1)
    assert completed.json["data"]["summary"] == "the backup did not run."
    receiver.wait_for(f"THREAD_WOKEN-{agent['id']}", 1)
    assert sorted(d["hook_type"] for d in deliveries_of(agent["id"])) == ["THREAD_COMPLETED", "THREAD_WOKEN"]  # the first run's stay dropped
    assert "HEARTBEAT_OK" not in completed.raw.decode()


def test_a_run_ending_with_complete_task_and_a_finding_delivers_its_text_and_summary(stack, api, receiver, claude: fake.FakeAnthropic):
    agent = hooked_agent(api, receiver)
    schedule = heartbeat_schedule(api, agent["id"], cron_expression="0 * * * *")
    turn = {"text": "The backup did not run last night.", "tool_calls": [{"name": "complete_task", "input": {"summary": "Reported the missed backup"}}]}
    claude.converse([{"match": "", "turns": [turn]}])

    row = run_due(stack, api, agent["id"], schedule)

    assert (row["status"], row["result_content"]) == ("success", "The backup did not run last night.\n\nReported the missed backup")
    [delivery] = receiver.wait_for(f"result-{agent['id']}", 1)
    assert delivery.json["data"]["result_content"] == row["result_content"]


def test_a_model_error_is_error_with_a_schedule_failed_delivery(stack, api, receiver, claude: fake.FakeAnthropic):
    agent = hooked_agent(api, receiver)
    schedule = heartbeat_schedule(api, agent["id"], cron_expression="0 * * * *")
    claude.push(fake.error(400, "invalid_request_error", "prompt is too long", None))

    row = run_due(stack, api, agent["id"], schedule)

    assert row["status"] == "error" and "prompt is too long" in row["result_content"]
    [delivery] = receiver.wait_for(f"failed-{agent['id']}", 1)
    assert delivery.json["hook_type"] == "SCHEDULE_FAILED"
    assert "prompt is too long" in delivery.json["data"]["error_message"]
    assert receiver.deliveries(f"result-{agent['id']}") == []


def test_a_scheduled_run_always_notifies(stack, api, receiver, claude: fake.FakeAnthropic):
    agent = hooked_agent(api, receiver, thread_hooks=True)
    schedule = create_schedule(api, agent["id"], cron_expression="0 * * * *", prompt="Summarise the week")
    claude.converse(answer("Nothing happened this week."))

    row = run_due(stack, api, agent["id"], schedule)

    assert (row["status"], row["notified"]) == ("success", True)
    [delivery] = receiver.wait_for(f"result-{agent['id']}", 1)
    assert delivery.json["data"]["result_content"] == "Nothing happened this week."
    system = "\n".join(block["text"] for block in first_request_of_run(claude, "Summarise the week")["system"])
    assert "scheduled task" in system
    [completed] = receiver.wait_for(f"THREAD_COMPLETED-{agent['id']}", 1)
    assert completed.json["data"]["summary"] == "Nothing happened this week."


class CrashOnce:
    """The schedule runner dies once, before its ``nth`` write (botocore before-call,
    the SDK's own extension point), while it handles a schedule run."""

    WRITES = {"PutItem", "UpdateItem", "DeleteItem", "TransactWriteItems", "SendMessage", "SendMessageBatch"}

    def __init__(self, nth: int) -> None:
        self.nth = nth
        self.writes = 0
        self.crashed_on: str | None = None

    def __call__(self, model: Any = None, **_: Any) -> None:
        from wakeful_dev.lambdas import current_function

        if model is None or model.name not in self.WRITES or current_function.get() != "schedule_runner":
            return
        self.writes += 1
        if self.writes == self.nth:
            self.crashed_on = model.name
            raise Crash(f"injected crash before schedule_runner write #{self.nth} ({model.name})")

    def __enter__(self) -> "CrashOnce":
        for service in ("dynamodb", "sqs"):
            aws.client(service).meta.events.register("before-call", self, unique_id=f"crash-once-{service}")
        return self

    def __exit__(self, *exc: object) -> None:
        for service in ("dynamodb", "sqs"):
            aws.client(service).meta.events.unregister("before-call", unique_id=f"crash-once-{service}")


@pytest.mark.parametrize("nth", [1, 2, 3, 4])
def test_a_runner_crash_between_the_claim_and_the_result_write_then_redelivery_leaves_one_result_and_one_thread(stack, api, receiver, claude: fake.FakeAnthropic, nth):
    agent = hooked_agent(api, receiver)
    # Due within the minute, so well inside a thread's lease: recovery must not wait for
    # the lease to run out (a test due at the top of the hour passed or failed by the clock).
    schedule = heartbeat_schedule(api, agent["id"], cron_expression="* * * * *")
    claude.converse(answer("HEARTBEAT_OK\nThe backup did not run last night."))
    due_at = clock.parse_iso(schedule["next_run_at"])

    with CrashOnce(nth) as crash:
        stack.tick(due_at + 1)
        stack.drain()  # the crashed message comes back after its visibility timeout
    stack.tick(due_at + 2)  # a racing scan finds nothing more to claim
    stack.drain()

    assert crash.crashed_on is not None, crash.writes
    [row] = results(api, agent["id"], schedule["id"])
    assert (row["status"], row["result_content"]) == ("success", "The backup did not run last night.")
    assert [t["id"] for t in threads(api, agent["id"])] == [row["thread_id"]]
    assert len(receiver.wait_for(f"result-{agent['id']}", 1)) == 1
    assert len(deliveries_of(agent["id"])) == 1
    assert result_row(schedule["id"], row["id"]).get("start_shard") is None  # out of the start-lease index


def test_a_run_of_a_deleted_agent_ends_as_error_and_takes_the_schedule_with_it(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    schedule = heartbeat_schedule(api, agent["id"], cron_expression="0 * * * *")
    assert api.delete(f"/agents/{agent['id']}").status_code == 204

    stack.tick(clock.parse_iso(schedule["next_run_at"]) + 1)
    stack.drain()

    [row] = [r for r in ddb.query("schedule_results", KeyConditionExpression="schedule_id = :s", ExpressionAttributeValues={":s": schedule["id"]})]
    assert row["status"] == "error" and "deleted" in row["result_content"]
    assert ddb.get("schedules", {"agent_id": agent["id"], "schedule_id": schedule["id"]}) is None
    assert claude.conversation_requests() == []


class FailResultWriteOnce:
    """The thread runner's write of a schedule result fails once (a DynamoDB error
    after the SDK's retries), through botocore's before-parameter-build extension point."""

    def __init__(self) -> None:
        self.failed = False

    def __call__(self, model: Any = None, params: Any = None, **_: Any) -> None:
        from wakeful_dev.lambdas import current_function

        if self.failed or current_function.get() != "thread_runner":
            return
        tables = {next(iter(item.values()))["TableName"] for item in (params or {}).get("TransactItems", [])}
        if ddb.table("schedule_results") in tables:
            self.failed = True
            raise Crash("injected failure of the schedule result write")

    def __enter__(self) -> "FailResultWriteOnce":
        aws.client("dynamodb").meta.events.register("before-parameter-build.dynamodb.TransactWriteItems", self, unique_id="fail-result-write")
        return self

    def __exit__(self, *exc: object) -> None:
        aws.client("dynamodb").meta.events.unregister("before-parameter-build.dynamodb.TransactWriteItems", unique_id="fail-result-write")


def test_a_failed_result_write_at_the_end_of_a_run_is_written_once_when_the_step_comes_back(stack, api, receiver, claude: fake.FakeAnthropic):
    agent = hooked_agent(api, receiver, thread_hooks=True)
    schedule = heartbeat_schedule(api, agent["id"], cron_expression="* * * * *")
    claude.converse(answer("The backup did not run last night."))

    with FailResultWriteOnce() as failure:
        stack.tick(clock.parse_iso(schedule["next_run_at"]) + 1)
        stack.drain()  # the run's last step comes back after its visibility timeout

    assert failure.failed
    [row] = results(api, agent["id"], schedule["id"])
    assert (row["status"], row["result_content"]) == ("success", "The backup did not run last night.")
    got = api.get(f"/agents/{agent['id']}/schedules/{schedule['id']}").json()
    assert (got["counts"]["runs"], got["counts"]["findings"]) == (1, 1), got
    assert len(receiver.wait_for(f"result-{agent['id']}", 1)) == 1
    assert len(receiver.wait_for(f"THREAD_COMPLETED-{agent['id']}", 1)) == 1
    assert sorted(d["hook_type"] for d in deliveries_of(agent["id"])) == ["SCHEDULE_RESULT", "THREAD_COMPLETED", "THREAD_STARTED"]
