"""`wakeful dev` as a user runs it: a real process, real HTTP, background workers."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import requests

from tests.support import openapi_check
from wakeful_dev.runtime import free_port

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.e2e


def _clean_env() -> dict[str, str]:
    # The in-process test stack points this process's environment at its own moto.
    env = {k: v for k, v in os.environ.items() if not k.startswith(("WAKEFUL_", "AWS_", "MOTO_", "POWERTOOLS_"))}
    env["WAKEFUL_DEV_API_KEYS"] = "e2e:e2e-key"
    return env


def _dev_env() -> dict[str, str]:
    """The server's: retention on, and expired items swept every half second."""
    return {**_clean_env(), "WAKEFUL_RETENTION_DAYS": "1", "WAKEFUL_DEV_EXPIRY_SECONDS": "0.5"}


@pytest.fixture(scope="module")
def dev_server():
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "wakeful_dev.cli", "dev", "--port", str(port), "--tick", "0.3"],
        cwd=ROOT,
        env=_dev_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    lines: list[str] = []
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        lines.append(line.rstrip())
        if line.startswith("Wakeful dev server on"):
            break
    assert lines and lines[-1] == f"Wakeful dev server on http://127.0.0.1:{port}", "\n".join(lines)
    info = {line.split(": ", 1)[0]: line.split(": ", 1)[1] for line in lines if ": " in line}
    # Keep reading its output: a full pipe would block the process's next print (and its
    # shutdown with it).
    threading.Thread(target=lambda: [lines.append(line.rstrip()) for line in process.stdout], daemon=True).start()
    openapi_check.watch(f"http://127.0.0.1:{port}")
    yield {"url": f"http://127.0.0.1:{port}", "aws": info["AWS endpoint"], "ingest": info["Ingest queue"], "process": process}
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=120) == 0


def test_dev_prints_its_endpoints(dev_server):
    assert dev_server["aws"].startswith("http://127.0.0.1:")
    assert "wakeful-ingest" in dev_server["ingest"]
    assert requests.get(f"{dev_server['url']}/health", timeout=30).json() == {"status": "ok"}


def test_an_agent_wakes_on_its_own_and_runs_a_tool_chain(dev_server, tool_server):
    http = requests.Session()
    http.headers["Authorization"] = "Bearer e2e-key"
    base = dev_server["url"]
    tool_server.behaviours["ping"] = lambda r: {"success": True, "new_events": [{"event_type": "PONG", "payload": {}}]}
    for name, path in (("Ping", "ping"), ("Pong", "pong")):
        assert http.post(f"{base}/tools", json={"name": name, "kind": "http", "endpoint_url": tool_server.url(path)}).status_code == 201
    agent = http.post(f"{base}/agents", json={"name": "Wakes", "alias": "wakes"}).json()
    http.post(f"{base}/subscriptions", json={"tool": "Ping", "event_type": "HEARTBEAT", "agent_id": agent["id"]})
    http.post(f"{base}/subscriptions", json={"tool": "Pong", "event_type": "PONG", "agent_id": agent["id"]})
    http.post(f"{base}/agents/{agent['id']}/heartbeats")

    deadline = time.monotonic() + 30
    done = []
    while time.monotonic() < deadline and not done:
        done = [h for h in http.get(f"{base}/agents/{agent['id']}/heartbeats").json()["items"] if h["status"] == "COMPLETED" and h["actions_triggered"] == 2]
        time.sleep(0.2)
    assert done, http.get(f"{base}/agents/{agent['id']}/heartbeats").text
    detail = http.get(f"{base}/agents/{agent['id']}/heartbeats/{done[0]['id']}").json()
    assert [a["tool"] for a in detail["actions"]] == ["Ping", "Pong"]
    assert all(a["status"] == "COMPLETED" for a in detail["actions"])


def test_keys_create_against_the_dev_stack(dev_server):
    out = subprocess.run(
        [sys.executable, "-m", "wakeful_dev.cli", "keys", "create", "--owner", "bob", "--dev-endpoint", dev_server["aws"]],
        cwd=ROOT, env=_clean_env(), capture_output=True, text=True, timeout=60, check=True,
    ).stdout.strip()
    assert out.startswith("wk_")
    response = requests.get(f"{dev_server['url']}/agents", headers={"Authorization": f"Bearer {out}"}, timeout=30)
    assert response.status_code == 200 and response.json()["items"] == []


def test_an_expired_event_leaves_the_table_for_the_archive_bucket_on_the_emulators_s3(dev_server):
    import gzip
    import json

    import boto3

    from wakeful.config import dev_table_name

    http = requests.Session()
    http.headers["Authorization"] = "Bearer e2e-key"
    agent = http.post(f"{dev_server['url']}/agents", json={"name": "Old", "alias": "old"}).json()
    http.patch(f"{dev_server['url']}/agents/{agent['id']}", json={"is_active": False})
    assert http.post(f"{dev_server['url']}/agents/{agent['id']}/events", json={"event_type": "E", "payload": {"n": 1}}).status_code == 202
    aws = {"endpoint_url": dev_server["aws"], "region_name": "us-east-1", "aws_access_key_id": "testing", "aws_secret_access_key": "testing"}
    dynamodb, s3 = boto3.client("dynamodb", **aws), boto3.client("s3", **aws)
    key = {"agent_id": {"S": agent["id"]}, "seq": {"N": "1"}}
    # A day passes (retention is one day): its expiry is now behind it.
    dynamodb.update_item(TableName=dev_table_name("events"), Key=key, UpdateExpression="SET expires_at = :t", ExpressionAttributeValues={":t": {"N": str(int(time.time()) - 1)}})

    deadline = time.monotonic() + 30
    objects: list[dict] = []
    while time.monotonic() < deadline and not objects:
        objects = s3.list_objects_v2(Bucket="wakeful-archive", Prefix=f"events/{agent['id']}/").get("Contents", [])
        time.sleep(0.2)

    assert len(objects) == 1, objects
    body = s3.get_object(Bucket="wakeful-archive", Key=objects[0]["Key"])["Body"].read()
    (line,) = [json.loads(text) for text in gzip.decompress(body).splitlines()]
    assert (line["agent_id"], line["seq"], line["payload"]) == (agent["id"], 1, {"n": 1})
    assert "Item" not in dynamodb.get_item(TableName=dev_table_name("events"), Key=key)
