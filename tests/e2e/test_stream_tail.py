"""``wakeful tail`` against ``wakeful dev``: a real subprocess reading SSE over HTTP."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from tests.support.stream_helpers import context, new_thread_id
from wakeful.stream.emitter import emitter
from wakeful_dev.tail import Printer

pytestmark = pytest.mark.e2e


def scripted_run(api, agent_id: str, thread_id: str) -> None:
    e = emitter(context(api, agent_id, thread_id, "s1"))
    e.start()
    e.reasoning("The user wants news.")
    e.text("Let me ")
    e.text("look.")
    e.tool_call("tc_1", "search", {"q": "wakeful", "token": "t-secret"})
    e.tool_result("tc_1", "search", ["one", "two"])
    e.completed()
    e.flush()


def test_tail_prints_a_threads_run_readably_and_exits_when_it_ends(stack, api):
    agent = api.create_agent()
    thread_id = new_thread_id()
    scripted_run(api, agent["id"], thread_id)
    done = subprocess.run(
        [sys.executable, "-m", "wakeful_dev.cli", "tail", "--agent", agent["id"], "--thread", thread_id,
         "--api", stack.api_url, "--key", api.key, "--no-color"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "▶ run started" in lines[0]
    assert lines[1].endswith("reasoning The user wants news.")
    assert lines[2].endswith("Let me look.")
    assert '→ search {"q": "wakeful", "token": "[redacted]"}' in lines[3]
    assert '← search ["one", "two"]' in lines[4]
    assert "✓ run completed" in lines[5]
    assert "t-secret" not in done.stdout and "\033[" not in done.stdout


def test_tail_with_another_owners_key_says_not_found_and_fails(stack, api, other_api):
    agent = api.create_agent()
    done = subprocess.run(
        [sys.executable, "-m", "wakeful_dev.cli", "tail", "--agent", agent["id"], "--api", stack.api_url, "--key", other_api.key],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 1
    assert "404" in done.stdout and "not found" in done.stdout


def test_the_printer_colours_only_when_asked():
    body = {"id": 1, "type": "completed", "metadata": {"thread_id": "thr_1", "created_at": "2026-01-01T10:00:00.000Z"}}
    plain, coloured = io.StringIO(), io.StringIO()
    Printer(out=plain, color=False, show_thread=False).event(body)
    Printer(out=coloured, color=True, show_thread=False).event(body)
    assert "\033[" not in plain.getvalue() and "\033[" in coloured.getvalue()
    assert plain.getvalue() == "10:00:00 #1    ✓ run completed\n"


@pytest.fixture()
def non_streaming_gateway(stack):
    """A gateway like API Gateway's: every request is one invocation of the api function
    and one complete response, so SSE answers end after the events written so far."""
    from wakeful_dev.gateway import Gateway

    gateway = Gateway("127.0.0.1", 0, [], "api", stack.invoke)
    gateway.start()
    yield f"http://127.0.0.1:{gateway.port}"
    gateway.stop()


def test_tail_against_a_server_that_cannot_stream_reconnects_until_the_run_ends(stack, api, non_streaming_gateway):
    agent = api.create_agent()
    thread_id = new_thread_id()
    e = emitter(context(api, agent["id"], thread_id, "s1"))
    e.start()
    e.text("first half, ")
    e.flush()
    tail = subprocess.Popen(
        [sys.executable, "-m", "wakeful_dev.cli", "tail", "--agent", agent["id"], "--thread", thread_id,
         "--api", non_streaming_gateway, "--key", api.key, "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    first = [tail.stdout.readline(), tail.stdout.readline()]  # what was written before: start, text
    e2 = emitter(context(api, agent["id"], thread_id, "s2"))
    e2.text("second half.")
    e2.completed()
    e2.flush()
    rest, err = tail.communicate(timeout=60)
    assert tail.returncode == 0, err
    ids = [json.loads(line)["id"] for line in first + rest.splitlines()]
    assert ids == [1, 2, 3, 4]


def test_an_agent_tail_against_a_server_that_cannot_stream_says_so(stack, api, non_streaming_gateway):
    agent = api.create_agent()
    done = subprocess.run(
        [sys.executable, "-m", "wakeful_dev.cli", "tail", "--agent", agent["id"], "--api", non_streaming_gateway, "--key", api.key],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2
    assert "WebSocket" in done.stdout
