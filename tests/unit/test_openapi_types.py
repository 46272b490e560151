"""The OpenAPI document types what the API answers: named response models on (nearly)
every operation, the error shape on every 4xx, and a valid OpenAPI 3.1 document.
(That every response the suite sees matches it is checked by tests/support/openapi_check.py.)"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from openapi_spec_validator import validate

ROOT = Path(__file__).resolve().parents[2]
REF = "#/components/schemas/"
#: Operations whose success answer has no JSON schema to name, and why.
UNTYPED_BY_DESIGN = {
    ("get", "/agents/{agent_id}/stream"): "Server-Sent Events only (text/event-stream); each data: line is a StreamEvent",
    ("post", "/channels/{channel_id}/slack/interactions"): "Slack's interactivity requests are answered 200 with an empty body",
    ("get", "/mcp"): "answers only 405: the stateless MCP server opens no stream of server-sent messages",
}
#: Routes the document leaves out, and why.
NOT_DOCUMENTED = {
    "/docs": "Swagger UI (HTML) for this document",
    "/console": "the web console's page (HTML)",
    "/console/{name}": "the web console's static files (scripts, stylesheet, icon)",
}


@pytest.fixture(scope="module")
def doc() -> dict[str, Any]:
    from wakeful.api.app import app
    from wakeful.api.openapi import document

    return document(app)


def _operations(doc: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [(method, path, op) for path, ops in doc["paths"].items() for method, op in ops.items()]


def _classify(operation: dict[str, Any]) -> str:
    """typed (every 2xx body is a named component), no_body (only 204s), or untyped."""
    successes = {code: r for code, r in operation["responses"].items() if code.startswith("2")}
    if not successes:
        return "untyped"
    if all(code == "204" and not r.get("content") for code, r in successes.items()):
        return "no_body"
    for code, response in successes.items():
        if not response.get("content"):  # a 204, or a 202 that accepts without a body
            continue
        schema = (response.get("content") or {}).get("application/json", {}).get("schema", {})
        if not str(schema.get("$ref", "")).startswith(REF):
            return "untyped"
    return "typed"


def test_the_document_is_valid_openapi_3_1(doc: dict[str, Any]) -> None:
    assert doc["openapi"].startswith("3.1")
    validate(doc)


def test_at_least_95_percent_of_operations_answer_a_named_model_and_the_rest_say_why(doc: dict[str, Any]) -> None:
    kinds: dict[str, list[tuple[str, str]]] = {"typed": [], "no_body": [], "untyped": []}
    for method, path, operation in _operations(doc):
        kinds[_classify(operation)].append((method, path))
    total = sum(len(v) for v in kinds.values())
    with_body = total - len(kinds["no_body"])
    report = [f"{len(kinds['typed'])} of {total} operations answer a named model; {len(kinds['no_body'])} answer 204 without a body:"]
    report += [f"  {m.upper()} {p}: 204 No Content (nothing to type)" for m, p in kinds["no_body"]]
    report += [f"  {m.upper()} {p}: {UNTYPED_BY_DESIGN.get((m, p), 'NO REASON: declare responses= on the route')}" for m, p in kinds["untyped"]]
    from wakeful.api.app import app

    hidden = sorted({r.openapi_path for r in [*app._static_routes, *app._dynamic_routes] if not r.include_in_schema})
    report += [f"  (not in the document) GET {rule}: {NOT_DOCUMENTED.get(rule, 'NO REASON')}" for rule in hidden]
    print("\n".join(report))
    assert len(kinds["typed"]) / with_body >= 0.95, "\n".join(report)
    assert (len(kinds["typed"]) + len(kinds["no_body"])) / total >= 0.95, "\n".join(report)
    assert set(kinds["untyped"]) <= set(UNTYPED_BY_DESIGN), "\n".join(report)
    assert set(hidden) <= set(NOT_DOCUMENTED), "\n".join(report)


def test_list_operations_answer_a_typed_page(doc: dict[str, Any]) -> None:
    schemas = doc["components"]["schemas"]
    pages = [name for name in schemas if name.endswith("Page")]
    assert len(pages) >= 25
    for name in pages:
        schema = schemas[name]
        assert set(schema["required"]) >= {"items", "next"}, name
        assert schema["properties"]["items"]["items"]["$ref"].startswith(REF), name


def test_every_error_status_answers_the_contract_error_shape(doc: dict[str, Any]) -> None:
    for method, path, operation in _operations(doc):
        for status, response in operation["responses"].items():
            if status.startswith(("4", "5")):
                assert response["content"]["application/json"]["schema"] == {"$ref": f"{REF}Error"}, (method, path, status)
        # The webhook's and the platforms' routes have their own answers (the contract's lists).
        if operation.get("requestBody") and path != "/webhooks/{webhook_id}" and not path.startswith("/channels/{channel_id}/"):
            assert {"400", "413", "415", "422"} <= set(operation["responses"]), (method, path)


def test_operation_ids_are_the_handlers_names_and_unique(doc: dict[str, Any]) -> None:
    ids = [operation["operationId"] for _, _, operation in _operations(doc)]
    assert len(ids) == len(set(ids))
    assert {"create_agent", "post_event", "create_thread", "thread_stream", "create_hook", "deliver_webhook"} <= set(ids)
    assert all(identifier.isidentifier() and "__" not in identifier for identifier in ids)


def test_the_committed_client_document_is_the_codes_document(doc: dict[str, Any]) -> None:
    committed = json.loads((ROOT / "clients" / "python" / "openapi.json").read_text(encoding="utf-8"))
    assert committed == json.loads(json.dumps(doc)), "the API changed: run `make client` and commit clients/python"


@pytest.mark.parametrize("ids", [{}, {"heartbeat_id": "hb_1", "action_id": "act_1"}])
def test_the_hook_payload_schema_describes_the_body_a_delivery_sends(doc: dict[str, Any], ids: dict[str, str]) -> None:
    from jsonschema import Draft202012Validator

    from wakeful.hooks.payloads import build_payload

    from wakeful.agents.records import Agent

    agent = Agent(agent_id="agt_1", owner="o", name="Ada", alias="ada", heartbeat_interval_seconds=60)
    payload = build_payload(agent, "AFTER_HEARTBEAT", {"events_processed": 2}, heartbeat_id=ids.get("heartbeat_id"),
                            action_id=ids.get("action_id"), context=None, now=1_700_000_000.0)  # fmt: skip
    validator = Draft202012Validator({"$ref": "#/components/schemas/HookPayload", "components": doc["components"]})
    assert list(validator.iter_errors(json.loads(json.dumps(payload)))) == []
    assert list(validator.iter_errors({**payload, "agent": {"name": "no id"}})) != []  # the schema can fail
