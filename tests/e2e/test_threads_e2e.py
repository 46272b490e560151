"""Threads through `wakeful dev` as a user runs it: a real process with background
workers, real HTTP, the real anthropic SDK against the fake Messages API (scripted,
streamed tool use), events pushed in through a signed webhook."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
import requests

from tests.fakes.anthropic_server import FakeAnthropic
from tests.support import openapi_check
from wakeful_dev.runtime import free_port

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.e2e
KEY = "threads-e2e-key"

SCRIPT = [
    {
        "match": "minecraft server is slow",
        "turns": [
            {"text": "Pausing downloads.", "tool_calls": [{"name": "send_notification", "input": {"message": "paused downloads"}}, {"name": "store_context", "input": {"key": "paused", "value": True}}]},
            {"tool_calls": [{"name": "schedule_wake", "input": {"delay": "60m", "reason": "resume downloads when the server empties", "wake_on_events": ["SERVER_EMPTY"]}}]},
            {"tool_calls": [{"name": "complete_task", "input": {"summary": "resumed downloads"}}]},
        ],
    },
    {"match": "TEMP_HIGH", "turns": [{"tool_calls": [{"name": "schedule_wake", "input": {"delay": "10m", "reason": "check the temperature"}}]}]},
]


@pytest.fixture(scope="module")
def claude() -> Iterator[FakeAnthropic]:
    server = FakeAnthropic()
    server.converse(SCRIPT)
    yield server
    server.close()


@pytest.fixture(scope="module")
def dev(claude: FakeAnthropic) -> Iterator[str]:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("WAKEFUL_", "AWS_", "MOTO_", "POWERTOOLS_", "ANTHROPIC_"))}
    env.update({"WAKEFUL_DEV_API_KEYS": f"e2e:{KEY}", "ANTHROPIC_API_KEY": "sk-ant-fake", "ANTHROPIC_BASE_URL": claude.url})
    process = subprocess.Popen(
        [sys.executable, "-m", "wakeful_dev.cli", "dev", "--port", str(port), "--tick", "0.5"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line or line.startswith("Wakeful dev server on"):
            break
    # Keep reading its output: a full pipe would block the process's next print (and its
    # shutdown with it).
    threading.Thread(target=lambda: [None for _ in process.stdout], daemon=True).start()
    openapi_check.watch(f"http://127.0.0.1:{port}")
    yield f"http://127.0.0.1:{port}"
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=120) == 0


def _http(dev: str) -> requests.Session:
    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {KEY}"
    return session


def _until(what: Callable[[], Any], timeout: float = 60.0, explain: Callable[[], Any] = lambda: "") -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = what()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"not reached in time: {explain()}")


def _status(http: requests.Session, dev: str, agent_id: str, thread_id: str) -> str:
    return http.get(f"{dev}/agents/{agent_id}/threads/{thread_id}").json()["status"]


def _signed_webhook(dev: str, webhook: dict[str, Any], body: dict[str, Any]) -> requests.Response:
    raw = json.dumps(body).encode()
    stamp = str(int(time.time()))
    key = base64.b64decode(webhook["secret"].removeprefix("whsec_"))
    signature = hmac.new(key, stamp.encode() + b"." + raw, hashlib.sha256).hexdigest()
    return requests.post(
        webhook["url"],
        data=raw,
        headers={"Content-Type": "application/json", "X-Wakeful-Timestamp": stamp, "X-Wakeful-Signature": f"sha256={signature}"},
        timeout=10,
    )


def test_a_thread_sleeps_and_a_webhook_event_wakes_it_within_seconds(dev: str) -> None:
    http = _http(dev)
    agent = http.post(f"{dev}/agents", json={"name": "Superbloom", "alias": f"sb{time.time_ns()}", "system_prompt": "You run a homelab."}).json()
    webhook = http.post(f"{dev}/agents/{agent['id']}/webhooks", json={}).json()
    thread_id = http.post(f"{dev}/agents/{agent['id']}/threads", json={"message": "the minecraft server is slow"}).json()["id"]
    _until(
        lambda: _status(http, dev, agent["id"], thread_id) == "sleeping",
        explain=lambda: (http.get(f"{dev}/agents/{agent['id']}/threads/{thread_id}").json(), http.get(f"{dev}/agents/{agent['id']}/threads/{thread_id}/messages").json()),
    )
    sent = time.monotonic()
    assert _signed_webhook(dev, webhook, {"event_type": "SERVER_EMPTY", "payload": {"server": "minecraft"}}).status_code == 202
    _until(lambda: _status(http, dev, agent["id"], thread_id) == "complete")
    assert time.monotonic() - sent < 20  # a wake happens within seconds, not at a heartbeat
    done = http.get(f"{dev}/agents/{agent['id']}/threads/{thread_id}").json()
    assert done["summary"] == "resumed downloads" and done["context"] == {"paused": True}
    messages = http.get(f"{dev}/agents/{agent['id']}/threads/{thread_id}/messages").json()["items"]
    assert any(m["role"] == "system" and "woken by event SERVER_EMPTY" in m["content"] for m in messages)
    routes = http.get(f"{dev}/agents/{agent['id']}/routes").json()["items"]
    # the agent's own HEARTBEAT events are routed too (and ignored)
    assert [(r["decision"], r["thread_ids"]) for r in routes if r["event_type"] == "SERVER_EMPTY"] == [("woke", [thread_id])]
    assert {r["decision"] for r in routes if r["event_type"] == "HEARTBEAT"} <= {"ignored"}


def test_a_webhook_event_matching_a_thread_trigger_starts_a_webhook_thread(dev: str) -> None:
    http = _http(dev)
    agent = http.post(
        f"{dev}/agents",
        json={"name": "Watcher", "alias": f"w{time.time_ns()}", "thread_triggers": [{"event_type": "TEMP_HIGH"}]},
    ).json()
    webhook = http.post(f"{dev}/agents/{agent['id']}/webhooks", json={}).json()
    assert _signed_webhook(dev, webhook, {"event_type": "TEMP_HIGH", "payload": {"temp": 85}}).status_code == 202
    started = _until(lambda: http.get(f"{dev}/agents/{agent['id']}/threads").json()["items"], timeout=30)
    assert started[0]["source"] == "webhook" and started[0]["source_id"] == "TEMP_HIGH"
    _until(lambda: _status(http, dev, agent["id"], started[0]["id"]) == "sleeping")
