"""MCP servers as a tool source, against the in-process stack: a real MCP server built
with the official SDK on loopback (``tests/fakes/mcp_server.py``), Wakeful's client
being the SDK too; threads run by the real thread runner with the model being the real
anthropic SDK against the fake Messages API."""

from __future__ import annotations

import json
from typing import Any, Iterator

import pytest

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.fakes.mcp_server import FakeMcp, PlainHttp, unused_port_url
from tests.integration.thread_helpers import history, make_agent, start, thread
from tests.support.interceptor_server import Answer, interceptor, register  # noqa: F401 - fixture
from wakeful import ddb

pytestmark = pytest.mark.long(seconds=40)


@pytest.fixture()
def mcp() -> Iterator[FakeMcp]:
    server = FakeMcp()
    yield server
    server.close()


def registered(api: Any, server: FakeMcp, name: str = "fake", **fields: Any) -> dict[str, Any]:
    response = api.post("/mcp-servers", json={"name": name, "url": server.url, **fields})
    assert response.status_code == 201, response.text
    return response.json()


def calls_then_done(*calls: tuple[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """A model that calls ``calls`` in one turn, then completes the task."""
    return [
        {
            "match": "",
            "turns": [
                {"tool_calls": [{"name": name, "input": args} for name, args in calls]},
                {"tool_calls": [{"name": "complete_task", "input": {"summary": "done"}}]},
            ],
        }
    ]


def tool_results(api: Any, agent_id: str, thread_id: str) -> list[dict[str, Any]]:
    return [m for m in history(api, agent_id, thread_id) if m["role"] == "tool" and m["tool_call_id"].startswith("toolu_s000")]


def model_saw(claude: fake.FakeAnthropic, request: int) -> str:
    return json.dumps(claude.conversation_requests()[request]["messages"])


# -- registering -------------------------------------------------------------------------


def test_registering_a_server_lists_its_tools_with_descriptions_and_input_schemas(api, mcp):
    server = registered(api, mcp)

    tools = {t["name"]: t for t in server["tools"]}
    assert sorted(tools) == ["add", "echo", "fail", "sleep"]
    assert tools["add"]["description"] == "Add two integers"
    assert tools["add"]["input_schema"]["type"] == "object"
    assert sorted(tools["add"]["input_schema"]["properties"]) == ["a", "b"]
    assert server["skipped"] == [] and server["allowed_tools"] is None
    assert server["server_info"]["name"] == "fake-mcp" and server["server_info"]["protocol_version"]
    assert [m["method"] for m in mcp.messages][:3] == ["initialize", "notifications/initialized", "tools/list"]
    assert api.get(f"/mcp-servers/{server['id']}").json() == server
    assert [s["id"] for s in api.get("/mcp-servers").json()["items"]] == [server["id"]]


def test_headers_are_sent_to_the_server_and_never_shown_nor_stored_in_the_clear(api, mcp):
    server = registered(api, mcp, headers={"Authorization": "Bearer mcp-s3cret", "X-Team": "ops"})

    assert {"authorization": "Bearer mcp-s3cret", "x-team": "ops"}.items() <= mcp.headers[-1].items()
    assert server["header_names"] == ["Authorization", "X-Team"]
    for shown in (server, api.get(f"/mcp-servers/{server['id']}").json(), api.get("/mcp-servers").json()):
        assert "mcp-s3cret" not in json.dumps(shown)
    item = ddb.get("mcp_servers", {"owner": api.owner, "server_key": server["id"]})
    assert item is not None and "mcp-s3cret" not in json.dumps(item)


def test_a_header_wakeful_sets_itself_is_refused(api, mcp):
    response = api.post("/mcp-servers", json={"name": "fake", "url": mcp.url, "headers": {"Host": "evil.example"}})

    assert response.status_code == 422 and "Host" in response.json()["error"]["message"]
    assert mcp.messages == []


def test_an_unreachable_url_is_a_422_with_the_reason_and_nothing_is_stored(api):
    response = api.post("/mcp-servers", json={"name": "gone", "url": unused_port_url()})

    assert response.status_code == 422
    error = response.json()["error"]
    assert error["code"] == "mcp_server_unreachable"
    assert "initialize" in error["message"] and "cannot connect" in error["message"]
    assert api.get("/mcp-servers").json()["items"] == []


@pytest.mark.parametrize("status", [200, 404])
def test_a_url_that_is_not_an_mcp_server_is_a_422_saying_what_it_answered(api, status):
    plain = PlainHttp(status)
    try:
        response = api.post("/mcp-servers", json={"name": "web", "url": plain.url})
    finally:
        plain.close()

    assert response.status_code == 422
    message = response.json()["error"]["message"]
    assert f"answered HTTP {status} (text/html)" in message and "not an MCP Streamable HTTP answer" in message


@pytest.mark.parametrize("url", ["http://127.0.0.1:{port}\\@example.com/mcp", "http://user@127.0.0.1:{port}/mcp"])
def test_a_url_the_policy_refuses_is_a_422_and_nothing_is_connected(api, url):
    plain = PlainHttp()
    port = plain.url.split(":")[2].split("/")[0]
    try:
        response = api.post("/mcp-servers", json={"name": "bad", "url": url.format(port=port)})
    finally:
        plain.close()

    assert response.status_code == 422
    assert plain.requests == 0
    assert "backslash" in response.text or "userinfo" in response.text


def test_a_name_is_unique_per_owner_and_free_again_once_deleted(api, other_api, mcp):
    server = registered(api, mcp)
    again = api.post("/mcp-servers", json={"name": "fake", "url": mcp.url})
    assert again.status_code == 409
    registered(other_api, mcp)  # names are per owner

    assert api.delete(f"/mcp-servers/{server['id']}").status_code == 204
    assert api.get(f"/mcp-servers/{server['id']}").status_code == 404
    registered(api, mcp)


def test_another_owners_server_is_not_found(api, other_api, mcp):
    server = registered(api, mcp)
    path = f"/mcp-servers/{server['id']}"

    assert other_api.get(path).status_code == 404
    assert other_api.patch(path, json={"tools": ["add"]}).status_code == 404
    assert other_api.post(f"{path}/refresh").status_code == 404
    assert other_api.delete(path).status_code == 404
    assert other_api.get("/mcp-servers").json()["items"] == []
    assert api.get(path).json()["allowed_tools"] is None


def test_tools_a_model_cannot_be_given_are_skipped_with_the_reason(api, mcp):
    mcp.add_tool("dotted.name", lambda x: x)
    mcp.add_tool("t" * 60, lambda x: x)
    server = registered(api, mcp)

    skipped = {s["name"]: s["reason"] for s in server["skipped"]}
    assert "characters a model's tool name cannot have" in skipped["dotted.name"]
    assert "at most 64" in skipped["t" * 60]
    assert sorted(t["name"] for t in server["tools"]) == ["add", "echo", "fail", "sleep"]


def test_allowed_tools_limit_what_agents_get_and_the_others_are_said_so(api, mcp):
    server = registered(api, mcp, tools=["add", "nope"])

    assert [t["name"] for t in server["tools"]] == ["add"]
    reasons = {s["name"]: s["reason"] for s in server["skipped"]}
    assert "not in this server's allowed tools" in reasons["echo"]
    assert "does not list it" in reasons["nope"]

    changed = api.patch(f"/mcp-servers/{server['id']}", json={"tools": None})
    assert changed.status_code == 200 and len(changed.json()["tools"]) == 4


def test_refresh_sees_a_tool_added_on_the_server(api, mcp):
    server = registered(api, mcp)
    mcp.add_tool("multiply", lambda a, b: a * b, "Multiply two integers")

    refreshed = api.post(f"/mcp-servers/{server['id']}/refresh")

    assert refreshed.status_code == 200
    assert "multiply" in [t["name"] for t in refreshed.json()["tools"]]
    assert refreshed.json()["listed_at"] >= server["listed_at"]


def test_a_new_url_that_cannot_be_listed_changes_nothing(api, mcp):
    server = registered(api, mcp)

    response = api.patch(f"/mcp-servers/{server['id']}", json={"url": unused_port_url()})

    assert response.status_code == 422 and response.json()["error"]["code"] == "mcp_server_unreachable"
    assert api.get(f"/mcp-servers/{server['id']}").json()["url"] == mcp.url


def test_an_agents_tools_may_name_only_its_owners_servers_and_their_tools(api, other_api, mcp):
    registered(api, mcp, tools=["add", "echo"])
    registered(other_api, mcp, name="theirs")

    assert api.create_agent(tools=["mcp:fake", "mcp:fake/add"])["tools"] == ["mcp:fake", "mcp:fake/add"]
    for entry in ("mcp:nope", "mcp:fake/fail", "mcp:fake/nope", "mcp:theirs"):
        response = api.post("/agents", json={"name": "A", "alias": "mcpagent", "tools": [entry]})
        assert response.status_code == 422, entry
        assert entry in response.json()["error"]["message"]
    for entry in ("mcp:Fake", "mcp:fake/", "mcp:fake/a/b"):
        assert api.post("/agents", json={"name": "A", "alias": "mcpagent", "tools": [entry]}).status_code == 422


# -- threads -----------------------------------------------------------------------------


def test_a_thread_calls_an_mcp_tool_and_the_model_reads_its_result(stack, api, mcp, claude: fake.FakeAnthropic):
    registered(api, mcp)
    agent = make_agent(api, tools=["mcp:fake"])
    claude.converse(calls_then_done(("fake__add", {"a": 2, "b": 40})))
    thread_id = start(api, agent["id"], "add two and forty")
    stack.drain()

    offered = [t["name"] for t in claude.conversation_requests()[0]["tools"]]
    assert offered[:4] == ["fake__add", "fake__echo", "fake__fail", "fake__sleep"]
    add = next(t for t in claude.conversation_requests()[0]["tools"] if t["name"] == "fake__add")
    assert add["description"] == "Add two integers" and sorted(add["input_schema"]["properties"]) == ["a", "b"]
    assert mcp.calls["add"] == 1
    (result,) = tool_results(api, agent["id"], thread_id)
    assert result["content"] == "42" and not result["is_error"]
    assert '"content": "42"' in model_saw(claude, 1)
    assert thread(api, agent["id"], thread_id)["status"] == "complete"
    (action,) = [a for a in api.get(f"/agents/{agent['id']}/actions").json()["items"] if a["tool"] == "fake__add"]
    assert action["status"] == "COMPLETED" and action["thread_id"] == thread_id
    assert action["request_meta"]["tool_config"]["mcp_tool"] == "add"
    (call,) = mcp.tool_calls("add")
    assert call["params"]["arguments"] == {"a": 2, "b": 40}
    assert call["params"]["_meta"]["wakeful/action_id"] == action["id"]


def test_an_mcp_tool_named_alone_is_the_only_one_offered(stack, api, mcp, claude: fake.FakeAnthropic):
    registered(api, mcp)
    agent = make_agent(api, tools=["mcp:fake/echo"])
    claude.converse(calls_then_done(("fake__echo", {"text": "hi"})))
    start(api, agent["id"], "say hi")
    stack.drain()

    offered = [t["name"] for t in claude.conversation_requests()[0]["tools"]]
    assert [name for name in offered if name.startswith("fake__")] == ["fake__echo"]


def test_an_error_result_of_the_tool_is_an_error_result_to_the_model(stack, api, mcp, claude: fake.FakeAnthropic):
    registered(api, mcp)
    agent = make_agent(api, tools=["mcp:fake"])
    claude.converse(calls_then_done(("fake__fail", {"reason": "disk full"})))
    thread_id = start(api, agent["id"], "try it")
    stack.drain()

    (result,) = tool_results(api, agent["id"], thread_id)
    assert result["is_error"] and "failed on purpose: disk full" in result["content"]
    assert '"is_error": true' in model_saw(claude, 1)
    assert thread(api, agent["id"], thread_id)["status"] == "complete"
    (action,) = [a for a in api.get(f"/agents/{agent['id']}/actions").json()["items"] if a["tool"] == "fake__fail"]
    assert action["status"] == "FAILED" and "disk full" in action["error_message"]


def test_a_call_past_the_servers_deadline_is_an_error_result_and_the_run_goes_on(stack, api, mcp, claude: fake.FakeAnthropic):
    registered(api, mcp, timeout_ms=1000)
    agent = make_agent(api, tools=["mcp:fake"])
    claude.converse(calls_then_done(("fake__sleep", {"seconds": 20})))
    thread_id = start(api, agent["id"], "sleep on it")
    stack.drain()

    (result,) = tool_results(api, agent["id"], thread_id)
    assert result["is_error"] and "tools/call: no complete answer" in result["content"] and "within 1 s" in result["content"]
    assert thread(api, agent["id"], thread_id)["status"] == "complete"


def test_an_unreachable_server_at_call_time_is_an_error_result(stack, api, claude: fake.FakeAnthropic):
    server = FakeMcp()
    registered(api, server)
    server.close()
    agent = make_agent(api, tools=["mcp:fake"])
    claude.converse(calls_then_done(("fake__add", {"a": 1, "b": 1})))
    thread_id = start(api, agent["id"], "add")
    stack.drain()

    (result,) = tool_results(api, agent["id"], thread_id)
    assert result["is_error"] and "cannot connect" in result["content"]
    assert thread(api, agent["id"], thread_id)["status"] == "complete"


def test_a_long_result_is_cut_and_says_so(stack, api, mcp, claude: fake.FakeAnthropic):
    registered(api, mcp)
    agent = make_agent(api, tools=["mcp:fake/echo"])
    claude.converse(calls_then_done(("fake__echo", {"text": "x" * 100_000})))
    thread_id = start(api, agent["id"], "echo a lot")
    stack.drain()

    (result,) = tool_results(api, agent["id"], thread_id)
    assert result["content"].startswith("x" * 65536)
    assert result["content"].endswith("[cut: the result was 100000 bytes; Wakeful keeps the first 65536]")


def test_tool_policy_deny_means_the_server_is_never_called(stack, api, mcp, claude: fake.FakeAnthropic):
    registered(api, mcp)
    agent = make_agent(api, tools=["mcp:fake"], tool_policy={"deny": ["fake__add"]})
    claude.converse(calls_then_done(("fake__add", {"a": 1, "b": 2})))
    thread_id = start(api, agent["id"], "add")
    stack.drain()

    assert mcp.tool_calls() == [] and mcp.calls["add"] == 0
    (result,) = tool_results(api, agent["id"], thread_id)
    assert result["is_error"] and "tool_policy denies fake__add" in result["content"]


def test_tool_policy_require_approval_parks_the_call_until_a_person_approves(stack, api, mcp, claude: fake.FakeAnthropic):
    registered(api, mcp)
    agent = make_agent(api, tools=["mcp:fake"], tool_policy={"require_approval": ["fake__echo"]})
    claude.converse(calls_then_done(("fake__echo", {"text": "deploy"})))
    thread_id = start(api, agent["id"], "deploy")
    stack.drain()
    assert thread(api, agent["id"], thread_id)["status"] == "waiting_approval"
    assert mcp.calls["echo"] == 0

    (pending,) = api.get(f"/agents/{agent['id']}/threads/{thread_id}/approvals").json()["items"]
    assert pending["tool"] == "fake__echo" and pending["arguments"] == {"text": "deploy"}
    approved = api.post(f"/agents/{agent['id']}/threads/{thread_id}/approvals/{pending['tool_call_id']}", json={"decision": "approve"})
    assert approved.status_code == 200
    stack.drain()

    assert mcp.calls["echo"] == 1
    assert thread(api, agent["id"], thread_id)["status"] == "complete"


def test_the_interceptor_sees_the_mcp_tool_call_and_a_deny_keeps_it_from_the_server(stack, api, mcp, claude: fake.FakeAnthropic, interceptor):
    registered(api, mcp)
    agent = make_agent(api, tools=["mcp:fake"])
    claude.converse(calls_then_done(("fake__add", {"a": 5, "b": 5})))
    seen: list[dict[str, Any]] = []

    def deny_tools(payload: dict[str, Any]) -> Answer:
        if payload["event"]["type"] == "tool_call":
            seen.append(payload["event"])
            return Answer({"deny": {"reason": "no maths today"}})
        return Answer({})

    interceptor.script("mcp", deny_tools)
    register(api, agent["id"], interceptor.url("mcp"))
    thread_id = start(api, agent["id"], "add")
    stack.drain()

    assert [c["name"] for c in seen[0]["tool_calls"]] == ["fake__add"]
    assert seen[0]["tool_calls"][0]["arguments"] == {"a": 5, "b": 5}
    assert mcp.calls["add"] == 0
    (result,) = tool_results(api, agent["id"], thread_id)
    assert result["is_error"] and "no maths today" in result["content"]


def test_the_stream_shows_the_mcp_tool_call_and_its_result(stack, api, mcp, claude: fake.FakeAnthropic):
    registered(api, mcp)
    agent = make_agent(api, tools=["mcp:fake"])
    claude.converse(calls_then_done(("fake__add", {"a": 20, "b": 22})))
    thread_id = start(api, agent["id"], "add")
    stack.drain()

    events = api.get(f"/agents/{agent['id']}/threads/{thread_id}/stream-events").json()["items"]
    call = next(e for e in events if e["type"] == "tool_call" and e["tool_name"] == "fake__add")
    assert call["tool_args"] == {"a": 20, "b": 22}
    result = next(e for e in events if e["type"] == "tool_result" and e["tool_name"] == "fake__add")
    assert "42" in json.dumps(result["tool_result"])


def test_a_deleted_server_s_tools_are_offered_no_more(stack, api, mcp, claude: fake.FakeAnthropic):
    server = registered(api, mcp)
    agent = make_agent(api, tools=["mcp:fake"])
    assert api.delete(f"/mcp-servers/{server['id']}").status_code == 204
    claude.converse([{"match": "", "turns": [{"text": "nothing to do"}]}])
    start(api, agent["id"], "hello")
    stack.drain()

    offered = [t["name"] for t in claude.conversation_requests()[0]["tools"]]
    assert not [name for name in offered if name.startswith("fake__")]


# -- a server that repeats the headers it was sent ----------------------------------------
MCP_SECRET = "mcp-header-secret-5d4c3b2a"


def test_a_server_that_repeats_the_auth_header_in_its_jsonrpc_error_has_it_redacted_in_the_422(api, caplog):
    from tests.fakes.mcp_server import RepeatingRefusal
    from tests.support.logs import logged_by_the_functions

    server = RepeatingRefusal()
    try:
        with logged_by_the_functions(caplog):
            response = api.post("/mcp-servers", json={"name": "echoing", "url": server.url, "headers": {"Authorization": f"Bearer {MCP_SECRET}"}})
    finally:
        server.close()
    assert response.status_code == 422, response.text
    assert "unauthorized: [redacted] is not a valid credential" in response.json()["error"]["message"]
    assert MCP_SECRET not in response.text
    assert MCP_SECRET not in " ".join(str(record.__dict__) for record in caplog.records)


def test_a_tools_error_result_that_repeats_a_header_has_it_redacted_for_the_model_the_thread_and_the_stream(stack, api, mcp, claude: fake.FakeAnthropic):
    from mcp.server.mcpserver.exceptions import ToolError

    def whoami() -> str:
        raise ToolError(f"not allowed for {mcp.headers[-1].get('x-api-key')}")

    mcp.add_tool("whoami", whoami)
    registered(api, mcp, headers={"X-Api-Key": MCP_SECRET})
    agent = make_agent(api, tools=["mcp:fake/whoami"])
    claude.converse(calls_then_done(("fake__whoami", {})))
    thread_id = start(api, agent["id"], "who am I")
    stack.drain()

    (result,) = tool_results(api, agent["id"], thread_id)
    assert result["is_error"] and "not allowed for [redacted]" in result["content"]
    assert MCP_SECRET not in model_saw(claude, 1)
    shown = api.get(f"/agents/{agent['id']}/threads/{thread_id}/stream-events").text + api.get(f"/agents/{agent['id']}/actions").text
    assert MCP_SECRET not in shown and MCP_SECRET not in str(history(api, agent["id"], thread_id))
