"""`wakeful dev` runs different tenants' thread steps side by side, as Lambda runs
concurrent invocations of a function fed by SQS: one owner's slow step (here an
interceptor that takes 8 s to answer) never holds back another owner's thread, while
one thread's own steps still never overlap.

A real `wakeful dev` process, real HTTP, the real anthropic SDK against the fake
Messages API, the interceptor a real HTTP endpoint on loopback."""

from __future__ import annotations

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
from tests.support.interceptor_server import Answer, InterceptorServer, interceptor  # noqa: F401 - fixture
from wakeful_dev.runtime import free_port

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.e2e, pytest.mark.long(seconds=40)]
KEYS = {"alice": "concurrency-alice-key", "bob": "concurrency-bob-key"}
SLOW_SECONDS = 8.0
#: Generous for a slow, shared machine: an unblocked thread finishes in well under 1 s.
PROMPT_SECONDS = 4.0

DONE = {"tool_calls": [{"name": "complete_task", "input": {"summary": "done"}}]}
#: Any thread completes at once, and again if a message arrives while it runs.
SCRIPT = [{"match": "", "turns": [DONE, DONE]}]


@pytest.fixture(scope="module")
def dev() -> Iterator[str]:
    claude = FakeAnthropic()
    claude.converse(SCRIPT)
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("WAKEFUL_", "AWS_", "MOTO_", "POWERTOOLS_", "ANTHROPIC_"))}
    env.update(
        {
            "WAKEFUL_DEV_API_KEYS": ",".join(f"{owner}:{key}" for owner, key in KEYS.items()),
            "ANTHROPIC_API_KEY": "sk-ant-fake",
            "ANTHROPIC_BASE_URL": claude.url,
        }
    )
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
    # Keep reading its output: a full pipe would block the process's next print.
    threading.Thread(target=lambda: [None for _ in process.stdout], daemon=True).start()
    yield f"http://127.0.0.1:{port}"
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=120) == 0
    claude.close()


def _session(owner: str) -> requests.Session:
    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {KEYS[owner]}"
    return session


def _until(what: Callable[[], Any], timeout: float = 60.0, every: float = 0.05, explain: Callable[[], Any] = lambda: "") -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = what()
        if value:
            return value
        time.sleep(every)
    raise AssertionError(f"not reached in time: {explain()}")


def _agent(http: requests.Session, dev: str, name: str) -> str:
    response = http.post(f"{dev}/agents", json={"name": name, "alias": f"{name.lower()}{time.time_ns()}"})
    assert response.status_code == 201, response.text
    agent_id = response.json()["id"]
    assert http.patch(f"{dev}/agents/{agent_id}", json={"is_active": False}).status_code == 200  # no heartbeats
    return agent_id


def _intercept(http: requests.Session, dev: str, agent_id: str, url: str) -> None:
    response = http.post(f"{dev}/agents/{agent_id}/interceptors", json={"endpoint_url": url, "timeout_ms": 10000})
    assert response.status_code == 201, response.text


def _start(http: requests.Session, dev: str, agent_id: str, message: str) -> str:
    response = http.post(f"{dev}/agents/{agent_id}/threads", json={"message": message})
    assert response.status_code == 201, response.text
    return response.json()["id"]


def _status(http: requests.Session, dev: str, agent_id: str, thread_id: str) -> str:
    return http.get(f"{dev}/agents/{agent_id}/threads/{thread_id}").json()["status"]


