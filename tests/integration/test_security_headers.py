"""Every answer says ``X-Content-Type-Options: nosniff`` (a browser never runs a JSON
answer that echoes input as something else), whatever built it: a route, an error, the
first look at the body, the docs, the console, the webhook function. ``/docs`` and
``/console`` set a Content-Security-Policy that no page may frame."""

from __future__ import annotations

import base64
import hashlib
import re
from typing import Any

import pytest
import requests

from tests.support.hook_receiver import quiet_agent


def _get(stack: Any, path: str, **kwargs: Any) -> requests.Response:
    return requests.get(f"{stack.api_url}{path}", timeout=60, **kwargs)


def _nosniff(response: requests.Response) -> None:
    assert response.headers.get("X-Content-Type-Options") == "nosniff", (response.status_code, dict(response.headers))


def _directives(policy: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for part in policy.split(";"):
        name, *values = part.split()
        found[name] = values
    return found


def test_a_json_answer_says_nosniff(api):
    response = api.get("/agents")
    assert response.status_code == 200
    _nosniff(response)


@pytest.mark.parametrize(
    ("method", "path", "kwargs", "status"),
    [
        ("GET", "/agents/agt_nope", {}, 404),
        ("POST", "/agents", {"json": {"alias": "x"}}, 422),
        ("POST", "/agents", {"data": "not json", "headers": {"Content-Type": "application/json"}}, 400),
        ("POST", "/agents", {"data": "<x/>", "headers": {"Content-Type": "application/xml"}}, 415),
        ("POST", "/agents", {"data": b"{" + b" " * (600 * 1024) + b"}", "headers": {"Content-Type": "application/json"}}, 413),
        ("GET", "/no/such/route", {}, 404),
    ],
    ids=["not-found", "validation", "bad-json", "media-type", "too-large", "no-route"],
)
def test_an_error_answer_says_nosniff(api, method, path, kwargs, status):
    response = api.http.request(method, api.base + path, timeout=60, **kwargs)
    assert response.status_code == status, response.text
    _nosniff(response)


def test_an_answer_without_a_key_says_nosniff(stack):
    response = _get(stack, "/agents")
    assert response.status_code == 401
    _nosniff(response)


@pytest.mark.parametrize("path", ["/health", "/openapi.json", "/", "/docs", "/docs?format=json", "/console", "/console/app.js"])
def test_the_public_pages_say_nosniff(stack, path):
    response = _get(stack, path)
    assert response.status_code == 200, response.text[:200]
    _nosniff(response)


def test_the_webhook_functions_answer_says_nosniff(stack, api):
    agent = quiet_agent(api)
    webhook = api.post(f"/agents/{agent['id']}/webhooks", json={}).json()
    response = requests.post(f"{stack.api_url}/webhooks/{webhook['id']}", json={"payload": {}}, timeout=60)
    assert response.status_code == 401
    _nosniff(response)


@pytest.mark.parametrize("path", ["/docs", "/console"])
def test_the_docs_and_the_console_may_not_be_framed(stack, path):
    response = _get(stack, path)
    policy = _directives(response.headers["Content-Security-Policy"])
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["default-src"] in (["'none'"], ["'self'"])
    assert "'unsafe-inline'" not in policy["script-src"] and "'unsafe-eval'" not in policy["script-src"]


def test_the_docs_policy_allows_exactly_the_pages_own_inline_scripts_and_styles(stack):
    response = _get(stack, "/docs")
    assert response.headers["Content-Type"].startswith("text/html")
    policy = _directives(response.headers["Content-Security-Policy"])
    for kind in ("script", "style"):
        bodies = re.findall(rf"<{kind}>(.*?)</{kind}>", response.text, re.S)
        assert bodies, kind
        hashes = {f"'sha256-{base64.b64encode(hashlib.sha256(b.encode()).digest()).decode()}'" for b in bodies}
        assert set(policy[f"{kind}-src"]) == hashes
    assert "<script src" not in response.text and "<link" not in response.text  # nothing loaded from elsewhere
