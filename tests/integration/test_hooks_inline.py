"""A hook delivery's first attempt made by the function that fires it (no state machine
on the happy path), its hand-over to the deliver-hook state machine when it fails,
and the scan's take-over when the firing function dies between the POST and its record.

Hooks fire inside an invocation whose time is known (``wakeful.invocation.budget``,
which every handler opens from its Lambda context), against a recording receiver on
loopback; retries run in moto's Step Functions interpreter. Deaths are injected with a
botocore event hook (the SDK's own extension point), raising a BaseException the way a
killed worker stops: nothing in the firing function catches it.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from standardwebhooks import Webhook

from tests.support.hook_receiver import Answer, create_hook, dead_url, quiet_agent
from wakeful import aws, ddb, invocation
from wakeful.agents import repository as agents_repository
from wakeful.agents.records import Agent
from wakeful.config import get_settings
from wakeful.hooks import deferral, outbox

pytestmark = pytest.mark.long(seconds=30)

FINAL = ("SUCCESS", "FAILED", "CANCELLED")


class WorkerDied(BaseException):
    """The firing function's invocation ended here (killed, timed out)."""


def agent_record(agent_id: str) -> Agent:
    agent = agents_repository.get(agent_id)
    assert agent is not None
    return agent


def delivery_row(delivery_id: str) -> dict[str, Any]:
    row = ddb.get("hook_deliveries", {"delivery_id": delivery_id})
    assert row is not None
    return row


