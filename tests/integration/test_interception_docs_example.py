"""The example interceptor server in docs/interception.md works as documented: run as
written, it verifies Wakeful's signature, denies a database restart, redacts a card
number and lets the rest pass, through ``dispatch``."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any, Iterator

import pytest
import requests

from tests.support.hook_receiver import quiet_agent
from wakeful.agents import repository as agents_repository
from wakeful.interceptors.decisions import Continue, Deny
from wakeful.interceptors.dispatch import dispatch
from wakeful.threads.records import Thread

DOC = Path(__file__).resolve().parents[2] / "docs" / "interception.md"


def example_source() -> str:
    text = DOC.read_text()
    match = re.search(r"<!-- interceptor-example -->\s*```python\n(.*?)```", text, re.S)
    assert match, "docs/interception.md lost its marked example"
    return match.group(1)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture()
def example(tmp_path: Path, stack: Any, api: Any) -> Iterator[dict[str, Any]]:
    agent = quiet_agent(api)
    port = free_port()
    created = api.post(f"/agents/{agent['id']}/interceptors", json={"endpoint_url": f"http://127.0.0.1:{port}/"})
    assert created.status_code == 201, created.text
    script = tmp_path / "interceptor.py"
    script.write_text(example_source())
    env = {**os.environ, "INTERCEPTOR_SECRET": created.json()["secret"], "PORT": str(port)}
    process = subprocess.Popen([sys.executable, str(script)], env=env, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                assert process.poll() is None, process.stderr.read().decode() if process.stderr else "exited"
                assert time.monotonic() < deadline, "the example server did not start"
                time.sleep(0.05)
        yield {"agent": agents_repository.get(agent["id"]), "port": port}
    finally:
        process.terminate()
        process.wait(timeout=60)


def event(kind: str, **fields: Any) -> dict[str, Any]:
    base = {"id": f"evt_{uuid.uuid4().hex[:8]}", "type": kind, "thread_id": "thr_doc"}
    if kind == "message":
        return {**base, "created_by": "user", "message": {"role": "user", "content": fields["content"]}}
    return {**base, "created_by": "agent", "agent_name": "Ops", "tool_calls": [{"id": "c1", "name": fields["tool"], "arguments": {}}]}


def test_the_documented_example_denies_redacts_and_passes(example):
    agent, thread = example["agent"], Thread(agent_id=example["agent"].agent_id, thread_id="thr_doc", status="active")
    denied = dispatch(agent, thread, event("tool_call", tool="restart_database"))
    assert denied == Deny("restarting the database needs a person")
    redacted = dispatch(agent, thread, event("message", content="card 4111 1111 1111 1111 please"))
    assert isinstance(redacted, Continue) and redacted.event["message"]["content"] == "card [card number] please"
    plain = event("message", content="hello")
    assert dispatch(agent, thread, plain) == Continue(plain)


def test_the_documented_example_refuses_an_unsigned_request(example):
    response = requests.post(f"http://127.0.0.1:{example['port']}/", json={"event": {"type": "tool_call"}}, timeout=5)
    assert response.status_code == 401
