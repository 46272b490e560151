"""What a user does first on a fresh deployment, through the deployed functions: an API
key, an agent, a heartbeat, a signed webhook, an event through the ingest queue, and
threads run to their end. Each step returns its progress line's detail."""

from __future__ import annotations

import io
import json
import secrets
import time
import uuid
from contextlib import redirect_stdout
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from wakeful import aws, clock, constants, signing
from wakeful_dev import cli
from wakeful_dev.rehearsal.cloud import Clients, RehearsalError, Resolver
from wakeful_dev.rehearsal.functions import EventSources, Functions, Gateway

OWNER = "rehearsal"
#: The event type the heartbeat's tool is subscribed to (the built-in WebhookHandler
#: handles ``EXTERNAL_*``; with the scripted model it decides without a network).
HEARTBEAT_EVENT = "EXTERNAL_REHEARSAL"
WEBHOOK_EVENT = "EXTERNAL_REHEARSAL_WEBHOOK"
INGEST_EVENT = "EXTERNAL_REHEARSAL_INGEST"
THREAD_EVENT = "rehearsal_thread"
#: How a user thread's run ends well: the thread sleeps awaiting the reply, or completes.
RUN_ENDED = {"sleeping", "complete"}


@dataclass
class Deployment:
    """What the steps use: the created stack as a user reaches it."""

    clients: Clients
    stack_name: str
    template: dict[str, Any]
    outputs: dict[str, str]
    resolver: Resolver
    functions: Functions
    gateway: Gateway
    sources: EventSources
    key: str = ""
    agent_id: str = ""

    def call(self, method: str, path: str, body: Any = None, expect: int = 200, **headers: str) -> Any:
        """An API request with the rehearsal's key; its JSON answer (the status checked)."""
        auth = {"Authorization": f"Bearer {self.key}"} if self.key else {}
        status, answer, function = self.gateway.request(method, path, body, {**auth, **headers})
        if status != expect:
            raise RehearsalError(f"{method} {path} ({function.name}): {status}, expected {expect}: {answer}")
        return answer


def create_key(deployment: Deployment) -> str:
    """``wakeful keys create`` against the stack: the keys table from its output."""
    aws.reset_clients()  # this process's clients: on the emulator, set up by the moto step
    printed = io.StringIO()
    with redirect_stdout(printed):
        code = cli.main(["keys", "create", "--owner", OWNER, "--stack", deployment.stack_name])
    key = printed.getvalue().strip()
    if code != 0 or not key.startswith("wk_"):
        raise RehearsalError(f"wakeful keys create exited {code}: {key!r}")
    deployment.key = key
    deployment.call("GET", "/agents")  # the api function knows the key `wakeful keys create` wrote
    deployment.call("GET", "/agents", expect=401, Authorization=f"Bearer wk_{secrets.token_urlsafe(32)}")
    return f"owner {OWNER}, key {key[:7]}… in {deployment.outputs['ApiKeysTableName']}; the api takes it, and refuses another"


def create_agent(deployment: Deployment) -> str:
    """``POST /agents`` (api function), then read back."""
    body = {
        "name": "Rehearsal",
        "alias": f"rehearsal_{secrets.token_hex(3)}",
        "system_prompt": "You rehearse a deployment.",
        "thread_triggers": [{"event_type": THREAD_EVENT}],
    }
    agent = deployment.call("POST", "/agents", body, expect=201)
    deployment.agent_id = agent["id"]
    read = deployment.call("GET", f"/agents/{agent['id']}")
    if read["alias"] != body["alias"]:
        raise RehearsalError(f"GET /agents/{agent['id']} answered another agent: {read}")
    return f"agent {agent['id']}"


def scan_events(deployment: Deployment) -> list[tuple[Any, dict[str, Any]]]:
    """(function, event) of each heartbeat scan schedule, as EventBridge Scheduler
    invokes it now: the schedule's input with its scheduled time."""
    found = []
    for resource in deployment.template["Resources"].values():
        if resource["Type"] != "AWS::Scheduler::Schedule":
            continue
        target = resource["Properties"]["Target"]
        function = deployment.functions.of_arn(deployment.resolver(target["Arn"]))
        text = target.get("Input", "{}").replace("<aws.scheduler.scheduled-time>", clock.iso(clock.now()))
        found.append((function, json.loads(text)))
    if not found:
        raise RehearsalError("the template schedules no function: nothing runs the heartbeat scan")
    return found


