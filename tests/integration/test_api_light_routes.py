"""The API's light routes (no pydantic on a cold start) answer exactly as Powertools'
validation does: every request here is served both ways, through ``resolve`` (light,
handing over what it does not read itself) and by the validating resolver with every
route, and the two answers must be the same, status, headers and body."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

import pytest

from wakeful.api import app as api_app
from wakeful.apikit import routing
from wakeful_dev.gateway import proxy_event

pytestmark = pytest.mark.usefixtures("stack")


def _both(api: Any, method: str, path: str, body: Any = None) -> tuple[dict[str, Any], dict[str, Any]]:
    headers = {"Authorization": f"Bearer {api.key}", "Content-Type": "application/json"}
    raw = b"" if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    light = api_app.resolve(proxy_event(method, path, headers, raw, "127.0.0.1"), None)
    validated = api_app.app.resolve(proxy_event(method, path, headers, raw, "127.0.0.1"), None)
    return light, validated


def _same(api: Any, method: str, path: str, body: Any = None) -> dict[str, Any]:
    light, validated = _both(api, method, path, body)
    assert light["statusCode"] == validated["statusCode"], (path, light["body"], validated["body"])
    assert light.get("body") == validated.get("body"), path
    assert light.get("headers") == validated.get("headers"), path
    assert light.get("multiValueHeaders") == validated.get("multiValueHeaders"), path
    return light


@pytest.fixture()
def agent(api: Any) -> dict[str, Any]:
    return api.create_agent()


@pytest.mark.parametrize(
    "query",
    [
        "",
        "?limit=2",
        "?limit=1&limit=1",  # sent twice: validated
        "?limit=2&limit=3",
        "?limit=0",
        "?limit=-1",
        "?limit=abc",
        "?limit=",
        "?limit=+5",
        "?limit=05",
        "?limit=%205",
        "?limit=1000000",
        "?limit=99999999999999999999999",
        "?limit=2.0",
        "?cursor=",
        "?cursor=not-a-cursor",
        "?unknown=1",
    ],
)
def test_a_page_size_and_cursor_answer_the_same_both_ways(api: Any, agent: dict[str, Any], query: str) -> None:
    _same(api, "GET", "/agents" + query)
    _same(api, "GET", f"/agents/{agent['id']}/heartbeats" + query)


@pytest.mark.parametrize(
    "path",
    [
        "/agents/{id}",
        "/agents/{id}/actions?status=RUNNING",
        "/agents/{id}/actions?status=running",
        "/agents/{id}/actions?status=" + quote("RUNNING\n"),
        "/agents/{id}/actions?status=",
        "/agents/{id}/actions?heartbeat_id=hb_1&limit=3",
        "/agents/{id}/events?after_seq=0",
        "/agents/{id}/events?after_seq=-1",
        "/agents/{id}/events?after_seq=9007199254740993",
        "/agents/{id}/threads?status=active",
        "/agents/{id}/threads?status=bogus",
        "/agents/{id}/schedules",
        "/agents/{id}/hooks?limit=5",
        "/agents/{id}/no-such-thing",
        "/agents/agt_nobody/heartbeats",
        "/health",
        "/",
    ],
)
def test_other_reads_answer_the_same_both_ways(api: Any, agent: dict[str, Any], path: str) -> None:
    _same(api, "GET", path.replace("{id}", agent["id"]))


@pytest.mark.parametrize(
    "body",
    [b"{not json", b"[]", {"name": ""}, {"name": "x", "alias": "bad alias!"}, {"name": "x", "unknown": 1}],
)
def test_a_body_is_validated_as_before(api: Any, agent: dict[str, Any], body: Any) -> None:
    answer = _same(api, "PATCH", f"/agents/{agent['id']}", body)
    assert answer["statusCode"] in (400, 422)


def test_a_read_the_light_route_serves_needs_no_handing_over(api: Any, agent: dict[str, Any], monkeypatch) -> None:
    handed: list[str] = []
    resolver = api_app.resolver_for("/agents")
    validating = resolver.validating

    def counted() -> Any:
        handed.append("yes")
        return validating()

    monkeypatch.setattr(resolver, "validating", counted)
    headers = {"Authorization": f"Bearer {api.key}"}
    served = api_app.resolve(proxy_event("GET", "/agents?limit=1", headers, b"", "127.0.0.1"), None)
    assert served["statusCode"] == 200 and handed == []
    refused = api_app.resolve(proxy_event("GET", "/agents?limit=0", headers, b"", "127.0.0.1"), None)
    assert refused["statusCode"] == 422 and handed == ["yes"]


def test_every_route_without_a_body_has_a_light_reading_and_every_body_is_named_body() -> None:
    for router in api_app.app.routers:
        for declared in router.declared:
            plan = routing._plan(declared)
            takes_body = "body" in declared.func.__code__.co_varnames[: declared.func.__code__.co_argcount]
            assert (plan is None) == takes_body, f"{declared.method} {declared.rule}"
    for route in api_app.app._dynamic_routes + api_app.app._static_routes:
        assert [field.name for field in route.dependant.body_params] in ([], ["body"]), route.rule


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [("GET", "/agents?limit=0", None), ("GET", "/agents?limit=abc", None), ("POST", "/agents", {"name": ""}),
     ("PATCH", "/agents/agt_x", b"[]")],
)  # fmt: skip
def test_without_a_key_the_answer_is_401_whatever_the_query_or_body(method: str, path: str, body: Any) -> None:
    # The key is checked before the query and the body's shape (only a body that is not
    # JSON at all is refused earlier, 400, by the screen every request passes first).
    raw = b"" if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    answer = api_app.resolve(proxy_event(method, path, {"Content-Type": "application/json"}, raw, "127.0.0.1"), None)
    assert answer["statusCode"] == 401, answer["body"]
    assert json.loads(answer["body"])["error"]["code"] == "unauthorized"
