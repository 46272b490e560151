"""Hooks against the local stack: the state machine moto runs, idempotent firing,
``hook_types`` upkeep, disabling, cancelling, and the SSRF rules outside dev mode."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from typing import Any


from tests.support import iam_audit, openapi_check
from tests.support.hook_receiver import Answer, create_hook, dead_url, quiet_agent
from wakeful import aws, ddb, hooks
from wakeful.agents import repository as agents_repository
from wakeful.agents.records import Agent
from wakeful.hooks import outbox
from wakeful_dev.lambdas import REPO_ROOT




def wait_final(delivery_id: str, timeout: float = 60.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        row = ddb.get("hook_deliveries", {"delivery_id": delivery_id})
        if row and row["status"] in ("SUCCESS", "FAILED", "CANCELLED"):
            return row
        time.sleep(0.05)
    raise AssertionError(f"delivery {delivery_id} did not finish: {row}")


def wait_executions_ended(stack: Any, name: str, timeout: float = 60.0) -> list[dict[str, Any]]:
    """The state machine's executions named ``name``, once none of them is running."""
    sfn = aws.client("stepfunctions")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = [e for e in sfn.list_executions(stateMachineArn=stack.hook_state_machine_arn)["executions"] if e["name"] == name]
        if found and all(e["status"] != "RUNNING" for e in found):
            return found
        time.sleep(0.05)
    raise AssertionError(f"execution {name} still running after {timeout} s")


def attempts(hook_id: str) -> list[dict[str, Any]]:
    return list(ddb.query("hook_executions", KeyConditionExpression="hook_id = :h", ExpressionAttributeValues={":h": hook_id}))


def agent_record(agent_id: str) -> Agent:
    agent = agents_repository.get(agent_id)
    assert agent is not None
    return agent


def test_the_state_machine_moto_runs_is_the_definition_file(stack):
    described = aws.client("stepfunctions").describe_state_machine(stateMachineArn=stack.hook_state_machine_arn)
    function_arn = aws.client("lambda").get_function(FunctionName="wakeful-deliver-hook")["Configuration"]["FunctionArn"]
    assert json.loads(described["definition"]) == json.loads(hooks.definition(function_arn))
    assert described["type"] == "STANDARD"


def test_firing_the_same_lifecycle_point_twice_delivers_once(stack, api, receiver):
    agent = quiet_agent(api)
    hook = create_hook(api, agent["id"], "AFTER_HEARTBEAT", receiver.url("once"))
    item = agent_record(agent["id"])

    first = outbox.start_deliveries(item, "AFTER_HEARTBEAT", {"n": 1}, heartbeat_id="hb_x", delivery_key="hb_x:after")
    second = outbox.start_deliveries(item, "AFTER_HEARTBEAT", {"n": 1}, heartbeat_id="hb_x", delivery_key="hb_x:after")

    assert first == second and len(first) == 1
    assert wait_final(first[0])["status"] == "SUCCESS"
    # a third firing after the delivery finished is still the same delivery
    assert outbox.start_deliveries(item, "AFTER_HEARTBEAT", {"n": 1}, delivery_key="hb_x:after") == first
    # Nothing more can arrive once the one execution of this delivery has ended.
    executions = wait_executions_ended(stack, first[0])
    assert len(executions) == 1
    assert [d.header("webhook-id") for d in receiver.deliveries("once")] == first
    assert len(attempts(hook["id"])) == 1


def test_the_agent_lists_the_types_of_its_active_hooks_only(stack, api, receiver):
    agent = quiet_agent(api)
    assert not agent_record(agent["id"]).hook_types
    a = create_hook(api, agent["id"], "ACTION_FAILED", receiver.url("t"))
    b = create_hook(api, agent["id"], "BEFORE_MY_TOOL", receiver.url("t"), is_active=False)
    assert agent_record(agent["id"]).hook_types == ("ACTION_FAILED",)

    assert api.patch(f"/agents/{agent['id']}/hooks/{b['id']}", json={"is_active": True}).status_code == 200
    assert agent_record(agent["id"]).hook_types == ("ACTION_FAILED", "BEFORE_MY_TOOL")
    assert api.patch(f"/agents/{agent['id']}/hooks/{a['id']}", json={"is_active": False}).status_code == 200
    assert agent_record(agent["id"]).hook_types == ("BEFORE_MY_TOOL",)
    assert api.delete(f"/agents/{agent['id']}/hooks/{b['id']}").status_code == 204
    assert agent_record(agent["id"]).hook_types == ()


