"""MCP both ways through `wakeful dev` as a user runs it: a real process, real HTTP.

- Wakeful as an MCP client: a local MCP server built with the official SDK
  (``tests/fakes/mcp_server.py``) is registered over the API, and threads whose model
  (the real anthropic SDK against the fake Messages API, scripted) calls
  ``<server>__<tool>`` get its results.
- Wakeful as an MCP server: the SDK's own client against ``/mcp``.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Callable, Iterator

import httpx2
import pytest
import requests
from mcp.client.client import Client
from mcp.client.streamable_http import streamable_http_client

from tests.fakes.anthropic_server import FakeAnthropic
from tests.fakes.mcp_server import FakeMcp, PlainHttp, unused_port_url
from tests.support import openapi_check
from wakeful import aio
from wakeful_dev.runtime import free_port

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.e2e, pytest.mark.long(seconds=60)]
KEY, OTHER_KEY = "mcp-e2e-key", "mcp-e2e-other"


def _then_done(*calls: tuple[str, dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"tool_calls": [{"name": name, "input": args} for name, args in calls]}, {"tool_calls": [{"name": "complete_task", "input": {"summary": "done"}}]}]


SCRIPT = [
    {"match": "add two and forty", "turns": _then_done(("fake__add", {"a": 2, "b": 40}))},
    {"match": "break something", "turns": _then_done(("fake__fail", {"reason": "disk full"}))},
    {"match": "denied sum", "turns": _then_done(("fake__add", {"a": 1, "b": 1}))},
    {"match": "park me", "turns": [{"tool_calls": [{"name": "store_context", "input": {"key": "k", "value": 1}}]}, {"text": "stored"}]},
]


@pytest.fixture(scope="module")
def claude() -> Iterator[FakeAnthropic]:
    server = FakeAnthropic()
    server.converse(SCRIPT)
    yield server
    server.close()


@pytest.fixture(scope="module")
def mcp() -> Iterator[FakeMcp]:
    server = FakeMcp()
    yield server
    server.close()


@pytest.fixture(scope="module")
def dev(claude: FakeAnthropic) -> Iterator[str]:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("WAKEFUL_", "AWS_", "MOTO_", "POWERTOOLS_", "ANTHROPIC_"))}
    env.update(
        {
            "WAKEFUL_DEV_API_KEYS": f"mcpe2e:{KEY},mcpother:{OTHER_KEY}",
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
    assert process.stdout is not None
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line or line.startswith("Wakeful dev server on"):
            break
    threading.Thread(target=lambda: [None for _ in process.stdout], daemon=True).start()  # type: ignore[union-attr]
    base = f"http://127.0.0.1:{port}"
    openapi_check.watch(base)
    yield base
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=120) == 0


@pytest.fixture(scope="module")
def server(dev: str, mcp: FakeMcp) -> dict[str, Any]:
    """The fake MCP server, registered by the first owner."""
    response = _http(KEY).post(f"{dev}/mcp-servers", json={"name": "fake", "url": mcp.url, "headers": {"Authorization": "Bearer mcp-token"}})
    assert response.status_code == 201, response.text
    return response.json()


def _http(key: str) -> requests.Session:
    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {key}"
    return session


def _until(what: Callable[[], Any], timeout: float = 90.0, explain: Callable[[], Any] = lambda: "") -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = what()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"not reached in time: {explain()}")


def _agent(dev: str, **fields: Any) -> dict[str, Any]:
    response = _http(KEY).post(f"{dev}/agents", json={"name": "Ops", "alias": f"ops{time.time_ns()}", **fields})
    assert response.status_code == 201, response.text
    return response.json()


def _finished_thread(dev: str, agent_id: str, message: str, status: str = "complete") -> tuple[str, list[dict[str, Any]]]:
    http = _http(KEY)
    thread_id = http.post(f"{dev}/agents/{agent_id}/threads", json={"message": message}).json()["id"]
    path = f"{dev}/agents/{agent_id}/threads/{thread_id}"
    _until(lambda: http.get(path).json()["status"] == status, explain=lambda: (http.get(path).json(), http.get(f"{path}/messages").json()))
    return thread_id, http.get(f"{path}/messages").json()["items"]


# -- Wakeful as an MCP client ------------------------------------------------------------


def test_registering_lists_the_servers_tools(server: dict[str, Any], mcp: FakeMcp) -> None:
    assert sorted(t["name"] for t in server["tools"]) == ["add", "echo", "fail", "sleep"]
    assert server["header_names"] == ["Authorization"] and "mcp-token" not in json.dumps(server)
    assert any(h.get("authorization") == "Bearer mcp-token" for h in mcp.headers)


def test_a_thread_calls_an_mcp_tool_and_its_model_reads_the_result(dev: str, server: dict[str, Any], mcp: FakeMcp, claude: FakeAnthropic) -> None:
    agent = _agent(dev, tools=["mcp:fake"])
    thread_id, messages = _finished_thread(dev, agent["id"], "add two and forty")

    (result,) = [m for m in messages if m["role"] == "tool" and m["tool_call_id"] == messages[1]["tool_calls"][0]["id"]]
    assert result["content"] == "42" and not result["is_error"]
    assert mcp.calls["add"] >= 1 and {"a": 2, "b": 40} in [c["params"]["arguments"] for c in mcp.tool_calls("add")]
    later = [r for r in claude.conversation_requests() if "add two and forty" in json.dumps(r["messages"])]
    assert any('"content": "42"' in json.dumps(r["messages"]) for r in later)
    assert "fake__add" in [t["name"] for t in later[0]["tools"]]
    events = _http(KEY).get(f"{dev}/agents/{agent['id']}/threads/{thread_id}/stream-events").json()["items"]
    assert [e["tool_args"] for e in events if e["type"] == "tool_call" and e["tool_name"] == "fake__add"] == [{"a": 2, "b": 40}]
    assert any(e["type"] == "tool_result" and e["tool_name"] == "fake__add" for e in events)


def test_a_failing_tool_gives_the_model_an_error_result(dev: str, server: dict[str, Any]) -> None:
    agent = _agent(dev, tools=["mcp:fake"])
    _, messages = _finished_thread(dev, agent["id"], "break something")

    (result,) = [m for m in messages if m["role"] == "tool" and m["tool_call_id"] == messages[1]["tool_calls"][0]["id"]]
    assert result["is_error"] and "failed on purpose: disk full" in result["content"]


def test_tool_policy_deny_means_the_server_is_never_called(dev: str, server: dict[str, Any], mcp: FakeMcp) -> None:
    agent = _agent(dev, tools=["mcp:fake"], tool_policy={"deny": ["fake__add"]})
    before = len(mcp.tool_calls())
    _, messages = _finished_thread(dev, agent["id"], "denied sum")

    (result,) = [m for m in messages if m["role"] == "tool" and m["tool_call_id"] == messages[1]["tool_calls"][0]["id"]]
    assert result["is_error"] and "tool_policy denies fake__add" in result["content"]
    assert [c for c in mcp.tool_calls()[before:] if c["params"]["arguments"] == {"a": 1, "b": 1}] == []


def test_refresh_sees_a_tool_added_on_the_server(dev: str, server: dict[str, Any], mcp: FakeMcp) -> None:
    mcp.add_tool("shout", lambda text: text.upper(), "Say it loud")

    refreshed = _http(KEY).post(f"{dev}/mcp-servers/{server['id']}/refresh")

    assert refreshed.status_code == 200 and "shout" in [t["name"] for t in refreshed.json()["tools"]]


def test_an_unreachable_or_non_mcp_url_is_a_422_with_the_reason(dev: str) -> None:
    http = _http(KEY)
    plain = PlainHttp()
    try:
        web = http.post(f"{dev}/mcp-servers", json={"name": "web", "url": plain.url})
    finally:
        plain.close()
    gone = http.post(f"{dev}/mcp-servers", json={"name": "gone", "url": unused_port_url()})

    assert web.status_code == 422 and "answered HTTP 200 (text/html), which is not an MCP" in web.json()["error"]["message"]
    assert gone.status_code == 422 and "cannot connect" in gone.json()["error"]["message"]


def test_a_url_the_policy_refuses_is_a_422_and_nothing_is_connected(dev: str) -> None:
    plain = PlainHttp()
    port = plain.url.split(":")[2].split("/")[0]
    try:
        response = _http(KEY).post(f"{dev}/mcp-servers", json={"name": "bad", "url": f"http://127.0.0.1:{port}\\@example.com/mcp"})
    finally:
        plain.close()

    assert response.status_code == 422 and "backslash" in response.json()["error"]["message"]
    assert plain.requests == 0


# -- Wakeful as an MCP server ------------------------------------------------------------


def _with_client(dev: str, key: str | None, work: Callable[[Client], Any]) -> Any:
    found: dict[str, Any] = {}

    async def main() -> None:
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        async with httpx2.AsyncClient(headers=headers, timeout=60) as http:
            async with Client(streamable_http_client(f"{dev}/mcp", http_client=http)) as client:
                found["result"] = await work(client)

    aio.run(main)  # beside any event loop a test tool left running in this worker
    return found["result"]


def _json(result: Any) -> dict[str, Any]:
    return json.loads(result.content[0].text)


def test_the_sdk_client_initializes_lists_and_calls_every_tool(dev: str) -> None:
    agent = _agent(dev, tool_policy={"require_approval": ["store_context"]})
    parked, _ = _finished_thread(dev, agent["id"], "park me", status="waiting_approval")

    async def work(client: Client) -> dict[str, Any]:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        results = {
            "list_agents": await client.call_tool("list_agents", {}),
            "post_event": await client.call_tool("post_event", {"agent_id": agent["id"], "event_type": "cpu_high", "payload": {"load": 9}}),
            "start_thread": await client.call_tool("start_thread", {"agent_id": agent["id"], "message": "hello there"}),
            "get_thread": await client.call_tool("get_thread", {"agent_id": agent["id"], "thread_id": parked}),
            "create_schedule": await client.call_tool("create_schedule", {"agent_id": agent["id"], "prompt": "Check", "cron_expression": "0 8 * * 1-5"}),
            "list_pending_approvals": await client.call_tool("list_pending_approvals", {"agent_id": agent["id"]}),
            "remember": await client.call_tool("remember", {"agent_id": agent["id"], "text": "The backup runs at 02:00 UTC"}),
            "recall": await client.call_tool("recall", {"agent_id": agent["id"], "query": "backup"}),
            "get_spend": await client.call_tool("get_spend", {"agent_id": agent["id"]}),
        }
        pending = _json(results["list_pending_approvals"])["items"][0]
        results["decide_approval"] = await client.call_tool(
            "decide_approval", {"agent_id": agent["id"], "thread_id": parked, "tool_call_id": pending["tool_call_id"], "decision": "approve"}
        )
        return {"version": client.protocol_version, "tools": tools, "results": results}

    got = _with_client(dev, KEY, work)

    assert got["version"]
    assert set(got["tools"]) == set(got["results"])
    assert all(t.input_schema["type"] == "object" for t in got["tools"].values())
    results = {name: _json(r) for name, r in got["results"].items()}
    assert not [name for name, r in got["results"].items() if r.is_error], results
    assert agent["id"] in [a["id"] for a in results["list_agents"]["items"]]
    logged = _http(KEY).get(f"{dev}/agents/{agent['id']}/events").json()["items"]
    assert [(e["id"], e["payload"]) for e in logged if e["event_type"] == "cpu_high"] == [(results["post_event"]["event_id"], {"load": 9})]
    assert results["start_thread"]["agent_id"] == agent["id"]
    assert results["get_thread"]["status"] == "waiting_approval"
    assert results["create_schedule"]["cron_expression"] == "0 8 * * 1-5"
    assert results["get_spend"]["status"] == "ok" and "by_model" in results["get_spend"]
    assert [p["thread_id"] for p in results["list_pending_approvals"]["items"]] == [parked]
    http = _http(KEY)
    _until(lambda: http.get(f"{dev}/agents/{agent['id']}/threads/{parked}").json()["status"] == "sleeping")
    assert http.get(f"{dev}/agents/{agent['id']}/threads/{parked}").json()["context"] == {"k": 1}


def test_another_owners_key_sees_none_of_the_first_owners_agents_or_threads(dev: str) -> None:
    agent = _agent(dev)
    thread_id = _http(KEY).post(f"{dev}/agents/{agent['id']}/threads", json={"message": "add two and forty"}).json()["id"]

    async def work(client: Client) -> list[Any]:
        return [
            await client.call_tool("list_agents", {}),
            await client.call_tool("get_thread", {"agent_id": agent["id"], "thread_id": thread_id}),
            await client.call_tool("list_pending_approvals", {"agent_id": agent["id"]}),
        ]

    listed, thread, approvals = _with_client(dev, OTHER_KEY, work)

    assert _json(listed)["items"] == []
    assert thread.is_error and _json(thread)["error"]["code"] == "not_found"
    assert approvals.is_error and _json(approvals)["error"]["code"] == "not_found"


def test_no_key_is_refused(dev: str) -> None:
    with pytest.raises(Exception):  # noqa: B017 - the SDK raises its own error for a 401
        _with_client(dev, None, lambda client: client.list_tools())
    response = requests.post(
        f"{dev}/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"}, headers={"Accept": "application/json, text/event-stream"}, timeout=30
    )
    assert response.status_code == 401
