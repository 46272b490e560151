"""``wakeful tail`` against ``wakeful dev``: a real subprocess reading SSE over HTTP."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import os
import queue
import signal
import socket
import subprocess
import sys
import threading
import time

import pytest

from tests.integration.spine_helpers import wait_until
from tests.support.stream_helpers import context, emit_run, new_thread_id
from wakeful.stream import connections_repository
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


@pytest.mark.parametrize(
    "metadata, content, shown",
    [
        ({"status": "complete", "summary": "disks checked"}, None, "✓ run completed — disks checked"),
        ({"status": "sleeping", "wake_at": "2026-01-01T12:00:00.000Z"}, None, "sleeping until 2026-01-01T12:00:00.000Z"),
        ({"status": "sleeping", "wake_at": None, "wake_on_events": ["disk_full"]}, None, "sleeping until an event (disk_full)"),
        ({"status": "waiting_approval", "approvals": [{"tool_call_id": "tc_1", "tool": "restart"}]}, None, "waiting for approval of restart"),
        ({"status": "cancelled", "summary": "cancelled"}, None, "■ run cancelled"),
        ({"status": "failed"}, "model call failed: overloaded", "✗ run failed: model call failed: overloaded"),
    ],
)
def test_the_printer_says_how_a_run_ended(metadata, content, shown):
    body = {"id": 9, "type": "error" if content else "completed", "metadata": {"thread_id": "thr_1", **metadata}}
    if content:
        body["content"] = content
    out = io.StringIO()
    Printer(out=out, color=False, show_thread=False).event(body)
    assert shown in out.getvalue()


def test_the_printer_says_a_sleeping_run_ended_not_completed():
    body = {"id": 9, "type": "completed", "metadata": {"thread_id": "thr_1", "status": "sleeping", "wake_at": "2026-01-01T12:00:00.000Z"}}
    out = io.StringIO()
    Printer(out=out, color=False, show_thread=False).event(body)
    assert "completed" not in out.getvalue() and "run ended — sleeping until" in out.getvalue()


@pytest.mark.parametrize(
    "result, shown",
    [
        ('{"forecast": "sunny"}', '← get_weather {"forecast": "sunny"}'),  # JSON text: shown as JSON, not quoted again
        ({"forecast": "sunny"}, '← get_weather {"forecast": "sunny"}'),
        ("sunny, 21 °C", "← get_weather sunny, 21 °C"),
        ("42", "← get_weather 42"),
    ],
)
def test_the_printer_shows_a_tool_result_once_encoded(result, shown):
    body = {"id": 3, "type": "tool_result", "tool_name": "get_weather", "tool_result": result, "metadata": {"thread_id": "thr_1"}}
    out = io.StringIO()
    Printer(out=out, color=False, show_thread=False).event(body)
    assert out.getvalue().rstrip("\n").endswith(shown), out.getvalue()


def test_an_agents_tail_shows_each_threads_whole_id_as_the_api_does():
    thread_id = "thr_01JFKZ8M4T2Q9B7C3D5E6F7G8H"
    body = {"id": 1, "type": "start", "metadata": {"thread_id": thread_id, "run_id": "r", "created_at": "2026-01-01T10:00:00.000Z"}}
    out = io.StringIO()
    Printer(out=out, color=False, show_thread=True).event(body)
    assert f" {thread_id} " in out.getvalue()


def test_tail_gives_up_with_a_clear_error_when_nothing_listens():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # free once closed: nothing listens there
    done = subprocess.run(
        [sys.executable, "-m", "wakeful_dev.cli", "tail", "--agent", "agt_x", "--thread", "thr_x",
         "--api", f"http://127.0.0.1:{port}", "--key", "wk_x", "--no-color"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 1
    last = done.stdout.strip().splitlines()[-1]
    assert "cannot reach" in last and f"127.0.0.1:{port}" in last


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


def test_an_agent_tail_against_a_server_that_cannot_stream_without_a_websocket_url_says_so(stack, api, non_streaming_gateway):
    agent = api.create_agent()
    done = subprocess.run(
        [sys.executable, "-m", "wakeful_dev.cli", "tail", "--agent", agent["id"], "--api", non_streaming_gateway, "--key", api.key],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2
    assert "WebSocket" in done.stdout


@pytest.fixture()
def websocket_api(stack, monkeypatch):
    """The stack's WebSocket API, played on loopback by the stream_ws and stream_fanout
    functions (see tests/support/ws_gateway.py)."""
    from tests.support.ws_gateway import LocalWebSocketApi
    from wakeful import constants
    from wakeful.stream import settings as stream_settings

    api = LocalWebSocketApi(stack.invoke)
    monkeypatch.setenv(constants.ENV_STREAM_WS_ENDPOINT, api.management_url)
    stream_settings.get_settings.cache_clear()
    yield api
    api.close()
    monkeypatch.delenv(constants.ENV_STREAM_WS_ENDPOINT)
    stream_settings.get_settings.cache_clear()


def lines_of(process: subprocess.Popen) -> queue.Queue:
    """A process's stdout lines, read on a thread (so a test can wait with a timeout)."""
    lines: queue.Queue = queue.Queue()

    def read() -> None:
        for line in process.stdout:
            lines.put(line.rstrip("\n"))

    threading.Thread(target=read, daemon=True).start()
    return lines