def test_patch_changes_only_the_fields_sent(stack, api, receiver):
    agent = quiet_agent(api)
    hook = create_hook(api, agent["id"], "ACTION_FAILED", receiver.url("p"), retry_config={"max_retries": 7, "timeout_ms": 900})
    path = f"/agents/{agent['id']}/hooks/{hook['id']}"

    patched = api.patch(path, json={"retry_config": {"max_retries": 1}}).json()
    assert patched["retry_config"] == {"max_retries": 1, "timeout_ms": 900}
    assert patched["endpoint_url"] == hook["endpoint_url"] and patched["is_active"] is True
    assert api.patch(path, json={"retry_config": {"timeout_ms": 31000}}).status_code == 422
    assert api.patch(path, json={"endpoint_url": "http://10.0.0.1/x"}).status_code == 422
    assert api.get(path).json()["retry_config"] == {"max_retries": 1, "timeout_ms": 900}


def test_an_endpoint_failing_longer_than_the_period_is_disabled_with_a_reason(stack, api):
    agent = quiet_agent(api)
    hook = create_hook(api, agent["id"], "ACTION_FAILED", dead_url(), retry_config={"max_retries": 3})
    # Arrange: the hook has been failing for six days (the period is five).
    ddb.client().update_item(
        TableName=ddb.table("hooks"),
        Key=ddb.serialize({"agent_id": agent["id"], "hook_id": hook["id"]}),
        UpdateExpression="SET failing_since = :t",
        ExpressionAttributeValues=ddb.values({":t": time.time() - 6 * 24 * 3600}),
    )
    delivery_id = api.post(f"/agents/{agent['id']}/hooks/{hook['id']}/test").json()["delivery_id"]

    assert wait_final(delivery_id)["status"] == "FAILED"
    assert len(attempts(hook["id"])) == 1  # disabled at once: no retries
    disabled = api.get(f"/agents/{agent['id']}/hooks/{hook['id']}").json()
    assert disabled["is_active"] is False
    assert "every delivery failed since" in disabled["disabled_reason"]
    assert "ConnectionError" in disabled["disabled_reason"]
    assert agent_record(agent["id"]).hook_types == ()

    enabled = api.patch(f"/agents/{agent['id']}/hooks/{hook['id']}", json={"is_active": True}).json()
    assert enabled["is_active"] is True and enabled["disabled_reason"] is None and enabled["failing_since"] is None
    assert agent_record(agent["id"]).hook_types == ("ACTION_FAILED",)


def test_a_recent_failure_streak_does_not_disable_the_hook(stack, api):
    agent = quiet_agent(api)
    hook = create_hook(api, agent["id"], "ACTION_FAILED", dead_url(), retry_config={"max_retries": 0})
    delivery_id = api.post(f"/agents/{agent['id']}/hooks/{hook['id']}/test").json()["delivery_id"]
    assert wait_final(delivery_id)["status"] == "FAILED"
    got = api.get(f"/agents/{agent['id']}/hooks/{hook['id']}").json()
    assert got["is_active"] is True and got["failing_since"] is not None


def test_deleting_a_hook_cancels_its_pending_retries(stack, api, receiver):
    # The promise (docs/hooks.md): no attempt starts after the delete; one attempt that
    # had already read the hook may still arrive. With max_retries 5 and every answer a
    # 500, anything but cancellation would deliver 6 times.
    receiver.script("gone", [Answer(500)] * 6)
    agent = quiet_agent(api)
    hook = create_hook(api, agent["id"], "ACTION_FAILED", receiver.url("gone"), retry_config={"max_retries": 5})
    delivery_id = api.post(f"/agents/{agent['id']}/hooks/{hook['id']}/test").json()["delivery_id"]
    receiver.wait_for("gone", 1)
    before_delete = len(receiver.deliveries("gone"))
    assert api.delete(f"/agents/{agent['id']}/hooks/{hook['id']}").status_code == 204

    row = wait_final(delivery_id)
    assert row["status"] == "CANCELLED" and "deleted" in row["error_message"]
    assert before_delete <= len(receiver.deliveries("gone")) <= before_delete + 1


# -- outside dev mode ----------------------------------------------------------------
# The handlers run as the local runtime runs them (lambdas.invoke), their AWS calls
# recorded for the IAM audit of the session (tests/support/iam_audit.py).
_PROD_SCRIPT = r"""
import json, sys
from tests.support import iam_audit
iam_audit.RECORDER.install()
iam_audit.RECORDER.active = True
from wakeful_dev.gateway import proxy_event
from wakeful_dev.lambdas import invoke
from wakeful.config import get_settings

assert get_settings().dev_mode is False
args = json.loads(sys.argv[1])
out = {"register": [], "deliver": None}
for url in args["urls"]:
    body = json.dumps({"hook_type": "AFTER_HEARTBEAT", "endpoint_url": url}).encode()
    headers = {"Authorization": "Bearer " + args["key"], "Content-Type": "application/json"}
    answer = invoke("api", proxy_event("POST", "/agents/%s/hooks" % args["agent_id"], headers, body, "127.0.0.1"))
    out["register"].append([url, answer["statusCode"], json.loads(answer["body"]), answer])
out["deliver"] = invoke("deliver_hook", args["deliver_event"])
out["calls"] = sorted(iam_audit.RECORDER.calls)
print(json.dumps(out))
"""

