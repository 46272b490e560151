"""The same thread flows on every model provider, through one `wakeful dev`: one agent
on the Anthropic API (the real anthropic SDK against the fake Messages API), one on
Amazon Bedrock (real botocore against the fake Converse/ConverseStream runtime), one on
an OpenAI-compatible endpoint (the real openai SDK against the fake Chat Completions
API). Each fake answers from the same conversation rules; real HTTP everywhere."""

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
from tests.fakes.bedrock_server import FakeBedrock
from tests.fakes.model_server import error
from tests.fakes.openai_server import FakeOpenAI
from tests.support.interceptor_server import InterceptorServer, echo
from tests.support.tool_server import ToolServer
from wakeful_dev.runtime import free_port

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.e2e
KEY = "providers-e2e-key"
BEDROCK_MODEL = "us.anthropic.claude-sonnet-4-5-20250929-v1:0"

RULES = {
    "rules": [
        {"when": "check the disk", "then": [{"tool": "disk_usage", "input": {"path": "/"}}, {"text": "The disk is 42% full."}]},
        {"when": "rotate the logs", "then": [{"tool": "disk_usage", "input": {"path": "/var/log"}}, {"text": "Logs checked."}]},
        {"when": "restart nginx", "then": [{"tool": "restart_service", "input": {"service": "nginx"}}, {"text": "nginx restarted."}]},
        {"when": "restart the proxy", "then": [{"tool": "restart_service", "input": {"service": "proxy"}}, {"text": "proxy restarted."}]},
        {"when": "note: in the maintenance window", "then": [{"text": "Restarted in the maintenance window."}]},
        {"when": "denied", "then": [{"text": "Left it alone, as you said."}]},
        {
            "when": "watch the server",
            "then": [{"tools": [
                {"tool": "store_context", "input": {"key": "watching", "value": True}},
                {"tool": "schedule_wake", "input": {"delay": "60m", "reason": "wait until it is empty", "wake_on_events": ["SERVER_EMPTY"]}},
            ]}],
        },  # fmt: skip
        {"when": "woken by event SERVER_EMPTY", "then": [{"tool": "complete_task", "input": {"summary": "resumed downloads"}}]},
        {"when": "check the backups", "then": [{"text": "HEARTBEAT_OK"}]},
    ]
}


@pytest.fixture(scope="module")
def fakes() -> Iterator[dict[str, Any]]:
    made = {"anthropic": FakeAnthropic(), "bedrock": FakeBedrock(), "openai": FakeOpenAI(), "failing": FakeOpenAI()}
    for fake in made.values():
        fake.converse(RULES)
    made["failing"].fail_always(error(503, "server_error", "overloaded"))
    yield made
    for fake in made.values():
        fake.close()


@pytest.fixture(scope="module")
def tools() -> Iterator[ToolServer]:
    server = ToolServer()
    server.behaviours["disk"] = lambda r: {"success": True, "output": {"used_percent": 42, "path": r["tool_call"]["arguments"].get("path")}}
    server.behaviours["restart"] = lambda r: {"success": True, "output": {"restarted": r["tool_call"]["arguments"].get("service")}}
    yield server
    server.close()