def test_another_owners_thread_completes_while_one_owners_interceptor_is_slow(dev: str, interceptor: InterceptorServer) -> None:
    slow_returned = threading.Event()

    def slow(payload: dict[str, Any]) -> Answer:
        time.sleep(SLOW_SECONDS)  # the step waits for this answer (timeout_ms 10000)
        slow_returned.set()
        return Answer({})

    interceptor.script("slow", slow, Answer({}))
    alice, bob = _session("alice"), _session("bob")
    alice_agent, bob_agent = _agent(alice, dev, "Slowpoke"), _agent(bob, dev, "Quick")
    _intercept(alice, dev, alice_agent, interceptor.url("slow"))

    # Bob's first thread loads what a model turn needs (the SDK: seconds on a busy
    # machine); what is measured below is waiting, not loading.
    warm_up = _start(bob, dev, bob_agent, "warm up")
    _until(lambda: _status(bob, dev, bob_agent, warm_up) == "complete", timeout=90)

    alice_thread = _start(alice, dev, alice_agent, "take your time")
    _until(lambda: interceptor.calls("slow"), timeout=30)  # Alice's step is in its slow call now
    started = time.monotonic()
    bob_thread = _start(bob, dev, bob_agent, "be quick")
    _until(lambda: _status(bob, dev, bob_agent, bob_thread) == "complete", timeout=60)
    took = time.monotonic() - started

    assert not slow_returned.is_set(), f"Bob's thread waited for Alice's slow interceptor ({took:.1f} s)"
    assert took < PROMPT_SECONDS
    _until(lambda: _status(alice, dev, alice_agent, alice_thread) == "complete", timeout=60)  # Alice's goes on too
    assert [c.event["thread_id"] for c in interceptor.calls("slow")][0] == alice_thread


def test_one_threads_steps_never_overlap_even_when_a_step_outlasts_the_visibility_timeout(dev: str, interceptor: InterceptorServer) -> None:
    """The first step takes longer than the queue's visibility timeout (5 s in `wakeful
    dev`) and a second message arrives meanwhile: no step of the thread, nor a second
    delivery of the same step, is intercepted while another one is."""
    lock = threading.Lock()
    in_flight: list[str] = []
    overlaps: list[tuple[str, str]] = []
    order: list[str] = []

    def guard(payload: dict[str, Any]) -> Answer:
        event = payload["event"]
        with lock:
            overlaps.extend((other, event["id"]) for other in in_flight)
            in_flight.append(event["id"])
            first = not order
            if event["type"] == "message" and event["created_by"] == "user":
                order.append(event["message"]["content"])
        try:
            time.sleep(6.5 if first else 0.2)
        finally:
            with lock:
                in_flight.remove(event["id"])
        return Answer({})

    interceptor.script("guard", guard)
    alice = _session("alice")
    agent_id = _agent(alice, dev, "Orderly")
    _intercept(alice, dev, agent_id, interceptor.url("guard"))
    thread_id = _start(alice, dev, agent_id, "first message")
    _until(lambda: order, timeout=30)  # the first step is in its slow call
    response = alice.post(f"{dev}/agents/{agent_id}/threads/{thread_id}/messages", json={"message": "second message"})
    assert response.status_code == 202, response.text

    def settled() -> bool:
        return order[-1:] == ["second message"] and not in_flight and _status(alice, dev, agent_id, thread_id) == "complete"

    _until(settled, timeout=90, every=0.2, explain=lambda: (order, in_flight))
    assert overlaps == []
    assert order == ["first message", "second message"]
    messages = alice.get(f"{dev}/agents/{agent_id}/threads/{thread_id}/messages").json()["items"]
    assert [m["content"] for m in messages if m["role"] == "user"] == ["first message", "second message"]


@pytest.mark.parametrize(("setting", "value"), [("WAKEFUL_DEV_WORKERS", "0"), ("WAKEFUL_DEV_AGENT_CONCURRENCY", "many"), ("WAKEFUL_DEV_ACTION_CONCURRENCY", "-1")])
def test_a_bound_that_is_not_a_positive_integer_stops_the_start_with_a_one_line_error(setting: str, value: str) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("WAKEFUL_", "AWS_", "MOTO_", "POWERTOOLS_", "ANTHROPIC_"))}
    env[setting] = value
    result = subprocess.run(
        [sys.executable, "-m", "wakeful_dev.cli", "dev", "--port", str(free_port())],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert result.returncode == 2
    assert result.stderr == f"error: {setting} must be a positive integer, not {value!r}\n"