def wait_final(delivery_id: str, timeout: float = 60.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    row: dict[str, Any] | None = None
    while time.monotonic() < deadline:
        row = ddb.get("hook_deliveries", {"delivery_id": delivery_id})
        if row and row["status"] in FINAL:
            return row
        time.sleep(0.05)
    raise AssertionError(f"delivery {delivery_id} did not finish: {row}")


def attempts(hook_id: str) -> list[dict[str, Any]]:
    """The hook's attempt rows, newest first (as the API lists them)."""
    rows = ddb.query("hook_executions", KeyConditionExpression="hook_id = :h", ExpressionAttributeValues={":h": hook_id})
    return sorted(rows, key=lambda r: r["execution_id"], reverse=True)


def executions_named(stack: Any, name: str) -> list[dict[str, Any]]:
    found = aws.client("stepfunctions").list_executions(stateMachineArn=stack.hook_state_machine_arn)["executions"]
    return [e for e in found if e["name"] == name]


def fire_in_invocation(agent_id: str, hook_type: str, key: str, *, remaining_ms: int = 60_000) -> list[str]:
    """Fire as a handler would, inside an invocation with ``remaining_ms`` left."""
    with invocation.budget(remaining_ms):
        return outbox.start_deliveries(agent_record(agent_id), hook_type, {"n": 1}, heartbeat_id="hb_inline", delivery_key=key)


class DieBefore:
    """Raises WorkerDied before the first DynamoDB ``operation`` on ``table`` (once)."""

    def __init__(self, operation: str, table: str) -> None:
        self.operation, self.table = operation, ddb.table(table)
        self.fired = False

    def __call__(self, params: dict[str, Any], **_: Any) -> None:
        if not self.fired and params.get("TableName") == self.table:
            self.fired = True
            raise WorkerDied(f"the worker died before {self.operation} on {self.table}")

    def __enter__(self) -> "DieBefore":
        aws.client("dynamodb").meta.events.register(f"before-parameter-build.dynamodb.{self.operation}", self, unique_id="die-before")
        return self

    def __exit__(self, *exc: object) -> None:
        aws.client("dynamodb").meta.events.unregister(f"before-parameter-build.dynamodb.{self.operation}", unique_id="die-before")


def past_the_lease(delivery_id: str) -> float:
    """A scan time after the delivery's inline lease ran out."""
    return float(delivery_row(delivery_id)["lease_until"]) + 1


# -- the happy path: one POST, one row, no state machine --------------------------------
def test_a_heartbeat_hook_is_delivered_by_the_orchestrator_itself_without_a_state_machine(stack, api, receiver):
    agent = api.create_agent()
    hook = create_hook(api, agent["id"], "AFTER_HEARTBEAT", receiver.url("after"))
    stack.tick()
    stack.drain()

    (got,) = receiver.wait_for("after", 1)
    delivery_id = got.header("webhook-id")
    assert delivery_id and delivery_id == got.header("X-Wakeful-Delivery-Id")
    assert Webhook(hook["secret"]).verify(got.raw, got.headers) == got.json
    assert got.header("X-Wakeful-Hook-Type") == "AFTER_HEARTBEAT" and got.header("X-Wakeful-Agent-Id") == agent["id"]
    assert got.json["data"]["status"] == "COMPLETED"
    row = delivery_row(delivery_id)
    assert (row["status"], row["attempts"], row["last_status_code"]) == ("SUCCESS", 1, 200)
    assert "lease_until" not in row and "lease_shard" not in row  # out of the take-over index
    [attempt] = attempts(hook["id"])
    assert (attempt["status"], attempt["retry_count"], attempt["status_code"], attempt["delivery_id"]) == ("SUCCESS", 0, 200, delivery_id)
    assert executions_named(stack, delivery_id) == []  # no Step Functions execution at all


def test_firing_the_same_point_again_after_an_inline_delivery_delivers_nothing_more(stack, api, receiver):
    agent = quiet_agent(api)
    hook = create_hook(api, agent["id"], "ACTION_FAILED", receiver.url("again"))
    first = fire_in_invocation(agent["id"], "ACTION_FAILED", "act_1:failed")
    second = fire_in_invocation(agent["id"], "ACTION_FAILED", "act_1:failed")

    assert first == second and len(first) == 1
    assert delivery_row(first[0])["status"] == "SUCCESS"
    assert len(receiver.deliveries("again")) == 1 and len(attempts(hook["id"])) == 1
    assert executions_named(stack, first[0]) == []


# -- a failed first attempt: Step Functions retries at attempt 1 after the backoff -------
def test_a_failed_inline_attempt_hands_over_at_retry_1_with_the_backoff_the_same_id_and_body(stack, api, receiver):
    base = get_settings().hook_backoff_base_seconds
    receiver.script("flaky", [Answer(500), Answer(503), Answer(200)])
    agent = quiet_agent(api)
    hook = create_hook(api, agent["id"], "ACTION_FAILED", receiver.url("flaky"), retry_config={"max_retries": 4})

    [delivery_id] = fire_in_invocation(agent["id"], "ACTION_FAILED", "act_2:failed")
    # Back from the firing: attempt 0 is recorded, the rest belongs to Step Functions.
    [first] = attempts(hook["id"])
    assert (first["status"], first["retry_count"], first["status_code"]) == ("RETRYING", 0, 500)
    assert 0.8 * base * 1000 <= first["next_retry_in_ms"] <= 1.2 * base * 1000
    assert delivery_row(delivery_id)["status"] in ("RETRYING", "SUCCESS")

    final = wait_final(delivery_id)
    assert (final["status"], final["attempts"]) == ("SUCCESS", 3)
    rows = attempts(hook["id"])
    assert [(r["status"], r["retry_count"], r["status_code"]) for r in rows] == [
        ("SUCCESS", 2, 200),
        ("RETRYING", 1, 503),
        ("RETRYING", 0, 500),
    ]
    got = receiver.deliveries("flaky")
    assert len(got) == 3
    assert {d.header("webhook-id") for d in got} == {delivery_id}
    assert len({d.raw for d in got}) == 1
    assert all(Webhook(hook["secret"]).verify(d.raw, d.headers) for d in got)
    # Each retry waited at least the backoff its attempt scheduled (base x 2^(n-1) +-20%).
    scheduled = [r["next_retry_in_ms"] / 1000 for r in reversed(rows[1:])]
    assert 0.8 * 2 * base <= scheduled[1] <= 1.2 * 2 * base
    for (earlier, later), wait in zip(zip(got, got[1:], strict=False), scheduled, strict=True):
        assert later.at - earlier.at >= wait - 0.05
    assert len(executions_named(stack, delivery_id)) == 1  # one execution, from attempt 1


def test_a_dead_endpoint_fired_inline_gets_max_retries_plus_one_attempts_then_fails(stack, api):
    agent = quiet_agent(api)
    hook = create_hook(api, agent["id"], "ACTION_FAILED", dead_url(), retry_config={"max_retries": 2})

    [delivery_id] = fire_in_invocation(agent["id"], "ACTION_FAILED", "act_3:failed")

    final = wait_final(delivery_id)
    assert (final["status"], final["attempts"]) == ("FAILED", 3)
    rows = attempts(hook["id"])
    assert [(r["status"], r["retry_count"]) for r in rows] == [("FAILED", 2), ("RETRYING", 1), ("RETRYING", 0)]
    assert all("ConnectionError" in r["error_message"] and r.get("status_code") is None for r in rows)


def test_a_hook_without_retries_that_fails_inline_ends_failed_without_a_state_machine(stack, api, receiver):
    receiver.script("once", [Answer(500)])
    agent = quiet_agent(api)
    hook = create_hook(api, agent["id"], "ACTION_FAILED", receiver.url("once"), retry_config={"max_retries": 0})

    [delivery_id] = fire_in_invocation(agent["id"], "ACTION_FAILED", "act_4:failed")

    row = delivery_row(delivery_id)
    assert (row["status"], row["attempts"], row["last_status_code"]) == ("FAILED", 1, 500)
    assert [(r["status"], r["retry_count"]) for r in attempts(hook["id"])] == [("FAILED", 0)]
    assert executions_named(stack, delivery_id) == []


def test_a_410_answered_inline_disables_the_hook_and_ends_the_delivery(stack, api, receiver):
    receiver.script("gone", [Answer(410)])
    agent = quiet_agent(api)
    hook = create_hook(api, agent["id"], "ACTION_FAILED", receiver.url("gone"))

    [delivery_id] = fire_in_invocation(agent["id"], "ACTION_FAILED", "act_5:failed")

    assert delivery_row(delivery_id)["status"] == "FAILED"
    [row] = attempts(hook["id"])
    assert (row["status"], row["status_code"]) == ("FAILED", 410)
    fetched = api.get(f"/agents/{agent['id']}/hooks/{hook['id']}").json()
    assert fetched["is_active"] is False and "410" in fetched["disabled_reason"]
    assert agent_record(agent["id"]).hook_types == ()
    assert executions_named(stack, delivery_id) == [] and len(receiver.deliveries("gone")) == 1


def test_a_timeout_inline_is_a_timeout_row_and_is_retried_by_the_state_machine(stack, api, receiver):
    # The retry's own deadline leaves room for a busy machine; the first answer outlasts it.
    receiver.script("slow", [Answer(200, delay=4), Answer(200)])
    agent = quiet_agent(api)
    hook = create_hook(api, agent["id"], "ACTION_FAILED", receiver.url("slow"), retry_config={"max_retries": 1, "timeout_ms": 2000})

    [delivery_id] = fire_in_invocation(agent["id"], "ACTION_FAILED", "act_6:failed")

    assert wait_final(delivery_id)["status"] == "SUCCESS"
    rows = attempts(hook["id"])
    assert [(r["status"], r["retry_count"]) for r in rows] == [("SUCCESS", 1), ("TIMEOUT", 0)]
    assert "2000 ms" in rows[1]["error_message"] and rows[1]["next_retry_in_ms"] > 0


# -- when the firing function does not attempt ------------------------------------------
def test_without_the_time_for_its_timeout_or_inside_the_scan_or_api_a_delivery_starts_the_state_machine(stack, api, receiver):
    agent = quiet_agent(api)
    short = create_hook(api, agent["id"], "ACTION_FAILED", receiver.url("short"), retry_config={"timeout_ms": 5000})
    started = []
    # 5 s of timeout_ms + the reserve do not fit in 12 s.
    started += fire_in_invocation(agent["id"], "ACTION_FAILED", "act_7:failed", remaining_ms=12_000)
    with deferral.deferred():
        started += fire_in_invocation(agent["id"], "ACTION_FAILED", "act_8:failed")
    # Outside an invocation the time left is unknown.
    started += outbox.start_deliveries(agent_record(agent["id"]), "ACTION_FAILED", {"n": 1}, delivery_key="act_9:failed")

    for delivery_id in started:
        assert wait_final(delivery_id)["status"] == "SUCCESS"
        assert len(executions_named(stack, delivery_id)) == 1
    assert len(attempts(short["id"])) == 3
    assert all("lease_until" not in delivery_row(d) for d in started)


def test_a_timeout_above_the_inline_limit_goes_to_the_state_machine(stack, api, receiver):
    limit = get_settings().hook_inline_max_ms
    agent = quiet_agent(api)
    create_hook(api, agent["id"], "ACTION_FAILED", receiver.url("long"), retry_config={"timeout_ms": limit + 1000})

    [delivery_id] = fire_in_invocation(agent["id"], "ACTION_FAILED", "act_10:failed", remaining_ms=300_000)

    assert wait_final(delivery_id)["status"] == "SUCCESS"
    assert len(executions_named(stack, delivery_id)) == 1


# -- a crash between the attempt and its record ------------------------------------------
def test_a_worker_dying_after_the_post_before_the_record_ends_with_one_success_and_a_redelivery_under_the_same_id(stack, api, receiver):
    agent = quiet_agent(api)
    hook = create_hook(api, agent["id"], "ACTION_FAILED", receiver.url("died"))
    with DieBefore("PutItem", "hook_executions"), pytest.raises(WorkerDied):
        fire_in_invocation(agent["id"], "ACTION_FAILED", "act_11:failed")
    (first,) = receiver.deliveries("died")  # the endpoint got it; nothing was recorded
    delivery_id = first.header("webhook-id")
    assert delivery_row(delivery_id)["status"] == "PENDING" and attempts(hook["id"]) == []

    # Before the lease runs out the scan leaves it alone (the attempt may still be going).
    assert stack.tick()["hooks_taken_over"] == 0
    result_time = past_the_lease(delivery_id)
    result = stack.tick(result_time)
    assert result["hooks_taken_over"] == 1

    final = wait_final(delivery_id)
    assert (final["status"], final["attempts"]) == ("SUCCESS", 2)
    rows = attempts(hook["id"])
    assert [(r["status"], r["retry_count"]) for r in rows] == [("SUCCESS", 1), ("RETRYING", 0)]
    assert "stopped before it recorded" in rows[1]["error_message"]
    assert [r["status"] for r in rows].count("SUCCESS") == 1
    got = receiver.deliveries("died")
    assert len(got) == 2 and {d.header("webhook-id") for d in got} == {delivery_id} and len({d.raw for d in got}) == 1
    assert "lease_until" not in delivery_row(delivery_id)
    # A later scan finds nothing more to do.
    assert stack.tick(result_time + 60)["hooks_taken_over"] == 0


def test_a_worker_dying_after_recording_its_success_is_finished_by_the_scan_without_a_second_post(stack, api, receiver):
    agent = quiet_agent(api)
    hook = create_hook(api, agent["id"], "ACTION_FAILED", receiver.url("recorded"))
    with DieBefore("UpdateItem", "hook_deliveries"), pytest.raises(WorkerDied):
        fire_in_invocation(agent["id"], "ACTION_FAILED", "act_12:failed")
    (got,) = receiver.deliveries("recorded")
    delivery_id = got.header("webhook-id")
    assert [r["status"] for r in attempts(hook["id"])] == ["SUCCESS"]
    assert delivery_row(delivery_id)["status"] == "PENDING"

    assert stack.tick(past_the_lease(delivery_id))["hooks_taken_over"] == 1

    row = delivery_row(delivery_id)
    assert (row["status"], row["attempts"], row["last_status_code"]) == ("SUCCESS", 1, 200)
    assert "lease_until" not in row
    assert [r["status"] for r in attempts(hook["id"])] == ["SUCCESS"]
    assert len(receiver.deliveries("recorded")) == 1
    assert executions_named(stack, delivery_id) == []


def test_a_worker_dying_after_recording_a_failure_before_the_hand_over_is_handed_over_by_the_scan(stack, api, receiver):
    receiver.script("handover", [Answer(500), Answer(200)])
    agent = quiet_agent(api)
    hook = create_hook(api, agent["id"], "ACTION_FAILED", receiver.url("handover"))
    with DieBefore("UpdateItem", "hook_deliveries"), pytest.raises(WorkerDied):
        fire_in_invocation(agent["id"], "ACTION_FAILED", "act_13:failed")
    delivery_id = receiver.deliveries("handover")[0].header("webhook-id")

    assert stack.tick(past_the_lease(delivery_id))["hooks_taken_over"] == 1

    final = wait_final(delivery_id)
    assert (final["status"], final["attempts"]) == ("SUCCESS", 2)
    assert [(r["status"], r["retry_count"]) for r in attempts(hook["id"])] == [("SUCCESS", 1), ("RETRYING", 0)]
    assert len(receiver.deliveries("handover")) == 2


def test_a_firing_function_slower_than_its_lease_leaves_the_delivery_to_the_scan_and_records_nothing(stack, api, receiver):
    """The scan takes the delivery over while the firing function is still about to
    record: the late writer's row is refused, and the delivery is finished once."""
    agent = quiet_agent(api)
    hook = create_hook(api, agent["id"], "ACTION_FAILED", receiver.url("late"))
    table = ddb.table("hook_executions")
    arrived, resume = threading.Event(), threading.Event()
    firing_thread = threading.current_thread()

    def hold(params: dict[str, Any], **_: Any) -> None:
        if params.get("TableName") == table and threading.current_thread() is firing_thread and not arrived.is_set():
            arrived.set()
            assert resume.wait(60)

    events = aws.client("dynamodb").meta.events
    events.register("before-parameter-build.dynamodb.PutItem", hold, unique_id="hold-record")
    outcome: dict[str, Any] = {}

    def scan_when_held() -> None:
        assert arrived.wait(60)
        delivery_id = receiver.deliveries("late")[0].header("webhook-id")
        outcome["scan"] = stack.tick(past_the_lease(delivery_id))
        resume.set()

    scanner = threading.Thread(target=scan_when_held)
    scanner.start()
    try:
        [delivery_id] = fire_in_invocation(agent["id"], "ACTION_FAILED", "act_14:failed")
    finally:
        resume.set()
        scanner.join(60)
        events.unregister("before-parameter-build.dynamodb.PutItem", unique_id="hold-record")

    assert outcome["scan"]["hooks_taken_over"] == 1
    final = wait_final(delivery_id)
    assert (final["status"], final["attempts"]) == ("SUCCESS", 2)
    rows = attempts(hook["id"])
    assert [(r["status"], r["retry_count"]) for r in rows] == [("SUCCESS", 1), ("RETRYING", 0)]
    assert "stopped before it recorded" in rows[1]["error_message"]
    assert {d.header("webhook-id") for d in receiver.deliveries("late")} == {delivery_id}
