"""``wakeful check`` as a user runs it after a deploy: a real process against a real
``wakeful dev`` (workers on), over HTTP."""

from __future__ import annotations

import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Iterator

import pytest
import requests

from wakeful_dev.runtime import free_port

ROOT = Path(__file__).resolve().parents[2]
KEY = "check-key"
pytestmark = [pytest.mark.e2e, pytest.mark.long(seconds=35)]


def _env(**extra: str) -> dict[str, str]:
    # The in-process test stack points this process's environment at its own moto.
    env = {k: v for k, v in os.environ.items() if not k.startswith(("WAKEFUL_", "AWS_", "MOTO_", "POWERTOOLS_", "ANTHROPIC_"))}
    return {**env, **extra}


def _serve(*args: str, **env: str) -> Iterator[str]:
    """A ``wakeful dev`` with one key (owner ``checker``); yields its URL."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "wakeful_dev.cli", "dev", "--port", str(port), *args],
        cwd=ROOT, env=_env(WAKEFUL_DEV_API_KEYS=f"checker:{KEY}", **env),
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    lines: list[str] = []
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line or line.startswith("Wakeful dev server on"):
            break
        lines.append(line)
    assert process.poll() is None, "".join(lines)
    threading.Thread(target=lambda: [None for _ in process.stdout], daemon=True).start()  # keep the pipe drained
    yield f"http://127.0.0.1:{port}"
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=120)


@pytest.fixture(scope="module")
def dev() -> Iterator[str]:
    """``wakeful dev`` as it starts by default: the scripted model, a scan every 0.3 s."""
    yield from _serve("--tick", "0.3")


@pytest.fixture(scope="module")
def dev_without_model() -> Iterator[str]:
    """A deployment whose default model is Anthropic's, with no key anywhere."""
    yield from _serve("--tick", "0.3", WAKEFUL_LLM_PROVIDER="anthropic")


@pytest.fixture(scope="module")
def dev_without_scan() -> Iterator[str]:
    """A deployment whose heartbeat scan does not come round (once an hour)."""
    yield from _serve("--tick", "3600")


def run_check(api: str, *args: str, key: str | None = KEY, **env: str) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "wakeful_dev.cli", "check", "--api", api, *args] + (["--key", key] if key else [])
    return subprocess.run(command, cwd=ROOT, env=_env(**env), capture_output=True, text=True, timeout=300)


def marks(stdout: str) -> dict[str, str]:
    """Each step's mark, by step name."""
    return {m.group(2): m.group(1) for m in re.finditer(r"^([✓✗–]) (\S+) ", stdout, re.MULTILINE)}


def agents_left(api: str) -> list:
    return requests.get(f"{api}/agents", headers={"Authorization": f"Bearer {KEY}"}, timeout=30).json()["items"]


def test_against_wakeful_dev_every_step_passes_and_nothing_is_left(dev):
    done = run_check(dev)
    assert done.returncode == 0, done.stdout + done.stderr
    assert marks(done.stdout) == {
        step: "✓" for step in ("health", "agent", "heartbeat", "webhook", "hook", "thread", "stream", "cleanup")
    }, done.stdout
    lines = done.stdout.splitlines()
    assert lines[0] == f"wakeful check: {dev}" and lines[-1] == "check passed"
    assert all(re.fullmatch(r"✓ \w+ +\d+\.\d s( {2}.+)?", line) for line in lines[1:-1]), lines  # one line per step, its time
    assert re.search(r"^✓ hook +\d+\.\d s  hook_\S+ delivered to the stack's own webhook whk_\S+: SUCCESS", done.stdout, re.MULTILINE)
    assert agents_left(dev) == []
    for webhook_id in set(re.findall(r"whk_[0-9A-Z]{26}", done.stdout)):  # deleted, not only orphaned: 404 before any signature check
        assert requests.post(f"{dev}/webhooks/{webhook_id}", json={"payload": {}}, timeout=30).status_code == 404


def test_against_a_stopped_server_it_fails_at_health_and_says_why():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # nothing listens there once closed
    done = run_check(f"http://127.0.0.1:{port}")
    assert done.returncode == 1
    assert marks(done.stdout) == {"health": "✗"}
    assert "cannot reach" in done.stdout and "Connection refused" in done.stdout
    assert done.stdout.splitlines()[-1] == "check failed: health"


def test_a_key_the_stack_does_not_know_fails_the_agent_step_with_401(dev):
    done = run_check(dev, key=None, WAKEFUL_API_KEY="wk_not_a_key_of_this_stack")
    assert done.returncode == 1
    assert marks(done.stdout) == {"health": "✓", "agent": "✗"}
    (line,) = [line for line in done.stdout.splitlines() if line.startswith("✗ agent")]
    assert "401" in line and "wakeful keys create" in line
    assert done.stdout.splitlines()[-1] == "check failed: agent"


def test_without_a_key_it_says_where_to_give_one():
    done = run_check("http://127.0.0.1:9", key=None)
    assert done.returncode == 2
    assert "WAKEFUL_API_KEY" in done.stderr


def test_without_a_model_key_the_thread_step_is_skipped_with_the_reason_and_the_check_passes(dev_without_model):
    done = run_check(dev_without_model)
    assert done.returncode == 0, done.stdout
    assert marks(done.stdout)["thread"] == "–" and list(marks(done.stdout).values()).count("✓") == 7
    (line,) = [line for line in done.stdout.splitlines() if line.startswith("– thread")]
    assert "skipped: no model configured" in line and "no Anthropic API key" in line
    assert done.stdout.splitlines()[-1] == "check passed (1 skipped: thread)"
    assert agents_left(dev_without_model) == []


def test_a_failing_step_is_named_the_others_still_run_and_everything_is_deleted(dev_without_scan):
    done = run_check(dev_without_scan, "--timeout", "15")  # long enough for a thread on a busy machine (10 s seen)
    assert done.returncode == 1
    assert marks(done.stdout) == {
        "health": "✓", "agent": "✓", "heartbeat": "✗", "webhook": "✓", "hook": "✓", "thread": "✓", "stream": "✓", "cleanup": "✓",
    }, done.stdout  # fmt: skip
    assert "still PENDING after 15 s" in done.stdout
    assert done.stdout.splitlines()[-1] == "check failed: heartbeat"
    assert agents_left(dev_without_scan) == []


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_an_interrupted_check_still_deletes_what_it_created(dev_without_scan, sig):
    before = {agent["id"] for agent in agents_left(dev_without_scan)}  # the server is shared by the module's tests
    process = subprocess.Popen(
        [sys.executable, "-m", "wakeful_dev.cli", "check", "--api", dev_without_scan, "--key", KEY],
        cwd=ROOT, env=_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    lines: queue.Queue[str] = queue.Queue()
    reader = threading.Thread(target=lambda: [lines.put(line) for line in process.stdout], daemon=True)
    reader.start()
    while not lines.get(timeout=60).startswith("✓ agent"):
        pass  # printed as it ends (flushed): the heartbeat step now waits for a scan that does not come
    time.sleep(0.5)
    process.send_signal(sig)
    try:
        assert process.wait(timeout=60) == 130
    finally:
        process.kill()  # a check still running never outlives its test
    reader.join(10)
    out = "".join(lines.get() for _ in range(lines.qsize()))
    assert "✗ heartbeat" in out and "interrupted" in out
    assert "✓ cleanup" in out and out.splitlines()[-1] == "check interrupted"
    assert [agent for agent in agents_left(dev_without_scan) if agent["id"] not in before] == []
