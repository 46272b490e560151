"""The OpenAPI document and Swagger UI, over real HTTP, and validation errors in
the API's error shape."""

from __future__ import annotations

import json
from typing import Any

import pytest
import requests

from wakeful.api.app import PUBLIC_ROUTES, app

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def doc(stack: Any) -> dict[str, Any]:
    response = requests.get(f"{stack.api_url}/openapi.json", timeout=30)
    assert response.status_code == 200 and response.headers["Content-Type"].startswith("application/json")
    return response.json()


def test_the_served_document_is_the_one_the_code_builds_and_checks_as_openapi_3_1(doc: dict[str, Any]) -> None:
    """The served document is the one the code builds, which
    tests/unit/test_openapi_types.py validates as OpenAPI 3.1 (a validation takes
    seconds: once is enough)."""
    from wakeful.api.openapi import document

    assert doc["openapi"].startswith("3.")
    assert doc == json.loads(json.dumps(document(app)))


def test_every_route_of_the_resolver_is_documented_and_the_webhook_ingest_too(doc: dict[str, Any]) -> None:
    documented = {(method.upper(), path) for path, ops in doc["paths"].items() for method in ops}
    for route in [*app._static_routes, *app._dynamic_routes]:
        if route.include_in_schema:
            assert (route.method, route.openapi_path) in documented
    assert ("POST", "/webhooks/{webhook_id}") in documented
    ingest = doc["paths"]["/webhooks/{webhook_id}"]["post"]
    assert {"202", "200", "400", "401", "403", "404", "413", "429"} <= set(ingest["responses"])
    assert ingest["security"] == []
    body = doc["components"]["schemas"]["WebhookDelivery"]
    assert body["required"] == ["payload"] and set(body["properties"]) == {"event_type", "priority", "payload"}
    assert "IngestMessage" in doc["components"]["schemas"]


def test_bearer_keys_are_required_everywhere_but_the_public_routes(doc: dict[str, Any]) -> None:
    assert doc["components"]["securitySchemes"]["apiKey"] == {
        "type": "http", "scheme": "bearer", "description": doc["components"]["securitySchemes"]["apiKey"]["description"],
    }
    from wakeful.channels.platforms import inbound_operations

    public = {(m.lower(), p) for m, p in PUBLIC_ROUTES} | {("post", "/webhooks/{webhook_id}")}
    public |= {("post", path) for path in inbound_operations()}  # each platform signs its own
    for path, operations in doc["paths"].items():
        for method, operation in operations.items():
            if (method, path) in public:
                assert operation["security"] == [], (method, path)
            else:
                assert operation["security"] == [{"apiKey": []}], (method, path)
                assert operation["responses"]["401"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}


def test_errors_use_the_contract_shape_and_success_codes_match_the_routes(doc: dict[str, Any]) -> None:
    assert "HTTPValidationError" not in doc["components"]["schemas"]
    error = doc["components"]["schemas"]["Error"]
    assert error["properties"]["error"]["required"] == ["code", "message"]
    paths = doc["paths"]
    assert set(paths["/agents"]["post"]["responses"]) >= {"201", "422", "401"} and "200" not in paths["/agents"]["post"]["responses"]
    assert {"200", "202"} <= set(paths["/agents/{agent_id}/events"]["post"]["responses"])
    assert "204" in paths["/agents/{agent_id}/webhooks/{webhook_id}"]["delete"]["responses"]
    assert "201" in paths["/agents/{agent_id}/webhooks"]["post"]["responses"]
    assert paths["/agents/{agent_id}"]["get"]["responses"]["404"]["content"]["application/json"]["schema"]["$ref"].endswith("/Error")
    for path, operations in paths.items():
        for method, operation in operations.items():
            for status, response in operation["responses"].items():
                if status.startswith(("4", "5")):
                    assert response["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}, (method, path, status)


def test_swagger_ui_serves_the_same_document(stack: Any, doc: dict[str, Any]) -> None:
    response = requests.get(f"{stack.api_url}/docs", timeout=30)
    assert response.status_code == 200 and response.headers["Content-Type"].startswith("text/html")
    assert "SwaggerUIBundle" in response.text
    assert "/webhooks/{webhook_id}" in response.text and '"securitySchemes"' in response.text


def test_validation_errors_answer_in_the_contract_shape(api: Any) -> None:
    response = api.post("/agents", json={"name": "", "alias": "bad alias!"})
    assert response.status_code == 422
    error = response.json()["error"]
    assert error["code"] == "validation_error" and "alias" in error["message"] and error["details"]
    agent = api.create_agent()
    assert api.patch(f"/agents/{agent['id']}", json={"is_active": False}).status_code == 200  # no heartbeats for others' scans
    for bad in ({"rate_limit_per_hour": 0}, {"allowed_event_types": ["1lower"]}, {"unknown": 1}):
        response = api.post(f"/agents/{agent['id']}/webhooks", json=bad)
        assert response.status_code == 422, response.text
        assert set(response.json()) == {"error"} and response.json()["error"]["code"] == "validation_error"
    response = api.get("/ops/heartbeats/stuck?older_than_seconds=-1")
    assert response.status_code == 422 and response.json()["error"]["code"] == "validation_error"
    response = api.post(f"/agents/{agent['id']}/webhooks", data=b"{not json", headers={"Content-Type": "application/json"})
    assert response.status_code == 400 and response.json()["error"]["code"] == "bad_request"


def test_the_public_routes_need_no_key_and_the_others_do(stack: Any) -> None:
    assert requests.get(f"{stack.api_url}/health", timeout=30).json() == {"status": "ok"}
    response = requests.get(f"{stack.api_url}/ops/tools/stats", timeout=30)
    assert response.status_code == 401 and response.json()["error"]["code"] == "unauthorized"
    response = requests.get(f"{stack.api_url}/agents", headers={"Authorization": "Bearer wk_not_a_key"}, timeout=30)
    assert response.status_code == 401