def run_heartbeat(deployment: Deployment) -> str:
    """A built-in tool subscribed to an event, the event, a heartbeat asked for; the
    scan's schedules, then the heartbeat and action queues to their functions."""
    agent = deployment.agent_id
    deployment.call("POST", "/subscriptions", {"tool": "WebhookHandler", "event_type": HEARTBEAT_EVENT, "agent_id": agent}, expect=201)
    deployment.call("POST", f"/agents/{agent}/events", {"event_type": HEARTBEAT_EVENT, "payload": {"source": "rehearsal"}}, expect=202)
    heartbeat_id = deployment.call("POST", f"/agents/{agent}/heartbeats", expect=202)["heartbeat_id"]
    schedules = scan_events(deployment)
    for function, event in schedules:
        deployment.functions.invoke(function, event)
    deployment.sources.drain()
    heartbeat = deployment.call("GET", f"/agents/{agent}/heartbeats/{heartbeat_id}")
    actions = heartbeat.get("actions") or []
    ran = [a for a in actions if a.get("tool") == "WebhookHandler" and a.get("status") == "COMPLETED"]
    if heartbeat.get("status") != "COMPLETED" or not ran:
        raise RehearsalError(f"heartbeat {heartbeat_id}: {heartbeat.get('status')}, actions {actions}")
    return f"heartbeat {heartbeat_id} COMPLETED, WebhookHandler's action COMPLETED ({len(schedules)} scan schedules)"


def post_webhook(deployment: Deployment) -> str:
    """A webhook created through the API, then a request signed with its secret, sent
    where its URL says (the webhook_ingest function), and the event in the log."""
    agent = deployment.agent_id
    webhook = deployment.call("POST", f"/agents/{agent}/webhooks", {}, expect=201)
    url = urlsplit(webhook["url"])
    api = urlsplit(deployment.outputs[constants.OUTPUT_API_URL])
    if url.netloc != api.netloc or not url.path.startswith(api.path):
        raise RehearsalError(f"the webhook's URL {webhook['url']} is not under the stack's ApiUrl {deployment.outputs[constants.OUTPUT_API_URL]}")
    body = json.dumps({"event_type": WEBHOOK_EVENT, "payload": {"rehearsal": True}}).encode()
    headers = signing.headers(webhook["secret"], f"msg_{uuid.uuid4().hex}", int(time.time()), body)
    path = "/" + url.path[len(api.path) :].lstrip("/")
    status, answer, function = deployment.gateway.request("POST", path, body, headers)
    if status != 202 or function.name != "webhook_ingest":
        raise RehearsalError(f"POST {path} ({function.name}): {status} {answer}")
    _event_in_log(deployment, answer["seq"], WEBHOOK_EVENT)
    deployment.sources.drain()
    return f"webhook {webhook['id']}: 202 from webhook_ingest, event seq {answer['seq']} in the log"


def send_to_ingest(deployment: Deployment) -> str:
    """An event sent to the stack's ingest queue (its output), through the ingest
    function into the log."""
    url = deployment.outputs[constants.OUTPUT_INGEST_QUEUE_URL]
    body = {"agent_id": deployment.agent_id, "event_type": INGEST_EVENT, "payload": {"rehearsal": True}}
    deployment.clients("sqs").send_message(QueueUrl=url, MessageBody=json.dumps(body))
    deployment.sources.drain()
    events = deployment.call("GET", f"/agents/{deployment.agent_id}/events?after_seq=0&limit=100")["items"]
    found = [e for e in events if e.get("event_type") == INGEST_EVENT]
    if not found:
        raise RehearsalError(f"no {INGEST_EVENT} event in the log after the ingest queue drained")
    return f"event seq {found[0]['seq']} appended by the ingest function"


def _event_in_log(deployment: Deployment, seq: int, event_type: str) -> None:
    events = deployment.call("GET", f"/agents/{deployment.agent_id}/events?after_seq={seq - 1}&limit=1")["items"]
    if not events or events[0].get("event_type") != event_type:
        raise RehearsalError(f"event seq {seq} is not {event_type}: {events}")


def run_thread(deployment: Deployment) -> str:
    """A thread started through the API with the scripted model, its run driven
    through the thread queue to its end; then a thread an event starts (the route queue,
    the thread router), run to ``complete``."""
    agent = deployment.agent_id
    thread_id = deployment.call("POST", f"/agents/{agent}/threads", {"message": "Rehearse: answer and end."}, expect=201)["id"]
    deployment.sources.drain()
    thread = deployment.call("GET", f"/agents/{agent}/threads/{thread_id}")
    messages = deployment.call("GET", f"/agents/{agent}/threads/{thread_id}/messages")["items"]
    if thread["status"] not in RUN_ENDED or not any(m.get("role") == "assistant" for m in messages):
        raise RehearsalError(f"thread {thread_id}: {thread['status']}, messages {messages}")
    seq = deployment.call("POST", f"/agents/{agent}/events", {"event_type": THREAD_EVENT, "payload": {}}, expect=202)["seq"]
    deployment.sources.drain()
    routes = deployment.call("GET", f"/agents/{agent}/routes?after_seq={seq - 1}")["items"]
    started = [t for r in routes if r.get("seq") == seq and r.get("decision") == "started" for t in r.get("thread_ids") or []]
    if len(started) != 1:
        raise RehearsalError(f"event {seq} did not start one thread: {routes}")
    second = deployment.call("GET", f"/agents/{agent}/threads/{started[0]}")
    if second["status"] != "complete":
        raise RehearsalError(f"thread {second['id']} started by event {seq}: {second['status']} {second.get('error_message')}")
    return f"thread {thread_id}: {thread['status']} after its run; thread {second['id']} (event {seq}): complete"
