"""wakeful-client, generated from the document the running API serves, against the API.

The module fixture fetches ``GET /openapi.json`` from the dev stack and generates the
client from it into a temporary folder with the pinned openapi-python-client
(``clients/python/generate.py --document``), then installs the generated project as a
user would, ``pip install`` of its folder (its own ``pyproject.toml`` and build backend,
uv_build, which the dev lock holds so that this works offline), into a temporary target
that is put first on ``sys.path``: ``wakeful_client`` is imported from there. Then:

- the committed client (``clients/python``) must be exactly what was generated: a stale
  client fails here (``make client`` regenerates it);
- the five flows of the façade run against the API and read typed attributes.
"""

from __future__ import annotations

import contextlib
import filecmp
import io
import json
import os
import re
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any, Iterator

import pytest
import requests

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture

ROOT = Path(__file__).resolve().parents[2]
COMMITTED = ROOT / "clients" / "python"
pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def generated(stack: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The client generated from the served document; ``wakeful_client`` imports from it."""
    served = requests.get(f"{stack.api_url}/openapi.json", timeout=30)
    assert served.status_code == 200
    folder = tmp_path_factory.mktemp("client")
    document = folder / "served-openapi.json"
    document.write_text(json.dumps(served.json(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    output = folder / "out"
    run = subprocess.run(
        [sys.executable, str(COMMITTED / "generate.py"), "--document", str(document), "--output", str(output)],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    site = folder / "site"
    bin_dir = Path(sys.executable).parent  # as in an activated virtualenv: the backend runs its uv-build there
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
    install = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-deps", "--no-build-isolation",
         "--no-index", "--target", str(site), str(output / "wakeful-client")],
        capture_output=True, text=True, timeout=300, check=False, env=env,
    )  # fmt: skip
    assert install.returncode == 0, install.stdout + install.stderr
    _forget_client_modules()
    sys.path.insert(0, str(site))
    yield output
    sys.path.remove(str(site))
    _forget_client_modules()


def test_the_generated_client_is_installed_from_its_project_as_a_package(generated: Path) -> None:
    import wakeful_client

    site = generated.parent / "site"
    assert Path(wakeful_client.__file__).is_relative_to(site)  # the installed copy, not the generated folder
    installed = {d.name for d in site.iterdir()}
    assert any(name.startswith("wakeful_client-1.dist-info") for name in installed), installed
    assert (site / "wakeful_client" / "easy.py").is_file() and (site / "wakeful_client" / "py.typed").is_file()


def _forget_client_modules() -> None:
    for name in [n for n in sys.modules if n == "wakeful_client" or n.startswith("wakeful_client.")]:
        del sys.modules[name]


#: Tools' caches that may sit in a working copy (git ignores them): not part of the client.
CACHES = {"__pycache__", ".ruff_cache", ".mypy_cache", ".pytest_cache"}


def _files(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file() and not CACHES & set(p.parts)}


def test_the_committed_client_is_what_the_served_document_generates(generated: Path) -> None:
    fresh, committed = generated / "wakeful-client", COMMITTED / "wakeful-client"
    assert (generated / "openapi.json").read_text() == (COMMITTED / "openapi.json").read_text(), "run `make client`"
    assert _files(fresh) == _files(committed), "run `make client`"
    _, mismatch, errors = filecmp.cmpfiles(fresh, committed, sorted(_files(fresh)), shallow=False)
    assert not mismatch and not errors, f"stale client files (run `make client`): {mismatch + errors}"


def test_the_generated_client_runs_the_five_flows_with_typed_answers(
    generated: Path, stack: Any, api: Any, receiver: Any, claude: fake.FakeAnthropic  # noqa: F811
) -> None:
    from wakeful_client.api.hooks import create_hook, test_hook
    from wakeful_client.easy import HookSignatureError, Wakeful, WakefulApiError, verify_hook_signature
    from wakeful_client.models import (
        Agent, EventAccepted, HookCreate, HookCreated, HookPayload, HookPayloadAgent, HookTestRequest, StreamEvent, Thread,
    )  # fmt: skip

    claude.converse([{"match": "the backup failed", "turns": [{"text": "Looking into it.", "tool_calls": [{"name": "complete_task", "input": {"summary": "disk full"}}]}]}])
    wakeful = Wakeful(stack.api_url, api.key)

    # 1. Create an agent.
    agent = wakeful.create_agent("Ops", f"ops{uuid.uuid4().hex[:10]}", system_prompt="You look after a homelab.", heartbeat_interval_seconds=3600)
    assert isinstance(agent, Agent) and agent.id.startswith("agt_") and agent.is_active is True
    assert agent.heartbeat_interval_seconds == 3600 and agent.system_prompt == "You look after a homelab."

    # 2. Post an event (and its idempotent repeat).
    first = wakeful.post_event(agent.id, "cpu_high", {"host": "db1"}, priority=2, idempotency_key="k1")
    again = wakeful.post_event(agent.id, "cpu_high", {"host": "db1"}, priority=2, idempotency_key="k1")
    assert isinstance(first, EventAccepted) and first.seq == 1 and (again.event_id, again.seq) == (first.event_id, 1)
    with pytest.raises(WakefulApiError) as refused:
        wakeful.post_event(agent.id, "1bad", {})
    assert refused.value.status == 422 and refused.value.code == "validation_error"

    # 3. Start a thread; 4. tail its stream until the run ends.
    thread = wakeful.start_thread(agent.id, "the backup failed last night")
    assert isinstance(thread, Thread) and thread.agent_id == agent.id and thread.source == "user"
    stack.drain()
    events = list(wakeful.tail(agent.id, thread.id))
    assert all(isinstance(e, StreamEvent) for e in events)
    assert [e.id for e in events] == list(range(1, len(events) + 1))
    assert events[0].type_ == "start" and events[-1].type_ == "completed"
    assert "Looking into it." in "".join(e.content or "" for e in events if e.type_ == "text")
    assert {e.metadata.thread_id for e in events} == {thread.id}
    assert [e.id for e in wakeful.tail(agent.id, thread.id, after=events[-2].id)] == [events[-1].id]

    # 5. Verify a hook delivery's signature (a test delivery to a real receiver).
    body = HookCreate.from_dict({"hook_type": "AFTER_HEARTBEAT", "endpoint_url": receiver.url("client-hook")})
    hook = create_hook.sync(agent.id, client=wakeful.client, body=body)
    assert isinstance(hook, HookCreated) and hook.secret.startswith("whsec_")
    started = test_hook.sync(agent.id, hook.id, client=wakeful.client, body=HookTestRequest())
    delivery = receiver.wait_for("client-hook", 1)[0]
    assert delivery.header("webhook-id") == started.delivery_id
    payload = verify_hook_signature(delivery.raw, delivery.headers, hook.secret)
    assert isinstance(payload, HookPayload) and isinstance(payload.agent, HookPayloadAgent)
    assert payload.agent.id == agent.id and payload.hook_type == "AFTER_HEARTBEAT" and payload.timestamp
    with pytest.raises(HookSignatureError):
        verify_hook_signature(delivery.raw + b" ", delivery.headers, hook.secret)
    from standardwebhooks import Webhook

    assert Webhook(hook.secret).verify(delivery.raw, delivery.headers) == payload.to_dict()


def python_block_after(heading: str) -> str:
    """The first Python code block after ``heading`` in docs/client.md."""
    text = (ROOT / "docs" / "client.md").read_text(encoding="utf-8")
    after = text[text.index(heading) + len(heading):]
    start = after.index("```python\n") + len("```python\n")
    return after[start:after.index("```", start)]


def test_the_readmes_curl_examples_have_python_twins_in_the_client_docs_that_run(generated: Path, stack: Any, api: Any) -> None:
    from wakeful_client.easy import Wakeful
    from wakeful_client.models import Schedule, ScheduleResultPage, WebhookAccepted

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/client.md#send-a-signed-webhook" in readme and "docs/client.md#a-heartbeat-checklist-every-weekday-at-0800-in-berlin" in readme
    wakeful = Wakeful(stack.api_url, api.key)
    agent = wakeful.create_agent("Twins", f"twins{uuid.uuid4().hex[:10]}")
    api.patch(f"/agents/{agent.id}", json={"is_active": False})

    signed: dict[str, Any] = {"wakeful": wakeful, "agent": agent}
    exec(python_block_after("### Send a signed webhook"), signed)  # noqa: S102 - the documented example, as a user runs it
    assert signed["response"].status_code == 202 and isinstance(signed["accepted"], WebhookAccepted)
    assert api.get(f"/agents/{agent.id}/events").json()["items"][0]["payload"] == {"title": "hello from Python"}

    scheduled: dict[str, Any] = {"wakeful": wakeful, "agent": agent}
    exec(python_block_after("### A heartbeat checklist every weekday at 08:00 in Berlin"), scheduled)  # noqa: S102
    assert isinstance(scheduled["schedule"], Schedule) and isinstance(scheduled["results"], ScheduleResultPage)
    assert api.get(f"/agents/{agent.id}/schedules/{scheduled['schedule'].id}").json()["timezone"] == "Europe/Berlin"
    api.delete(f"/agents/{agent.id}/schedules/{scheduled['schedule'].id}")  # no later scan runs it


def text_block_after(path: Path, heading: str) -> str:
    """The block after ``heading`` in ``path`` that a paragraph starting "prints" leads
    in: what the example before it prints."""
    text = path.read_text(encoding="utf-8")
    found = re.search(r"\nprints[^\n]*\n\n```\n(.*?)```", text[text.index(heading):], re.S)
    assert found, f"no 'prints' block after {heading}"
    return found[1]


def tailed_run(stack: Any, api: Any, claude: fake.FakeAnthropic) -> tuple[Any, Any, Any]:
    """A thread whose run writes, calls a tool, and completes; run to its end."""
    from wakeful_client.easy import Wakeful

    claude.converse([{"match": "the backup job", "turns": [
        {"text": "Let me note it.", "tool_calls": [{"name": "store_context", "input": {"key": "disk", "value": "full"}}]},
        {"text": "The disk is full.", "tool_calls": [{"name": "complete_task", "input": {"summary": "disk full"}}]},
    ]}])  # fmt: skip
    wakeful = Wakeful(stack.api_url, api.key)
    agent = wakeful.create_agent("Tail", f"tail{uuid.uuid4().hex[:10]}", heartbeat_interval_seconds=3600)
    thread = wakeful.start_thread(agent.id, "the backup job failed last night")
    stack.drain()
    return wakeful, agent, thread


def test_the_client_docs_tail_example_prints_each_tool_call_and_result_as_documented(
    generated: Path, stack: Any, api: Any, claude: fake.FakeAnthropic  # noqa: F811
) -> None:
    wakeful, agent, thread = tailed_run(stack, api, claude)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(python_block_after("### Tail a stream"), {"wakeful": wakeful, "agent": agent, "thread": thread})  # noqa: S102
    lines = printed.getvalue().splitlines()
    assert all(line.strip() for line in lines), lines  # no blank line for a tool call, or any other event
    assert lines == text_block_after(ROOT / "docs" / "client.md", "### Tail a stream").splitlines()


def test_the_readmes_tail_twin_names_each_tool_call_and_result(
    generated: Path, stack: Any, api: Any, claude: fake.FakeAnthropic  # noqa: F811
) -> None:
    wakeful, agent, thread = tailed_run(stack, api, claude)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = next(b for b in re.findall(r"```python\n(.*?)```", readme, re.S) if "wakeful.tail(agent_id, thread_id)" in b)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(block, {"wakeful": wakeful, "agent_id": agent.id, "thread_id": thread.id})  # noqa: S102
    shown = [line.split(" ", 1)[1] for line in printed.getvalue().splitlines()]  # "<id> <what>"
    assert '→ store_context {"key": "disk", "value": "full"}' in shown and any(s.startswith("← store_context ") for s in shown)
    assert shown[0] == "▶ run started" and shown[-1] == "✓ run completed — disk full", shown
