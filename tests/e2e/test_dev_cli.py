"""`wakeful dev` and `wakeful keys` as a new user meets them: a ready key, readable
activity lines, defaults in --help, one-line errors, keys list/revoke, and a health
check that notices a broken stack."""

from __future__ import annotations

import queue
import signal
import subprocess
import sys
import threading
import time
from typing import Any, Iterator

import pytest
import requests

from tests.e2e.test_wakeful_dev import ROOT, _clean_env
from tests.support import openapi_check
from wakeful_dev.runtime import free_port

pytestmark = pytest.mark.e2e


def _cli(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "wakeful_dev.cli", *args], cwd=ROOT, env=_clean_env(), capture_output=True, text=True, timeout=timeout
    )


@pytest.fixture(scope="module")
def fresh_dev() -> Iterator[dict[str, Any]]:
    """`wakeful dev` without WAKEFUL_DEV_API_KEYS, its output read line by line."""
    env = _clean_env()
    env.pop("WAKEFUL_DEV_API_KEYS", None)
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "wakeful_dev.cli", "dev", "--port", str(port), "--tick", "0.3"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    lines: "queue.Queue[str]" = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line.rstrip()) for line in process.stdout], daemon=True).start()
    banner: list[str] = []
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            banner.append(lines.get(timeout=1))
        except queue.Empty:
            continue
        if banner[-1].startswith("Wakeful dev server on"):
            break
    info = {line.split(": ", 1)[0]: line.split(": ", 1)[1] for line in banner if ": " in line}
    openapi_check.watch(f"http://127.0.0.1:{port}")
    yield {"url": f"http://127.0.0.1:{port}", "banner": banner, "info": info, "lines": lines}
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=120)  # a busy machine stops it slowly
    except subprocess.TimeoutExpired:
        process.kill()
        raise


def _wait_for_line(lines: "queue.Queue[str]", *needles: str, timeout: float = 40) -> str:
    deadline = time.monotonic() + timeout
    seen = []
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=1)
        except queue.Empty:
            continue
        seen.append(line)
        if all(needle in line for needle in needles):
            return line
    raise AssertionError(f"no line with {needles}; saw:\n" + "\n".join(seen[-30:]))


def test_without_dev_keys_a_ready_api_key_is_printed_and_works(fresh_dev):
    key = fresh_dev["info"]["API key (owner dev)"]
    assert key.startswith("wk_")
    response = requests.get(f"{fresh_dev['url']}/agents", headers={"Authorization": f"Bearer {key}"}, timeout=10)
    assert response.status_code == 200


def test_the_banner_says_state_lives_in_memory(fresh_dev):
    assert any("in memory" in line for line in fresh_dev["banner"]), fresh_dev["banner"]


def test_each_heartbeat_action_and_webhook_request_prints_one_readable_line(fresh_dev, tool_server):
    http = requests.Session()
    http.headers["Authorization"] = f"Bearer {fresh_dev['info']['API key (owner dev)']}"
    base = fresh_dev["url"]
    assert http.post(f"{base}/tools", json={"name": "Echo", "kind": "http", "endpoint_url": tool_server.url("echo")}).status_code == 201
    agent = http.post(f"{base}/agents", json={"name": "Talky", "alias": "talky"}).json()
    http.post(f"{base}/subscriptions", json={"tool": "Echo", "event_type": "HEARTBEAT", "agent_id": agent["id"]})

    assert "COMPLETED" in _wait_for_line(fresh_dev["lines"], "action", "Echo")
    assert "COMPLETED" in _wait_for_line(fresh_dev["lines"], "heartbeat", agent["id"])
    webhook = http.post(f"{base}/agents/{agent['id']}/webhooks", json={}).json()
    requests.post(f"{base}/webhooks/{webhook['id']}", json={"payload": {}}, timeout=10)  # unsigned: 401
    assert "401" in _wait_for_line(fresh_dev["lines"], "webhook", webhook["id"])


def test_no_json_log_or_metric_lines_by_default(fresh_dev):
    leftovers = []
    while not fresh_dev["lines"].empty():
        leftovers.append(fresh_dev["lines"].get())
    assert not [line for line in fresh_dev["banner"] + leftovers if line.startswith("{")]


def test_keys_list_and_revoke_against_the_dev_stack(fresh_dev):
    aws = fresh_dev["info"]["AWS endpoint"]
    created = _cli("keys", "create", "--owner", "carol", "--dev-endpoint", aws)
    assert created.returncode == 0, created.stderr
    key = created.stdout.strip()
    listed = _cli("keys", "list", "--owner", "carol", "--dev-endpoint", aws)
    assert listed.returncode == 0 and "active" in listed.stdout and key[:7] in listed.stdout

    revoked = _cli("keys", "revoke", "--key", key, "--dev-endpoint", aws)

    assert revoked.returncode == 0, revoked.stderr
    assert "REVOKED" in _cli("keys", "list", "--owner", "carol", "--dev-endpoint", aws).stdout
    response = requests.get(f"{fresh_dev['url']}/agents", headers={"Authorization": f"Bearer {key}"}, timeout=10)
    assert response.status_code == 401


def test_health_fails_when_the_stacks_tables_are_gone(fresh_dev):
    assert requests.get(f"{fresh_dev['url']}/health", timeout=10).status_code == 200
    requests.post(f"{fresh_dev['info']['AWS endpoint']}/moto-api/reset", timeout=10)  # what a tenant's hook once did
    response = requests.get(f"{fresh_dev['url']}/health", timeout=30)
    assert response.status_code == 503
    assert response.json()["status"] == "unavailable"


def test_keys_create_against_a_wrong_endpoint_is_a_one_line_error():
    result = _cli("keys", "create", "--owner", "x", "--dev-endpoint", f"http://127.0.0.1:{free_port()}")
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: cannot reach AWS")
    assert "Traceback" not in result.stderr


def test_dev_help_shows_the_defaults():
    result = _cli("dev", "--help")
    assert "(default: 8080)" in result.stdout and "(default: 1.0)" in result.stdout and "(default: info)" in result.stdout