REFUSED = [
    "http://127.0.0.1/hook",
    "http://169.254.169.254/latest/meta-data/",
    "http://10.0.0.1/hook",
    "https://127.0.0.1/hook",
    "https://169.254.169.254/latest/meta-data/",
    "https://10.0.0.1/hook",
    "https://192.168.1.10/hook",
    "https://[::1]/hook",
    "https://localhost/hook",  # a hostname that resolves to loopback
]
PUBLIC = "https://93.184.215.14/hook"  # a public address literal: no DNS needed


def test_outside_dev_mode_private_targets_are_refused_at_registration_and_at_delivery(stack, api, receiver):
    agent = quiet_agent(api)
    # Registered in dev mode (loopback allowed) and delivered once there.
    hook = create_hook(api, agent["id"], "AFTER_HEARTBEAT", receiver.url("prod"), retry_config={"max_retries": 0})
    delivery_id = api.post(f"/agents/{agent['id']}/hooks/{hook['id']}/test").json()["delivery_id"]
    assert wait_final(delivery_id)["status"] == "SUCCESS"
    assert len(receiver.deliveries("prod")) == 1

    deliver_event = {
        "delivery_id": delivery_id,
        "hook_id": hook["id"],
        "agent_id": agent["id"],
        "attempt": 0,
        "max_retries": 0,
        "timeout_ms": 1000,
        "backoff_base_seconds": 1,
        "carry_ms": 0,
        "replay": 1,
    }
    # Outside dev mode a function is given its tables by name, as on AWS.
    from wakeful import constants
    from wakeful.config import get_settings

    tables = {var: get_settings().table(name) for name, var in constants.TABLE_ENV.items()}
    env = {**os.environ, **tables, "WAKEFUL_DEV_MODE": "0"}
    args = {"key": api.key, "agent_id": agent["id"], "urls": [*REFUSED, PUBLIC], "deliver_event": deliver_event}
    run = subprocess.run(
        [sys.executable, "-c", _PROD_SCRIPT, json.dumps(args)],
        cwd=REPO_ROOT, env=env, capture_output=True, text=True, timeout=60,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    out = json.loads(run.stdout.strip().splitlines()[-1])
    iam_audit.RECORDER.add(iam_audit.Call(*call) for call in out["calls"])

    for *_, answer in out["register"]:  # the API's answers, checked against its document
        openapi_check.check_lambda_answer("POST", f"{stack.api_url}/agents/{agent['id']}/hooks", answer)
    for url, status, body, _ in out["register"][:-1]:
        assert status == 422, (url, body)
        assert body["error"]["code"] == "validation_error"
    assert "non-public" in out["register"][-2][2]["error"]["message"]  # localhost: refused for its address
    assert out["register"][-1][1] == 201, out["register"][-1]  # the same check lets a public address through

    assert out["deliver"]["outcome"] == "FAILED"
    assert len(receiver.deliveries("prod")) == 1  # nothing was sent
    refused = [a for a in attempts(hook["id"]) if a.get("replay") == 1]
    assert len(refused) == 1 and "refused to call the endpoint" in refused[0]["error_message"]


def test_a_delivery_read_by_id_shows_the_body_it_sent_and_the_hook_is_named_in_a_header(stack, api, receiver):
    agent = quiet_agent(api)
    hook = create_hook(api, agent["id"], "AFTER_HEARTBEAT", receiver.url("byid"))
    delivery_id = outbox.start_deliveries(agent_record(agent["id"]), "AFTER_HEARTBEAT", {"n": 7}, heartbeat_id="hb_byid")[0]
    wait_final(delivery_id)
    (sent,) = receiver.wait_for("byid", 1)
    assert sent.header("X-Wakeful-Hook-Id") == hook["id"]

    response = api.get(f"/agents/{agent['id']}/hooks/{hook['id']}/deliveries/{delivery_id}")
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["payload"] == sent.json and body["payload"]["data"] == {"n": 7}
    assert (body["id"], body["hook_type"], body["status"], body["attempts"]) == (delivery_id, "AFTER_HEARTBEAT", "SUCCESS", 1)
    assert body["created_at"]


def test_a_delivery_unknown_or_another_owners_is_not_found(stack, api, other_api, receiver):
    agent = quiet_agent(api)
    hook = create_hook(api, agent["id"], "AFTER_HEARTBEAT", receiver.url("theirs"))
    delivery_id = outbox.start_deliveries(agent_record(agent["id"]), "AFTER_HEARTBEAT", {"n": 1})[0]
    wait_final(delivery_id)
    path = f"/agents/{agent['id']}/hooks/{hook['id']}/deliveries"

    unknown = api.get(f"{path}/hd_unknown")
    assert unknown.status_code == 404 and unknown.json()["error"] == {"code": "not_found", "message": "delivery hd_unknown not found"}
    theirs = other_api.get(f"{path}/{delivery_id}")
    assert theirs.status_code == 404 and theirs.json()["error"]["code"] == "not_found"
    assert "payload" not in theirs.text
