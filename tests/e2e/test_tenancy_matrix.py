"""Tenants are isolated: every management route, called with another owner's key on
the first owner's resources, answers 404 and changes nothing.

The matrix is built from the API resolver's route table, so a route added by any
capability is covered without editing this test: its path parameters are filled with
owner A's resources (created below, or found through the parent collection), its body
is a valid one (from the table below, else synthesised from the OpenAPI document), and
"nothing changes" is checked by reading every GET route as owner A before and after.
"""

from __future__ import annotations

import json
import re
from typing import Any, Iterator

import pytest

from wakeful.api.app import app, is_public
from wakeful.api.openapi import document

pytestmark = pytest.mark.e2e

PARAM = re.compile(r"<(\w+)>")
#: Valid bodies for routes whose synthesised body would not do; "{agent}" etc. are
#: replaced with owner A's ids.
BODIES: dict[tuple[str, str], dict[str, Any]] = {
    ("POST", "/subscriptions"): {"tool": "FeedReader", "event_type": "MATRIX_EVENT", "agent_id": "{agent_id}"},
    ("POST", "/agents/<agent_id>/events"): {"event_type": "HIJACKED", "payload": {"by": "other"}},
    ("PATCH", "/agents/<agent_id>"): {"name": "hijacked"},
    ("PATCH", "/agents/<agent_id>/memories/<memory_id>"): {"text": "hijacked"},
    ("PATCH", "/subscriptions/<subscription_id>"): {"is_active": False},
    ("POST", "/agents/<agent_id>/hooks"): {"hook_type": "AFTER_HEARTBEAT", "endpoint_url": "http://127.0.0.1:9/hijack"},
    ("PATCH", "/agents/<agent_id>/hooks/<hook_id>"): {"is_active": False},
    ("POST", "/agents/<agent_id>/webhooks"): {"rate_limit_per_hour": 1},
    ("PATCH", "/agents/<agent_id>/webhooks/<webhook_id>"): {"is_active": False},
    ("POST", "/agents/<agent_id>/webhooks/<webhook_id>/rotate"): {"overlap_seconds": 0},
    ("POST", "/agents/<agent_id>/follows"): {"user_id": "someone"},
    ("POST", "/agents/<agent_id>/interceptors"): {"endpoint_url": "http://127.0.0.1:9/interceptor"},
    ("PATCH", "/agents/<agent_id>/interceptors/<interceptor_id>"): {"is_active": False},
    ("POST", "/channels"): {"kind": "email", "name": "hijack", "agent_id": "{agent_id}", "config": {"from": "a@example.com", "to": ["b@example.com"]}},
    ("PATCH", "/channels/<channel_id>"): {"name": "hijacked"},
}
#: Query strings some routes need to reach their ownership check.
QUERIES: dict[tuple[str, str], str] = {
    ("DELETE", "/agents/<agent_id>/follows"): "?followee_user_id=someone",
    ("GET", "/ops/tools/stats"): "?since=2000-01-01T00:00:00Z",  # the default window moves with the clock
    ("GET", "/ops/heartbeats/failed"): "?since=2000-01-01T00:00:00Z",
}
#: Sample values for synthesised bodies, by field name (patterns and enums).
SAMPLES = {"event_type": "MATRIX_EVENT", "hook_type": "AFTER_HEARTBEAT", "type": "message"}
#: GET routes whose answer legitimately changes between two reads (the agent stream is
#: SSE only; GET /mcp answers 405: the MCP server is stateless and opens no stream).
VOLATILE = {"/openapi.json", "/docs", "/health", "/agents/<agent_id>/stream", "/mcp"}
#: Routes whose resource this world cannot make without a model run to replay: their
#: tenancy is proven beside them (tests/integration/test_lab_replays.py).
NEEDS_A_RECORDED_RUN = {"/agents/<agent_id>/replays/<replay_id>", "/agents/<agent_id>/replays/<replay_id>/runs"}


def management_routes() -> list[Any]:
    return [r for r in [*app._static_routes, *app._dynamic_routes] if not is_public(r.method, r.path)]


