"""``null`` for every field of every PATCH body the OpenAPI document describes, against
real resources: a field the document marks nullable is unset (200), any other field is
refused (422, naming it) and nothing changes; never a 5xx, and the resource always
reads back whole afterwards (every required field of its read view present, and for
an agent the routes under it still answer)."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

import pytest

from tests.support.hook_receiver import quiet_agent

#: Every PATCH route, with the resource it is tried on (built by :func:`_resource`).
PATCH_ROUTES = [
    "/agents/{agent_id}",
    "/agents/{agent_id}/hooks/{hook_id}",
    "/agents/{agent_id}/interceptors/{interceptor_id}",
    "/agents/{agent_id}/llm",
    "/agents/{agent_id}/memories/{memory_id}",
    "/agents/{agent_id}/schedules/{schedule_id}",
    "/agents/{agent_id}/tools/{name}",
    "/agents/{agent_id}/webhooks/{webhook_id}",
    "/channels/{channel_id}",
    "/mcp-servers/{server_id}",
    "/subscriptions/{subscription_id}",
    "/tools/{name}",
]


#: The fields of each PATCH body that always have a value (required, or with a value
#: by default): null for them is a 422. Every other field of the body is unset by null.
NOT_NULL = {
    "/agents/{agent_id}": {"name", "focus_areas", "heartbeat_interval_seconds", "is_active"},
    "/agents/{agent_id}/hooks/{hook_id}": {"endpoint_url", "is_active", "retry_config"},
    "/agents/{agent_id}/interceptors/{interceptor_id}": {"endpoint_url", "events", "timeout_ms", "on_failure", "is_active"},
    "/agents/{agent_id}/llm": set(),
    "/agents/{agent_id}/memories/{memory_id}": {"text", "tags"},
    "/agents/{agent_id}/schedules/{schedule_id}": {"prompt", "cron_expression", "timezone", "config", "is_active"},
    "/agents/{agent_id}/tools/{name}": {"is_active"},
    "/agents/{agent_id}/webhooks/{webhook_id}": {"is_active", "rate_limit_per_hour"},
    "/channels/{channel_id}": {"name", "agent_id", "config"},
    "/mcp-servers/{server_id}": {"url", "timeout_ms"},
    "/subscriptions/{subscription_id}": {"execution_order", "is_active"},
    "/tools/{name}": {"is_active"},
}


#: The MCP server the /mcp-servers resources are registered with (registering lists it).
_MCP: dict[str, Any] = {}


@pytest.fixture(scope="module", autouse=True)
def mcp_server() -> Any:
    from tests.fakes.mcp_server import FakeMcp

    server = FakeMcp(stateless=True, json_response=True)
    _MCP["url"] = server.url
    yield server
    server.close()


@pytest.fixture(scope="module")
def document(stack: Any) -> dict[str, Any]:
    import requests

    response = requests.get(f"{stack.api_url}/openapi.json", timeout=30)
    assert response.status_code == 200
    return response.json()


def _schema(document: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        node = document["components"]["schemas"][node["$ref"].rsplit("/", 1)[-1]]
    return node


def _nullable(node: dict[str, Any]) -> bool:
    if node.get("type") == "null" or (isinstance(node.get("type"), list) and "null" in node["type"]):
        return True
    return any(_nullable(option) for option in node.get("anyOf", []) + node.get("oneOf", []))


def _patch_fields(document: dict[str, Any], template: str) -> dict[str, dict[str, Any]]:
    body = document["paths"][template]["patch"]["requestBody"]["content"]["application/json"]["schema"]
    return _schema(document, body)["properties"]


def _required_of(document: dict[str, Any], template: str, listed: bool) -> list[str]:
    """The required fields of the resource's read view (an item of its list when
    ``listed``)."""
    path = "/".join(template.split("/")[:-1]) if listed else template
    schema = _schema(document, document["paths"][path]["get"]["responses"]["200"]["content"]["application/json"]["schema"])
    if listed:
        schema = _schema(document, schema["properties"]["items"]["items"])
    return list(schema.get("required", []))


def _resource(api: Any, template: str) -> tuple[str, Callable[[], Any]]:
    """A fresh resource for a PATCH route: its path, and how to read it back (the read
    view, a dict)."""
    agent = quiet_agent(
        api,
        personality={"tone": "dry"},
        expertise="racks",
        focus_areas=["disks"],
        system_prompt="Watch the disks.",
        thread_triggers=[{"event_type": "disk_full"}],
        max_wakes_per_thread=5,
        thread_expiry_seconds=3600,
        max_llm_calls_per_run=5,
        wake_on_priority=2,
        tool_policy={"deny": ["rm_rf"]},
    )
    a = f"/agents/{agent['id']}"

    def tool() -> str:
        name = f"t_{uuid.uuid4().hex[:8]}"
        body = {"name": name, "kind": "http", "endpoint_url": "http://127.0.0.1:9/tool", "config": {"x": 1}}
        response = api.post("/tools", json=body)
        assert response.status_code == 201, response.text
        return name

    def created(path: str, body: dict[str, Any]) -> str:
        response = api.post(path, json=body)
        assert response.status_code == 201, response.text
        return f"{path}/{response.json()['id']}"

    def read(path: str) -> Callable[[], Any]:
        return lambda: api.get(path)

    def listed(path: str, key: str, value: str) -> Callable[[], Any]:
        def find() -> Any:
            response = api.get(path)
            assert response.status_code == 200, response.text
            return next(item for item in response.json()["items"] if item[key] == value)

        return find

    if template == "/agents/{agent_id}":
        return a, read(a)
    if template == "/agents/{agent_id}/llm":
        assert api.patch(f"{a}/llm", json={"model": "claude-x", "daily_token_budget": 1000}).status_code == 200
        return f"{a}/llm", read(f"{a}/llm")
    if template == "/agents/{agent_id}/hooks/{hook_id}":
        body = {"hook_type": "AFTER_HEARTBEAT", "endpoint_url": "http://127.0.0.1:9/hook", "auth_header": "Bearer x", "metadata": {"k": 1}}
        path = created(f"{a}/hooks", body)
        return path, read(path)
    if template == "/agents/{agent_id}/webhooks/{webhook_id}":
        path = created(f"{a}/webhooks", {"allowed_event_types": ["push"], "metadata": {"k": 1}})
        return path, read(path)
    if template == "/agents/{agent_id}/interceptors/{interceptor_id}":
        path = created(f"{a}/interceptors", {"endpoint_url": "http://127.0.0.1:9/interceptor"})
        return path, read(path)
    if template == "/agents/{agent_id}/memories/{memory_id}":
        path = created(f"{a}/memories", {"text": "The NAS backup runs at 02:00", "tags": ["backup"]})
        return path, read(path)
    if template == "/agents/{agent_id}/schedules/{schedule_id}":
        body = {"prompt": "Check", "cron_expression": "0 8 * * *", "active_hours": {"start": "08:00", "end": "18:00"}}
        path = created(f"{a}/schedules", body)
        return path, read(path)
    if template == "/channels/{channel_id}":
        from tests.support.channels import config

        body = {"kind": "slack", "name": f"c{uuid.uuid4().hex[:8]}", "agent_id": agent["id"], "config": config("slack"), "allowed_users": ["U1"]}
        path = created("/channels", body)
        return path, read(path)
    if template == "/tools/{name}":
        name = tool()
        return f"/tools/{name}", listed("/tools", "name", name)
    if template == "/agents/{agent_id}/tools/{name}":
        name = tool()
        return f"{a}/tools/{name}", listed(f"{a}/tools", "name", name)
    if template == "/mcp-servers/{server_id}":
        body = {"name": f"m_{uuid.uuid4().hex[:8]}", "url": _MCP["url"], "headers": {"X-Key": "k"}, "tools": ["add"]}
        path = created("/mcp-servers", body)
        return path, read(path)
    if template == "/subscriptions/{subscription_id}":
        name = tool()
        body = {"tool": name, "event_type": "disk_full", "agent_id": agent["id"], "filter_config": {"min_priority": 3}}
        path = created("/subscriptions", body)
        return path, read(path)
    raise AssertionError(f"no resource for PATCH {template}: add one to _resource (and to PATCH_ROUTES)")


def _read(reader: Callable[[], Any]) -> dict[str, Any]:
    found = reader()
    if isinstance(found, dict):
        return found
    assert found.status_code == 200, found.text
    return found.json()


def test_the_list_of_patch_routes_is_every_patch_route_of_the_document(document):
    assert sorted(p for p, ops in document["paths"].items() if "patch" in ops) == sorted(PATCH_ROUTES)


@pytest.mark.parametrize("template", PATCH_ROUTES)
def test_the_document_marks_as_nullable_exactly_the_fields_null_may_unset(document, template):
    fields = _patch_fields(document, template)
    assert {name for name, schema in fields.items() if not _nullable(_schema(document, schema))} == NOT_NULL[template]


@pytest.mark.parametrize("template", PATCH_ROUTES)
def test_null_unsets_a_nullable_field_and_is_a_422_for_any_other_and_the_resource_stays_whole(api, document, template):
    fields = _patch_fields(document, template)
    listed = template.endswith("/tools/{name}")
    required = _required_of(document, template, listed)
    assert fields
    for name, schema in fields.items():
        path, reader = _resource(api, template)
        before = _read(reader)
        response = api.patch(path, json={name: None})
        assert response.status_code < 500, f"{template} {name}: null -> {response.status_code} {response.text}"
        after = _read(reader)
        missing = [field for field in required if field not in after]
        assert not missing, f"{template} {name}: after null the resource lacks {missing}: {after}"
        if _nullable(_schema(document, schema)):
            assert response.status_code == 200, f"{template} {name}: null (documented nullable) -> {response.text}"
        else:
            assert response.status_code == 422, f"{template} {name}: null (documented non-null) -> {response.status_code} {response.text}"
            assert name in response.json()["error"]["message"], response.text
            assert {k: v for k, v in after.items() if k != "updated_at"} == {k: v for k, v in before.items() if k != "updated_at"}
        if template.startswith("/agents/{agent_id}"):
            agent_path = "/".join(path.split("/")[:3])
            assert api.get(agent_path).status_code == 200, f"{template} {name}"
            assert api.get(f"{agent_path}/heartbeats").status_code == 200, f"{template} {name}"


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("name", None),
        ("heartbeat_interval_seconds", None),
        ("is_active", None),
    ],
)
def test_a_null_for_a_field_an_agent_cannot_be_without_is_a_422_that_changes_nothing(api, field, value):
    agent = quiet_agent(api)
    response = api.patch(f"/agents/{agent['id']}", json={field: value, "expertise": "new"})
    assert response.status_code == 422, response.text
    assert field in response.json()["error"]["message"]
    again = api.get(f"/agents/{agent['id']}").json()
    assert again["name"] == agent["name"] and again["heartbeat_interval_seconds"] == agent["heartbeat_interval_seconds"]
    assert again["expertise"] is None  # the valid part of the body did not apply either


def test_null_unsets_an_agents_optional_fields(api):
    agent = quiet_agent(api, system_prompt="Be brief.", personality={"tone": "dry"}, tool_policy={"deny": ["x"]}, wake_on_priority=2)
    response = api.patch(
        f"/agents/{agent['id']}", json={"system_prompt": None, "personality": None, "tool_policy": None, "wake_on_priority": None}
    )
    assert response.status_code == 200, response.text
    again = api.get(f"/agents/{agent['id']}").json()
    assert (again["system_prompt"], again["personality"], again["tool_policy"], again["wake_on_priority"]) == (None, None, None, None)
