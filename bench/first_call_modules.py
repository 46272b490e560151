"""Is :data:`import_cost.FIRST_CALL` honest? Invokes each non-LLM handler for real, once,
in a fresh interpreter (AWS emulated in-process by moto), and prints the modules of
Wakeful, Powertools, pydantic and anthropic that the real first invocation loads and
the handler's FIRST_CALL statements do not.

The events are small but real (an unknown agent, an empty scan, a request without a
key ...): a first call on a path that does more work may import more. The emulator
itself imports many libraries, so only the four families above are compared.

Usage: ``python bench/first_call_modules.py [handler ...]``; exits 1 if a handler's
first call loads a module its FIRST_CALL does not.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from import_cost import FIRST_CALL, LLM_HANDLERS  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
FAMILIES = ("wakeful", "aws_lambda_powertools", "pydantic", "pydantic_core", "anthropic")
NOW = "2030-01-01T00:00:00Z"


def _sqs(body: dict, group: str | None = None) -> dict:
    attributes = {"MessageGroupId": group, "MessageDeduplicationId": "d1"} if group else {}
    return {
        "Records": [
            {
                "messageId": "m1",
                "receiptHandle": "r1",
                "body": json.dumps(body),
                "attributes": {"ApproximateReceiveCount": "1", **attributes},
                "messageAttributes": {},
                "eventSource": "aws:sqs",
                "eventSourceARN": "arn:aws:sqs:us-east-1:123456789012:q",
            }
        ]
    }


def _api(method: str, path: str, body: str | None = None) -> dict:
    return {
        "httpMethod": method,
        "path": path,
        "resource": "/{proxy+}",
        "headers": {"Authorization": "Bearer {key}", "Content-Type": "application/json"},
        "multiValueHeaders": {},
        "queryStringParameters": None,
        "multiValueQueryStringParameters": None,
        "pathParameters": None,
        "body": body,
        "isBase64Encoded": False,
        "requestContext": {"requestId": "r1", "path": path, "stage": "prod", "identity": {"sourceIp": "203.0.113.1"}},
    }


#: A real first event per handler (``{key}`` is replaced by a valid API key).
EVENTS: dict[str, dict] = {
    "api": _api("GET", "/agents/agt_1/heartbeats"),
    "deliver_hook": {"delivery_id": "hdl_1", "hook_id": "hk_1", "agent_id": "agt_1", "attempt": 0, "max_retries": 3,
                     "timeout_ms": 1000, "backoff_base_seconds": 1, "carry_ms": 0, "replay": 0},
    "heartbeat_scan": {"time": NOW},
    "ingest": _sqs({"agent_id": "agt_unknown", "event_type": "PING", "payload": {}}),
    "orchestrator": _sqs({"agent_id": "agt_1", "heartbeat_id": "hb_1"}),
    "schedule_runner": _sqs({"schedule_id": "sch_1", "result_id": "res_1", "agent_id": "agt_1"}),
    "stream_fanout": {"Records": []},
    "stream_ws": {"requestContext": {"connectionId": "c1", "routeKey": "$connect"}, "headers": {}, "queryStringParameters": {}},
    "thread_router": _sqs({"agent_id": "agt_1"}, group="agt_1"),
    "webhook_ingest": _api("POST", "/webhooks/whk_01J00000000000000000000000", '{"payload": {}}'),
    "channel_inbound": _api("POST", "/channels/chn_1/slack/events", '{"type": "event_callback"}'),
    "channel_worker": _sqs({"channel_id": "chn_1", "work": "message", "request_id": "req_1"}, group="chn_1"),
    "channel_deliver": _sqs({"delivery_id": "chd_1"}),
    "archiver": {"Records": []},
}

PROBE = """
import json, os, sys
sys.path.insert(0, ".")
os.environ.update(AWS_DEFAULT_REGION="us-east-1", AWS_ACCESS_KEY_ID="x", AWS_SECRET_ACCESS_KEY="x",
                  POWERTOOLS_LOG_LEVEL="CRITICAL", POWERTOOLS_METRICS_NAMESPACE="Wakeful", WAKEFUL_CURSOR_KEY="probe")
FAMILIES = {families!r}


def loaded():
    return {{m for m in sys.modules if m.split(".")[0] in FAMILIES}}


if {first_call!r}:
    import functions.{name}.handler
    exec({statements!r})
    print(json.dumps(sorted(loaded())))
    raise SystemExit(0)

from moto import mock_aws
mock_aws().start()
from wakeful import aws, constants
from wakeful.config import dev_table_name, get_settings
from wakeful_dev import provision
for logical, variable in constants.TABLE_ENV.items():
    os.environ.setdefault(variable, dev_table_name(logical))
for logical, url in provision.create_queues("wakeful", 30).items():
    variable = constants.QUEUE_ENV.get(logical)
    if variable:
        os.environ[variable] = url
aws.reset_clients()
provision.create_tables(get_settings().tables)
from wakeful.auth import keys
key = keys.create("owner_1")
setup = loaded()  # what the set-up itself imported is not the handler's


class Context:
    function_name = "{name}"
    memory_limit_in_mb = 256
    invoked_function_arn = "arn:aws:lambda:us-east-1:123456789012:function:{name}"
    aws_request_id = "req-1"


import functions.{name}.handler as module
module.handler(json.loads({event!r}.replace("{{key}}", key)), Context())
print(json.dumps(sorted(loaded() - setup)))
"""


def modules(name: str, *, first_call: bool) -> set[str]:
    """Modules of :data:`FAMILIES` that the real first invocation (or FIRST_CALL) loads."""
    code = PROBE.format(
        families=FAMILIES, first_call=first_call, name=name, statements=FIRST_CALL[name], event=json.dumps(EVENTS[name])
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "probe failed")
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


def main(names: list[str]) -> int:
    worst = 0
    for name in names or sorted(set(FIRST_CALL) - LLM_HANDLERS):
        try:
            real, claimed = modules(name, first_call=False), modules(name, first_call=True)
        except RuntimeError as error:
            print(f"{name:16s} probe failed: {error}")
            worst = 1
            continue
        missing = sorted(real - claimed)
        worst |= bool(missing)
        shown = ", ".join(missing[:8]) + (f" ... (+{len(missing) - 8} more)" if len(missing) > 8 else "")
        print(f"{name:16s} {'ok' if not missing else 'FIRST_CALL misses ' + shown}", flush=True)
    return worst


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