def _resolve(schema: dict[str, Any], components: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = components[schema["$ref"].rsplit("/", 1)[-1]]
    return schema


def synthesise(schema: dict[str, Any], components: dict[str, Any], name: str = "") -> Any:
    """A minimal valid value for a JSON schema: required properties only."""
    schema = _resolve(schema, components)
    for key in ("anyOf", "oneOf"):
        if key in schema:
            options = [s for s in schema[key] if _resolve(s, components).get("type") != "null"]
            return synthesise(options[0], components, name)
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        return schema["enum"][0]
    kind = schema.get("type")
    if kind == "object":
        return {
            prop: synthesise(sub, components, prop)
            for prop, sub in schema.get("properties", {}).items()
            if prop in schema.get("required", [])
        }
    if kind == "array":
        return []
    if kind == "integer" or kind == "number":
        return schema.get("minimum", 1)
    if kind == "boolean":
        return True
    return SAMPLES.get(name, "x")


def body_for(route: Any, ids: dict[str, str], doc: dict[str, Any]) -> dict[str, Any] | None:
    if (route.method, route.path) in BODIES:
        text = json.dumps(BODIES[(route.method, route.path)])
        for key, value in ids.items():
            text = text.replace("{" + key + "}", value)
        return json.loads(text)
    operation = doc["paths"][route.openapi_path][route.method.lower()]
    if "requestBody" not in operation:
        return None
    schema = operation["requestBody"]["content"]["application/json"]["schema"]
    return synthesise(schema, doc["components"]["schemas"])


@pytest.fixture()
def mcp_server() -> Iterator[Any]:
    """An MCP server on loopback for owner A to register."""
    from tests.fakes.mcp_server import FakeMcp

    server = FakeMcp(stateless=True, json_response=True)
    yield server
    server.close()


def owner_a_world(api: Any, tool_server: Any, mcp_server: Any) -> dict[str, str]:
    """Owner A's resources, one of each kind the routes address."""
    agent = api.create_agent()
    ids = {"agent_id": agent["id"]}
    assert api.patch(f"/agents/{agent['id']}", json={"is_active": False}).status_code == 200
    ids["heartbeat_id"] = api.get(f"/agents/{agent['id']}/heartbeats").json()["items"][0]["id"]
    tool = api.post("/tools", json={"name": f"MatrixTool{agent['id'][-6:]}", "kind": "http", "endpoint_url": tool_server.url("m")})
    assert tool.status_code == 201, tool.text
    ids["name"] = tool.json()["name"]
    sub = api.post("/subscriptions", json={"tool": ids["name"], "event_type": "MATRIX_EVENT", "agent_id": agent["id"]})
    assert sub.status_code == 201, sub.text
    ids["subscription_id"] = sub.json()["id"]
    hook = api.post(
        f"/agents/{agent['id']}/hooks",
        json={"hook_type": "AFTER_HEARTBEAT", "endpoint_url": "http://127.0.0.1:9/hook", "retry_config": {"max_retries": 0}},
    )
    if hook.status_code == 201:
        ids["hook_id"] = hook.json()["id"]
        test = api.post(f"/agents/{agent['id']}/hooks/{ids['hook_id']}/test")
        if test.status_code == 202:
            ids["delivery_id"] = test.json()["delivery_id"]
    webhook = api.post(f"/agents/{agent['id']}/webhooks", json={})
    assert webhook.status_code == 201, webhook.text
    ids["webhook_id"] = webhook.json()["id"]
    assert api.post(f"/agents/{agent['id']}/events", json={"event_type": "SEEDED", "payload": {}}).status_code == 202
    schedule = api.post(f"/agents/{agent['id']}/schedules", json={"prompt": "matrix", "cron_expression": "0 8 * * *", "is_active": False})
    assert schedule.status_code == 201, schedule.text
    ids["schedule_id"] = schedule.json()["id"]
    run = api.post(f"/agents/{agent['id']}/schedules/{ids['schedule_id']}/run")
    assert run.status_code == 202, run.text
    ids["result_id"] = run.json()["result_id"]
    channel = api.post("/channels", json={"kind": "email", "name": "matrix", "agent_id": agent["id"], "config": {"from": "a@example.com", "to": ["b@example.com"]}})
    assert channel.status_code == 201, channel.text
    ids["channel_id"] = channel.json()["id"]
    server = api.post("/mcp-servers", json={"name": "matrix", "url": mcp_server.url})
    assert server.status_code == 201, server.text
    ids["server_id"] = server.json()["id"]
    # Any id will do: another owner must get 404 for A's thread whatever the call id.
    ids["tool_call_id"] = "toolu_matrix_probe"
    ids.setdefault("action_id", "act_matrix_probe")  # likewise for A's heartbeat actions
    return ids


def find_id(api: Any, route: Any, param: str, ids: dict[str, str], doc: dict[str, Any]) -> str | None:
    """An id of owner A for a parameter no fixture knows: the first item of the parent
    collection (created there if empty)."""
    prefix = route.path.split(f"<{param}>")[0].rstrip("/")
    collection = fill(prefix, ids)
    if collection is None:
        return None
    items = api.get(collection).json().get("items") or []
    if not items:
        post = next((r for r in management_routes() if r.method == "POST" and r.path == prefix), None)
        if post is not None:
            created = api.post(collection, json=body_for(post, ids, doc) or {})
            if created.status_code in (200, 201):
                return created.json().get("id")
        return None
    return items[0].get("id")


def fill(path: str, ids: dict[str, str]) -> str | None:
    try:
        return PARAM.sub(lambda m: ids[m.group(1)], path)
    except KeyError:
        return None


def snapshot(api: Any, ids: dict[str, str]) -> dict[str, Any]:
    """Everything owner A can read, through every GET route."""
    seen = {}
    for route in management_routes():
        if route.method != "GET" or route.path in VOLATILE or route.path in NEEDS_A_RECORDED_RUN:
            continue
        path = fill(route.path, ids)
        if path is None:
            continue
        response = api.get(path + QUERIES.get(("GET", route.path), ""))
        seen[route.path] = (response.status_code, response.text)
    return seen


def test_another_owners_key_gets_404_on_every_route_and_changes_nothing(api: Any, other_api: Any, tool_server: Any, mcp_server: Any) -> None:
    doc = document(app)
    ids = owner_a_world(api, tool_server, mcp_server)
    routes = [r for r in management_routes() if r.path not in NEEDS_A_RECORDED_RUN]
    for route in routes:
        for param in PARAM.findall(route.path):
            if param not in ids:
                found = find_id(api, route, param, ids, doc)
                if found:
                    ids[param] = found
    uncovered = [f"{r.method} {r.path}" for r in routes if fill(r.path, ids) is None]
    assert not uncovered, f"no owner-A resource for these routes; teach owner_a_world or find_id: {uncovered}"

    before = snapshot(api, ids)
    assert all(status == 200 for status, _ in before.values()), {p: s for p, (s, _) in before.items() if s != 200}
    a_ids = set(ids.values())
    outcomes = {}
    for route in routes:
        path = fill(route.path, ids) + QUERIES.get((route.method, route.path), "")
        body = body_for(route, ids, doc)
        response = getattr(other_api, route.method.lower())(path, **({"json": body} if body is not None else {}))
        outcomes[f"{route.method} {route.path}"] = response.status_code
        # The routes whose body names owner A's agent answer 404 for it, as a path does.
        if PARAM.search(route.path) or (route.method, route.path) in (("POST", "/subscriptions"), ("POST", "/channels")):
            assert response.status_code == 404, (route.method, route.path, response.text)
            assert response.json()["error"]["code"] == "not_found"
        else:
            assert response.status_code < 500, (route.method, route.path, response.text)
            assert not any(i in response.text for i in a_ids), (route.method, route.path)
    after = snapshot(api, ids)
    assert after == before
    # B's own agents (POST /agents above) would otherwise wake in every later scan.
    for agent in other_api.get("/agents").json()["items"]:
        other_api.delete(f"/agents/{agent['id']}")
    assert sum(1 for s in outcomes.values() if s == 404) >= 30