def test_an_agent_tail_against_a_deployed_stack_reads_its_websocket_api(stack, api, non_streaming_gateway, websocket_api):
    agent = api.create_agent()
    tail = subprocess.Popen(
        [sys.executable, "-m", "wakeful_dev.cli", "tail", "--agent", agent["id"], "--api", non_streaming_gateway,
         "--key", api.key, "--ws", websocket_api.url, "--no-color"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    lines = lines_of(tail)
    target = connections_repository.agent_target(agent["id"])
    wait_until(lambda: connections_repository.subscribers(target) != [])  # it subscribed
    websocket_api.start_reading()
    first, second = new_thread_id(), new_thread_id()
    scripted_run(api, agent["id"], first)
    emit_run(api, agent["id"], second, ["all ", "quiet"])
    websocket_api.pump()

    try:
        printed = [lines.get(timeout=30) for _ in range(9)]
        tail.send_signal(signal.SIGINT)
        assert tail.wait(30) == 0  # Ctrl-C ends an agent's tail, cleanly
    finally:
        tail.kill()

    assert "▶ run started" in printed[0] and first[-12:] in printed[0]
    assert printed[1].endswith("reasoning The user wants news.") and printed[2].endswith("Let me look.")
    assert '→ search {"q": "wakeful", "token": "[redacted]"}' in printed[3]
    assert "✓ run completed" in printed[5]
    # the second run answered a user and sleeps until a reply: it ended, not completed
    assert second[-12:] in printed[6] and printed[7].endswith("all quiet") and "◐ run ended — sleeping" in printed[8]


def test_a_thread_tail_over_the_websocket_api_catches_up_and_exits_when_the_run_ended(stack, api, websocket_api):
    agent = api.create_agent()
    thread_id = new_thread_id()
    scripted_run(api, agent["id"], thread_id)
    done = subprocess.run(
        [sys.executable, "-m", "wakeful_dev.cli", "tail", "--agent", agent["id"], "--thread", thread_id,
         "--key", api.key, "--ws", websocket_api.url, "--json", "--after", "2"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert [json.loads(line)["id"] for line in done.stdout.splitlines()] == [3, 4, 5, 6, 7]


def test_a_thread_tail_over_the_websocket_api_reconnects_and_resumes_after_what_it_printed(stack, api, websocket_api):
    agent = api.create_agent()
    thread_id = new_thread_id()
    e = emitter(context(api, agent["id"], thread_id, "s1"))
    e.start()
    e.text("first half, ")
    e.flush()
    tail = subprocess.Popen(
        [sys.executable, "-m", "wakeful_dev.cli", "tail", "--agent", agent["id"], "--thread", thread_id,
         "--key", api.key, "--ws", websocket_api.url, "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    lines = lines_of(tail)
    first = [lines.get(timeout=30), lines.get(timeout=30)]  # the catch-up: start, text
    target = connections_repository.thread_target(agent["id"], thread_id)
    wait_until(lambda: connections_repository.subscribers(target) != [])
    websocket_api.drop()
    wait_until(lambda: "reconnecting" in lines.get(timeout=30))  # it noticed
    wait_until(lambda: connections_repository.subscribers(target) != [])  # and subscribed again
    websocket_api.start_reading()
    e2 = emitter(context(api, agent["id"], thread_id, "s2"))
    e2.text("second half.")
    e2.completed()
    e2.flush()
    websocket_api.pump()

    assert tail.wait(30) == 0
    rest = []
    while not lines.empty():
        rest.append(lines.get())
    events = [json.loads(line) for line in first + rest if line.startswith("{")]
    assert [event["id"] for event in events] == [1, 2, 3, 4]


def test_a_tail_with_a_key_the_websocket_api_refuses_says_so_and_fails(stack, api, websocket_api):
    agent = api.create_agent()
    done = subprocess.run(
        [sys.executable, "-m", "wakeful_dev.cli", "tail", "--agent", agent["id"], "--key", "wk_not_a_key", "--ws", websocket_api.url],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 1
    assert "refused" in done.stdout and "401" in done.stdout


def test_an_agent_tail_over_the_websocket_api_stops_when_its_key_is_revoked(stack, api, non_streaming_gateway, websocket_api):
    from wakeful.auth import keys

    agent = api.create_agent()
    doomed = keys.create(api.owner)
    tail = subprocess.Popen(
        [sys.executable, "-m", "wakeful_dev.cli", "tail", "--agent", agent["id"], "--api", non_streaming_gateway,
         "--key", doomed, "--ws", websocket_api.url, "--no-color"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    target = connections_repository.agent_target(agent["id"])
    wait_until(lambda: connections_repository.subscribers(target) != [])
    websocket_api.start_reading()

    keys.revoke(key=doomed)
    scripted_run(api, agent["id"], new_thread_id())
    websocket_api.pump()  # the fan-out finds the key revoked and closes the connection

    out, _ = tail.communicate(timeout=60)
    assert tail.returncode == 1
    assert "run started" not in out and "search" not in out  # nothing of the run after the revocation
    assert "refused" in out.splitlines()[-1]
    assert connections_repository.subscribers(target) == []


class QuietWebSocketPeer:
    """A WebSocket server on a raw socket that completes the opening handshake, says
    ``subscribed``, sends one event, and then goes quiet: it reads nothing more and never
    answers a close (a peer on a stalled network looks the same)."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(4)
        self.url = f"ws://127.0.0.1:{self.sock.getsockname()[1]}/v1"
        self.held: list[socket.socket] = []
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.held.append(conn)
            request = b""
            while b"\r\n\r\n" not in request:
                request += conn.recv(4096)
            key = next(line.split(b":", 1)[1].strip() for line in request.split(b"\r\n") if line.lower().startswith(b"sec-websocket-key:"))
            accept = base64.b64encode(hashlib.sha1(key + b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11").digest())
            conn.sendall(b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                         b"Sec-WebSocket-Accept: " + accept + b"\r\n\r\n")  # fmt: skip
            for message in ({"type": "subscribed"}, {"id": 1, "type": "tool_call", "tool_name": "search", "metadata": {"thread_id": "thr_1"}}):
                data = json.dumps(message).encode()
                conn.sendall(bytes([0x81, len(data)]) + data)  # one unmasked text frame (< 126 bytes)

    def close(self) -> None:
        self.sock.close()
        for conn in self.held:
            conn.close()


@pytest.fixture()
def quiet_peer():
    peer = QuietWebSocketPeer()
    yield peer
    peer.close()


def idle_agent_tail(url: str) -> tuple[subprocess.Popen, queue.Queue]:
    """An agent's tail over the WebSocket API at ``url``, once it printed the event and
    waits for the next."""
    tail = subprocess.Popen(
        [sys.executable, "-m", "wakeful_dev.cli", "tail", "--agent", "agt_1", "--key", "wk_x", "--ws", url, "--no-color"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    lines = lines_of(tail)
    assert "→ search" in lines.get(timeout=60)
    return tail, lines


def seconds_to_exit(tail: subprocess.Popen, limit: float) -> float:
    start = time.monotonic()
    try:
        tail.wait(limit)
    except subprocess.TimeoutExpired:
        tail.kill()
        tail.wait()
        pytest.fail(f"the tail was still running {limit:g} s after Ctrl-C")
    return time.monotonic() - start


def test_ctrl_c_ends_an_idle_websocket_tail_even_when_the_peer_never_answers_the_close(quiet_peer):
    tail, _ = idle_agent_tail(quiet_peer.url)
    tail.send_signal(signal.SIGINT)
    # The close handshake is not waited for long: well under the 10 s a WebSocket client
    # waits by default, whatever the load.
    assert seconds_to_exit(tail, 30) < 8
    assert tail.returncode == 0


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="signals a thread by its Linux task id")
def test_ctrl_c_ends_an_idle_websocket_tail_when_the_signal_lands_on_another_thread(quiet_peer):
    """The kernel hands a process's Ctrl-C to any of its threads that can take it, and a
    signal may also arrive just before the main thread starts to wait: either way the
    main thread learns of it only when it next runs Python code. The tail must not wait
    without bound for the next message meanwhile."""
    tail, _ = idle_agent_tail(quiet_peer.url)
    deadline = time.monotonic() + 10
    while not (others := [int(t) for t in os.listdir(f"/proc/{tail.pid}/task") if int(t) != tail.pid]):
        assert time.monotonic() < deadline, "the tail has no thread but its main one"
        time.sleep(0.05)
    os.kill(others[0], signal.SIGINT)  # a task id: this thread takes the signal
    assert seconds_to_exit(tail, 30) < 8
    assert tail.returncode == 0