@pytest.fixture(scope="module")
def dev(fakes: dict[str, Any]) -> Iterator[str]:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("WAKEFUL_", "AWS_", "MOTO_", "POWERTOOLS_", "ANTHROPIC_", "OPENAI_"))}
    env.update(
        {
            "WAKEFUL_DEV_API_KEYS": f"e2e:{KEY}",
            "ANTHROPIC_API_KEY": "sk-ant-fake",
            "ANTHROPIC_BASE_URL": fakes["anthropic"].url,
            "OPENAI_API_KEY": "sk-openai-fake",
            "AWS_ENDPOINT_URL_BEDROCK_RUNTIME": fakes["bedrock"].url,
            "WAKEFUL_LLM_MAX_RETRIES": "1",
            "WAKEFUL_LLM_TIMEOUT_SECONDS": "10",
        }
    )
    process = subprocess.Popen(
        [sys.executable, "-m", "wakeful_dev.cli", "dev", "--port", str(port), "--tick", "0.5"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    assert process.stdout is not None
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line or line.startswith("Wakeful dev server on"):
            break
    threading.Thread(target=lambda: [None for _ in process.stdout], daemon=True).start()  # type: ignore[union-attr]
    yield f"http://127.0.0.1:{port}"
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=120) == 0


@pytest.fixture(scope="module")
def http(dev: str, tools: ToolServer) -> requests.Session:
    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {KEY}"
    schema = {"type": "object", "properties": {"path": {"type": "string"}, "service": {"type": "string"}}}
    for name, path, approval in (("disk_usage", "disk", False), ("restart_service", "restart", True)):
        body = {"name": name, "kind": "http", "endpoint_url": tools.url(path), "input_schema": schema, "requires_approval": approval}
        assert session.post(f"{dev}/tools", json=body).status_code == 201
    return session


def _until(what: Callable[[], Any], timeout: float = 90.0, explain: Callable[[], Any] = lambda: "") -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = what()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError(f"not reached in time: {explain()}")


def _agent(http: requests.Session, dev: str, llm: dict[str, Any]) -> str:
    agent = http.post(f"{dev}/agents", json={"name": "Ops", "alias": f"ops{time.time_ns()}", "system_prompt": "You look after a homelab."}).json()
    response = http.patch(f"{dev}/agents/{agent['id']}/llm", json=llm)
    assert response.status_code == 200, response.text
    return str(agent["id"])


def _llm(provider: str, fakes: dict[str, Any]) -> dict[str, Any]:
    if provider == "openai":
        return {"provider": "openai", "model": "gpt-4o-mini", "base_url": f"{fakes['openai'].url}/v1"}
    if provider == "bedrock":
        return {"provider": "bedrock", "model": BEDROCK_MODEL}
    return {"provider": "anthropic", "model": "claude-sonnet-4-6"}


def _thread(http: requests.Session, dev: str, agent_id: str, message: str) -> str:
    response = http.post(f"{dev}/agents/{agent_id}/threads", json={"message": message})
    assert response.status_code == 201, response.text
    return str(response.json()["id"])


def _get(http: requests.Session, dev: str, agent_id: str, thread_id: str) -> dict[str, Any]:
    return http.get(f"{dev}/agents/{agent_id}/threads/{thread_id}").json()


def _messages(http: requests.Session, dev: str, agent_id: str, thread_id: str) -> list[dict[str, Any]]:
    return http.get(f"{dev}/agents/{agent_id}/threads/{thread_id}/messages").json()["items"]


def _answered(http: requests.Session, dev: str, agent_id: str, thread_id: str, text: str) -> list[dict[str, Any]]:
    def done() -> list[dict[str, Any]] | None:
        messages = _messages(http, dev, agent_id, thread_id)
        return messages if any(m["role"] == "assistant" and m["content"] == text for m in messages) else None

    return _until(done, explain=lambda: (_get(http, dev, agent_id, thread_id), _messages(http, dev, agent_id, thread_id)))


PROVIDERS = ["anthropic", "bedrock", "openai"]


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_thread_calls_a_tool_and_answers_with_its_result_and_streams_it_on_every_provider(provider, dev, http, fakes, tools) -> None:
    agent_id = _agent(http, dev, _llm(provider, fakes))
    thread_id = _thread(http, dev, agent_id, "Please check the disk")
    messages = _answered(http, dev, agent_id, thread_id, "The disk is 42% full.")
    call = next(m for m in messages if m.get("tool_calls"))["tool_calls"][0]
    assert (call["name"], call["arguments"]) == ("disk_usage", {"path": "/"})
    result = next(m for m in messages if m["role"] == "tool")
    assert result["tool_call_id"] == call["id"] and '"used_percent": 42' in result["content"]
    events = _until(lambda: [e for e in http.get(f"{dev}/agents/{agent_id}/threads/{thread_id}/stream-events").json()["items"] if e["type"] == "completed"] and http.get(f"{dev}/agents/{agent_id}/threads/{thread_id}/stream-events").json()["items"])
    kinds = [e["type"] for e in events]
    assert kinds[0] == "start" and "tool_call" in kinds and "tool_result" in kinds and kinds[-1] == "completed"
    assert "".join(e.get("content") or "" for e in events if e["type"] == "text") == "The disk is 42% full."
    usage = http.get(f"{dev}/agents/{agent_id}/llm").json()
    assert usage["provider"] == provider
    rows = {(u["provider"], u["model"]): u for u in usage["usage_by_model"]}
    row = rows[(provider, _llm(provider, fakes)["model"])]
    assert row["calls"] == 2 and row["tokens"] > 0 and usage["usage_today"]["calls"] == 2


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_thread_sleeps_and_an_event_wakes_it_on_every_provider(provider, dev, http, fakes) -> None:
    agent_id = _agent(http, dev, _llm(provider, fakes))
    thread_id = _thread(http, dev, agent_id, "Watch the server until it is empty")
    _until(lambda: _get(http, dev, agent_id, thread_id)["status"] == "sleeping", explain=lambda: _messages(http, dev, agent_id, thread_id))
    assert [w["event_type"] for w in _get(http, dev, agent_id, thread_id)["wake_on_events"]] == ["SERVER_EMPTY"]
    assert http.post(f"{dev}/agents/{agent_id}/events", json={"event_type": "SERVER_EMPTY", "payload": {}}).status_code == 202
    _until(lambda: _get(http, dev, agent_id, thread_id)["status"] == "complete", explain=lambda: _messages(http, dev, agent_id, thread_id))
    done = _get(http, dev, agent_id, thread_id)
    assert done["summary"] == "resumed downloads" and done["context"] == {"watching": True}


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_tool_that_requires_approval_runs_once_approved_on_every_provider(provider, dev, http, fakes, tools) -> None:
    agent_id = _agent(http, dev, _llm(provider, fakes))
    thread_id = _thread(http, dev, agent_id, "Restart nginx please")
    _until(lambda: _get(http, dev, agent_id, thread_id)["status"] == "waiting_approval", explain=lambda: _messages(http, dev, agent_id, thread_id))
    pending = http.get(f"{dev}/agents/{agent_id}/threads/{thread_id}/approvals").json()["items"]
    assert [(p["tool"], p["arguments"]) for p in pending] == [("restart_service", {"service": "nginx"})]
    before = len(tools.requests_for("restart"))
    decided = http.post(f"{dev}/agents/{agent_id}/threads/{thread_id}/approvals/{pending[0]['tool_call_id']}", json={"decision": "approve"})
    assert decided.status_code == 200, decided.text
    _answered(http, dev, agent_id, thread_id, "nginx restarted.")
    assert len(tools.requests_for("restart")) == before + 1


def _decision_sent(provider: str, fakes: dict[str, Any], token: str) -> tuple[list[str], str]:
    """What the model was sent after a person's decision whose note holds ``token``: the
    kinds of the parts before the decision (in ``provider``'s wire format), and its text."""
    import json

    body = next(r for r in fakes[provider].requests if token in json.dumps(r))
    messages = body["messages"]
    if provider == "openai":
        before = [m["role"] for m in messages[:-1] if m["role"] in ("tool", "user")][-1:]
        return before, messages[-1]["content"]
    last = messages[-1]["content"]
    if provider == "bedrock":
        kinds = [next(iter(b)) for b in last]
        said = next(b["text"] for b in last if "text" in b and token in b["text"])
    else:
        kinds = [b["type"] for b in last]
        said = next(b["text"] for b in last if b["type"] == "text" and token in b["text"])
    return kinds[: kinds.index("text")], said


@pytest.mark.parametrize("provider", PROVIDERS)
def test_the_model_reads_a_persons_approval_with_its_note_after_the_result_on_every_provider(provider, dev, http, fakes, tools) -> None:
    agent_id = _agent(http, dev, _llm(provider, fakes))
    thread_id = _thread(http, dev, agent_id, "Restart the proxy please")
    _until(lambda: _get(http, dev, agent_id, thread_id)["status"] == "waiting_approval", explain=lambda: _messages(http, dev, agent_id, thread_id))
    (pending,) = http.get(f"{dev}/agents/{agent_id}/threads/{thread_id}/approvals").json()["items"]
    token = f"in the maintenance window {time.time_ns()}"
    decided = http.post(f"{dev}/agents/{agent_id}/threads/{thread_id}/approvals/{pending['tool_call_id']}", json={"decision": "approve", "note": token})
    assert decided.status_code == 200, decided.text
    _answered(http, dev, agent_id, thread_id, "Restarted in the maintenance window.")
    before, said = _decision_sent(provider, fakes, token)
    assert before == {"anthropic": ["tool_result"], "bedrock": ["toolResult"], "openai": ["tool"]}[provider]
    assert said.startswith(f"[system] Approval: your call of restart_service ({pending['tool_call_id']}) was approved by e2e. Note: {token}")


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_denied_call_is_answered_by_the_rule_for_denied_on_every_provider(provider, dev, http, fakes, tools) -> None:
    agent_id = _agent(http, dev, _llm(provider, fakes))
    thread_id = _thread(http, dev, agent_id, "Restart nginx please")
    _until(lambda: _get(http, dev, agent_id, thread_id)["status"] == "waiting_approval", explain=lambda: _messages(http, dev, agent_id, thread_id))
    (pending,) = http.get(f"{dev}/agents/{agent_id}/threads/{thread_id}/approvals").json()["items"]
    before = len(tools.requests_for("restart"))
    token = f"players are on {time.time_ns()}"
    decided = http.post(f"{dev}/agents/{agent_id}/threads/{thread_id}/approvals/{pending['tool_call_id']}", json={"decision": "deny", "note": token})
    assert decided.status_code == 200, decided.text
    messages = _answered(http, dev, agent_id, thread_id, "Left it alone, as you said.")
    assert len(tools.requests_for("restart")) == before
    assert not any(m["role"] == "assistant" and m["content"] == "nginx restarted." for m in messages)
    _, said = _decision_sent(provider, fakes, token)
    assert said.startswith(f"[system] Approval: your call of restart_service ({pending['tool_call_id']}) was denied by e2e. Note: {token}")


@pytest.mark.parametrize("provider", PROVIDERS)
def test_an_interceptor_changes_the_tool_arguments_on_every_provider(provider, dev, http, fakes, tools) -> None:
    agent_id = _agent(http, dev, _llm(provider, fakes))
    interceptor = InterceptorServer()
    try:
        interceptor.script("guard", echo(lambda event: event["tool_calls"][0]["arguments"].update({"path": "/var/log/safe"})))
        body = {"endpoint_url": interceptor.url("guard"), "events": ["tool_call"]}
        assert http.post(f"{dev}/agents/{agent_id}/interceptors", json=body).status_code == 201
        thread_id = _thread(http, dev, agent_id, "Rotate the logs")
        _answered(http, dev, agent_id, thread_id, "Logs checked.")
        sent = [r for r in tools.requests_for("disk") if r.get("thread_id") == thread_id]
        assert [r["tool_call"]["arguments"] for r in sent] == [{"path": "/var/log/safe"}]
    finally:
        interceptor.close()


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_heartbeat_schedule_whose_answer_is_heartbeat_ok_notifies_no_one_on_every_provider(provider, dev, http, fakes) -> None:
    agent_id = _agent(http, dev, _llm(provider, fakes))
    schedule = http.post(
        f"{dev}/agents/{agent_id}/schedules",
        json={"prompt": "Check the backups", "cron_expression": "0 8 * * *", "config": {"schedule_type": "heartbeat"}},
    ).json()
    assert http.post(f"{dev}/agents/{agent_id}/schedules/{schedule['id']}/run").status_code == 202
    results = _until(
        lambda: [r for r in http.get(f"{dev}/agents/{agent_id}/schedules/{schedule['id']}/results").json()["items"] if r["status"] != "running" and r.get("completed_at")]
    )
    assert [(r["status"], r["notified"]) for r in results] == [("heartbeat_ok", False)]


def test_a_thread_completes_on_the_fallback_when_the_first_provider_answers_503_every_time(dev, http, fakes) -> None:
    failing = fakes["failing"]
    llm = {
        "provider": "openai",
        "model": "gpt-4o",
        "base_url": f"{failing.url}/v1",
        "fallback": [{"provider": "bedrock", "model": BEDROCK_MODEL}],
    }
    agent_id = _agent(http, dev, llm)
    thread_id = _thread(http, dev, agent_id, "Check the disk now")
    _answered(http, dev, agent_id, thread_id, "The disk is 42% full.")
    assert len(failing.requests) >= 4  # two model calls, each tried twice (one SDK retry)
    view = http.get(f"{dev}/agents/{agent_id}/llm").json()
    rows = {(u["provider"], u["model"]): u for u in view["usage_by_model"]}
    assert rows[("openai", "gpt-4o")]["failed_calls"] == 2 and rows[("openai", "gpt-4o")]["calls"] == 0
    assert rows[("bedrock", BEDROCK_MODEL)]["calls"] == 2 and rows[("bedrock", BEDROCK_MODEL)]["tokens"] > 0
    assert view["fallback"] == [{"provider": "bedrock", "model": BEDROCK_MODEL}]
    assert "api_key" not in view


def _bad(provider: str, case: str) -> Any:
    """A bad answer of ``case`` in ``provider``'s own wire format."""
    from tests.fakes import anthropic_server as claude
    from tests.fakes import model_server as wire

    if provider == "anthropic":
        return {
            "unknown_tool": claude.tool_use({}, name="rm_rf"),
            "malformed_arguments": claude.tool_use("not an object", name="disk_usage"),
            "refusal": claude.Reply(content=[{"type": "text", "text": "I won't do that."}], stop_reason="refusal"),
            "garbage": claude.Reply(content=[{"type": "mystery", "data": "?"}]),
        }[case]
    return {
        "unknown_tool": wire.tool_call("rm_rf", {}),
        "malformed_arguments": wire.tool_call("disk_usage", '{"path": '),
        "refusal": wire.Reply(content=[{"type": "text", "text": "I won't do that."}], stop_reason="content_filter" if provider == "openai" else "guardrail_intervened"),
        "garbage": wire.garbage(200, b"\x00\x01 not a model's answer"),
    }[case]


EXPECTED = {
    "unknown_tool": "not one of its tools",
    "malformed_arguments": "not a JSON object",
    "refusal": "refused to answer: I won't do that.",
    "garbage": "",  # each provider says it its own way; the thread records it all the same
}


@pytest.mark.parametrize("case", sorted(EXPECTED))
@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_bad_answer_fails_the_thread_with_a_recorded_reason_and_an_error_event(provider, case, dev, http, fakes) -> None:
    agent_id = _agent(http, dev, _llm(provider, fakes))
    fakes[provider].push(_bad(provider, case))
    thread_id = _thread(http, dev, agent_id, f"Answer badly: {case}")
    _until(lambda: _get(http, dev, agent_id, thread_id)["status"] == "failed", explain=lambda: (_get(http, dev, agent_id, thread_id), _messages(http, dev, agent_id, thread_id)))
    reason = _get(http, dev, agent_id, thread_id)["error_message"]
    assert reason.startswith("model call failed: ") and EXPECTED[case] in reason, reason
    events = _until(lambda: [e for e in http.get(f"{dev}/agents/{agent_id}/threads/{thread_id}/stream-events").json()["items"] if e["type"] == "error"])
    assert EXPECTED[case] in (events[-1].get("content") or ""), events
    assert http.get(f"{dev}/health").status_code == 200  # nothing crashed
