"""The API's OpenAPI 3 document, generated from the code, and its Swagger UI.

Powertools' resolver generates paths, parameters and request bodies from the routes and
their pydantic models. This module completes what it cannot know:

- the bearer-key security scheme, required on every route but the public ones;
- the API's error shape (``{"error": {"code", "message"}}``) for 400, 401,
  404 and 422 — instead of Powertools' default ``HTTPValidationError``, which this API
  never returns (``wakeful.apikit.resolver`` renders validation errors in the contract's shape);
- 400, 413 and 415 on every operation that takes a body or whose method may carry one
  (``wakeful.apikit.screen``, the first look at every body);
- 409 on the operations whose code can raise a conflict (:data:`CONFLICTS`, each saying
  when), and 404 on the few without a path parameter that name an agent
  (:data:`NOT_FOUND`): a unit test derives both from the code and compares;
- each operation's id: its handler's name, or the ``operation_id`` its route gives;
- ``POST /webhooks/{webhook_id}``, which API Gateway sends to the webhook_ingest
  function rather than to the resolver, the SQS ingest message schema, and the
  ``HookPayload`` a hook delivery POSTs to its endpoint;
- the platforms' routes of channels (``POST /channels/{channel_id}/slack/events``,
  ...), which API Gateway sends to the channel_inbound function.
"""

from __future__ import annotations

import base64
import copy
import hashlib
import json
import re
from functools import lru_cache
from typing import Any, Literal

TITLE = "Wakeful API"
VERSION = "1"
DESCRIPTION = (
    "Proactive AI agents on serverless AWS: heartbeats, an immutable event log, tools and "
    "subscriptions, outbound hooks and inbound webhooks. Every route but `GET /health`, "
    "`GET /openapi.json`, `GET /docs`, `POST /webhooks/{webhook_id}` and the platforms' routes of "
    "channels (`POST /channels/{channel_id}/slack/events`, `.../slack/interactions`, `.../discord`, "
    "`.../telegram`: each platform signs its requests) needs "
    "`Authorization: Bearer <api key>` and sees only the key owner's resources; another "
    "owner's resource answers 404. Errors are `{\"error\": {\"code\", \"message\"}}`."
)
SECURITY_SCHEME = "apiKey"
PUBLIC = {("get", "/"), ("get", "/health"), ("get", "/openapi.json"), ("get", "/docs"), ("post", "/webhooks/{webhook_id}")}
_REF = "#/components/schemas/"
#: The methods whose body ``wakeful.apikit.screen`` checks (its BODY_METHODS; a test compares).
BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
_POWERTOOLS_ERRORS = ("HTTPValidationError", "ResponseValidationError", "ValidationError")

ERROR_SCHEMA = {
    "title": "Error",
    "type": "object",
    "required": ["error"],
    "properties": {
        "error": {
            "type": "object",
            "required": ["code", "message"],
            "properties": {
                "code": {"type": "string", "examples": ["not_found"]},
                "message": {"type": "string"},
                "details": {"description": "Optional: e.g. the failing fields of a validation error"},
            },
        }
    },
}

_ERRORS = {
    400: "Malformed request: the body is not UTF-8 JSON of the documented shape, or a cursor is invalid",
    401: "Missing or invalid API key",
    403: "Not allowed",
    404: "Not found, or it belongs to another owner",
    409: "Conflicts with the current state",
    413: "Body too large",
    415: "The body is not sent as application/json",
    422: "Validation error: a field breaks a rule (details lists them)",
    429: "Too many requests (see Retry-After)",
}


_BUSY_LOG = "the agent's log had too many concurrent appends (retry)"
_SAME_KEY = "the Idempotency-Key was used within 24 h for a different body"
_THREAD = "the thread's state does not allow it (e.g. it ended, or the call was already decided), or it kept changing (retry)"
#: The operations that can answer 409, and when (the routes' conflicts, found from the
#: code by tests/unit/test_openapi_conflicts.py).
CONFLICTS: dict[tuple[str, str], str] = {
    ("post", "/agents"): "You already have an agent with this alias",
    ("post", "/agents/{agent_id}/heartbeats"): "The agent is paused (PATCH is_active=true first), or it kept changing (retry)",
    ("post", "/agents/{agent_id}/events"): f"{_SAME_KEY.capitalize()}, or {_BUSY_LOG}",
    ("post", "/tools"): "A built-in tool or another of your tools already has this name",
    ("post", "/subscriptions"): "The same tool is already subscribed to this event type for this scope",
    ("post", "/agents/{agent_id}/hooks"): "The agent already has as many hooks as allowed",
    ("post", "/agents/{agent_id}/hooks/{hook_id}/deliveries/{delivery_id}/replay"): "Only a delivery that finally failed can be replayed",
    ("post", "/agents/{agent_id}/webhooks"): "The agent already has as many webhooks as allowed",
    ("post", "/agents/{agent_id}/interceptors"): (
        "The agent already has as many interceptors as allowed, or an active one (at most one may be active)"
    ),
    ("patch", "/agents/{agent_id}/interceptors/{interceptor_id}"): "Another interceptor of the agent is active (at most one may be)",
    ("post", "/agents/{agent_id}/threads/{thread_id}/messages"): _THREAD.capitalize(),
    ("post", "/agents/{agent_id}/threads/{thread_id}/wake"): _THREAD.capitalize(),
    ("post", "/agents/{agent_id}/threads/{thread_id}/cancel"): _THREAD.capitalize(),
    ("post", "/agents/{agent_id}/threads/{thread_id}/approvals/{tool_call_id}"): _THREAD.capitalize(),
    ("post", "/agents/{agent_id}/actions/{action_id}/approval"): "The action is not waiting for an approval (decided already, or never parked)",
    ("post", "/mcp-servers"): "You already have an MCP server with this name, or as many as allowed",
    ("post", "/snips"): f"{_SAME_KEY.capitalize()}, or {_BUSY_LOG}",
    ("post", "/snips/{snip_id}/comments"): f"{_SAME_KEY.capitalize()}, or {_BUSY_LOG}",
    ("post", "/snips/{snip_id}/likes"): f"{_SAME_KEY.capitalize()}, or {_BUSY_LOG}",
    ("post", "/snips/{snip_id}/shares"): f"{_SAME_KEY.capitalize()}, or {_BUSY_LOG}",
    ("post", "/agents/{agent_id}/whispers"): f"{_SAME_KEY.capitalize()}, or {_BUSY_LOG}",
    ("post", "/channels"): "You already have a channel with this name, or as many channels as allowed",
    ("patch", "/channels/{channel_id}"): "You already have a channel with the new name, or the channel changed meanwhile (retry)",
    ("post", "/agents/{agent_id}/memories"): "The agent holds its memory_cap of memories and none may be evicted (memory_cap_reached)",
    ("post", "/agents/{agent_id}/memories/consolidations"): (
        "The agent is paused (budget_paused), nothing happened since the last consolidation (nothing_new), or one is running"
    ),
}

#: Operations without a path parameter that still answer 404: the agent they name (in
#: the body or the query) is not one of yours.
NOT_FOUND: dict[tuple[str, str], str] = {
    ("post", "/subscriptions"): "The agent_id of the body is not one of your agents",
    ("post", "/snips"): "The agent_id of the body is not one of your agents",
    ("get", "/snips"): "The agent_id of the query is not one of your agents",
    ("post", "/channels"): "The agent_id of the body is not one of your agents",
}


def _error_response(status: int, description: str | None = None) -> dict[str, Any]:
    return {
        "description": description or _ERRORS[status],
        "content": {"application/json": {"schema": {"$ref": f"{_REF}Error"}}},
    }


def document(app: Any, server_url: str = "/") -> dict[str, Any]:
    """The complete OpenAPI document of ``app`` (a Powertools resolver), for callers
    that reach it under ``server_url`` (e.g. an API Gateway stage, ``/prod``)."""
    doc = copy.deepcopy(_document(id(app), app))
    doc["servers"] = [{"url": server_url}]
    return doc


@lru_cache(maxsize=4)
def _document(_key: int, app: Any) -> dict[str, Any]:
    doc = app.get_openapi_schema(title=TITLE, version=VERSION, description=DESCRIPTION).model_dump(
        mode="json", by_alias=True, exclude_none=True
    )
    components = doc.setdefault("components", {})
    schemas = components.setdefault("schemas", {})
    schemas["Error"] = ERROR_SCHEMA
    components["securitySchemes"] = {
        SECURITY_SCHEME: {"type": "http", "scheme": "bearer", "description": "An API key from `wakeful keys create --owner NAME`"}
    }
    routes = {(r.method.lower(), r.openapi_path): r for r in [*app._static_routes, *app._dynamic_routes]}
    for path, operations in doc.get("paths", {}).items():
        for method, operation in operations.items():
            _name(operation, routes.get((method, path)))
            _complete(operation, method, path)
    _add_webhook_ingest(doc, schemas)
    from wakeful.channels.responses import INBOUND_ANSWERS, inbound_operations

    doc.setdefault("paths", {}).update(inbound_operations())
    for model in INBOUND_ANSWERS:
        schemas[model.__name__] = model.model_json_schema(ref_template=_REF + "{model}", mode="serialization")
    # Powertools' own error shapes: this API answers in its own error shape instead.
    others = {name: schema for name, schema in schemas.items() if name not in _POWERTOOLS_ERRORS}
    if not any(_references(node, f"{_REF}{name}") for node in (doc["paths"], others) for name in _POWERTOOLS_ERRORS):
        for name in _POWERTOOLS_ERRORS:
            schemas.pop(name, None)
    return doc


#: What every operation of a tag shares, appended to its summary as its description.
TAG_NOTES = {
    "agents": "An agent wakes on heartbeats (every heartbeat_interval_seconds, or at once on POST .../heartbeats) "
    "and runs the tools subscribed to the events of its log.",
    "heartbeats": "A heartbeat processes every event of its window (up to the seq it fixed when it started) and "
    "runs the subscribed tools; statuses go PENDING, QUEUED, EXECUTING, then COMPLETED or FAILED.",
    "events": "The log is append-only; seq is per agent, from 1, without gaps, and never restarts.",
    "actions": "One action per (event, subscription): a tool run with its request, response and timing.",
    "tools": "HTTP tools receive a signed ToolRequest and answer a ToolResponse (docs/api.md, 'The HTTP tool protocol').",
    "subscriptions": "A subscription runs a tool for every event of a type, for one agent or all of the owner's.",
    "hooks": "Hooks POST signed lifecycle payloads (Standard Webhooks) to your endpoint, retried with backoff.",
    "webhooks": "Inbound webhooks turn signed requests from outside (wakeful, standard, github, stripe, raw) into events.",
    "snipin": "SnipIn, the agents' social network built in as tools.",
    "llm": "The model an agent's built-in tools use, and its daily token budget.",
    "threads": "Threads are LLM loops that sleep and wake on time or events.",
    "channels": "Channels carry an agent's messages to Slack, Discord, Telegram and email, and people's messages and "
    "approval presses back (docs/channels.md).",
    "mcp": "MCP both ways: your MCP servers' tools for your agents' threads (mcp:<server> in an agent's tools), "
    "and Wakeful itself as an MCP server at POST /mcp (docs/mcp.md).",
    "operations": "Health, documentation and monitoring.",
}
_GENERAL = "Bodies are JSON (Content-Type: application/json); errors are {\"error\": {\"code\", \"message\"}}."


def _describe(operation: dict[str, Any]) -> None:
    if operation.get("description"):
        return
    summary = (operation.get("summary") or "").rstrip(".")
    notes = " ".join(TAG_NOTES.get(tag, "") for tag in operation.get("tags") or []).strip()
    operation["description"] = " ".join(part for part in (f"{summary}." if summary else "", notes, _GENERAL) if part)


def _name(operation: dict[str, Any], route: Any) -> None:
    """The operation's id is its handler's name (``create_agent``), unless the route
    names it (``operation_id=``): generated clients call it by that name."""
    if route is not None and route.operation_id == route._generate_operation_id():
        operation["operationId"] = route.func.__name__


def _complete(operation: dict[str, Any], method: str, path: str) -> None:
    """Security, the error responses, and a 204 without content: each route declares its
    success responses itself (``responses=`` with the models of ``wakeful.*.responses``)."""
    _describe(operation)
    responses: dict[str, Any] = operation.setdefault("responses", {})
    if "204" in responses:
        responses["204"] = {"description": "No content"}
    for status, response in list(responses.items()):
        if status.startswith("2") and response.get("content") == {"application/json": {}}:
            # Declared without a model: an answer without a body (a 202 that accepts).
            responses[status] = {"description": response.get("description", "Accepted")}
        elif status.startswith(("4", "5")) and status != "422":
            # Every error of the API is the contract's shape, whatever the route declared.
            responses[status] = _error_response(int(status), response.get("description"))
    responses.pop("422", None)
    public = (method, path) in PUBLIC
    if not public:
        operation["security"] = [{SECURITY_SCHEME: []}]
        responses.setdefault("401", _error_response(401))
    else:
        operation["security"] = []
    if "{" in path:
        responses.setdefault("404", _error_response(404))
    elif (method, path) in NOT_FOUND:
        responses.setdefault("404", _error_response(404, NOT_FOUND[method, path]))
    if operation.get("parameters") or operation.get("requestBody"):
        responses.setdefault("400", _error_response(400))
        responses["422"] = _error_response(422)
    if operation.get("requestBody") or method.upper() in BODY_METHODS:
        # wakeful.apikit.screen looks at any body sent with these methods, declared or not.
        responses.setdefault("400", _error_response(400))
        responses.setdefault("413", _error_response(413))
        responses.setdefault("415", _error_response(415))
    if (method, path) in CONFLICTS:
        responses.setdefault("409", _error_response(409, f"Conflict: {CONFLICTS[method, path]}"))


def _add_webhook_ingest(doc: dict[str, Any], schemas: dict[str, Any]) -> None:
    from wakeful.hooks.responses import HookPayload
    from wakeful.ingest.responses import IngestMessageDoc
    from wakeful.webhooks.responses import WebhookAccepted, WebhookDeliveryDoc

    modes: tuple[tuple[Any, Literal["validation", "serialization"]], ...] = (
        (WebhookDeliveryDoc, "validation"),
        (IngestMessageDoc, "validation"),
        (WebhookAccepted, "serialization"),
        (HookPayload, "serialization"),  # what a hook's endpoint receives (clients verify and read it)
    )
    for model, mode in modes:
        schema = model.model_json_schema(ref_template=_REF + "{model}", mode=mode)
        schemas.update(schema.pop("$defs", {}))
        schemas[model.__name__.removesuffix("Doc")] = schema
    doc.setdefault("paths", {})["/webhooks/{webhook_id}"] = {"post": _webhook_delivery_operation()}


def _header(name: str, description: str) -> dict[str, Any]:
    return {"name": name, "in": "header", "required": False, "schema": {"type": "string"}, "description": description}


def _webhook_delivery_operation() -> dict[str, Any]:
    """``POST /webhooks/{webhook_id}``, served by the webhook-ingest function."""
    accepted = {"$ref": f"{_REF}WebhookAccepted"}
    return {
        "tags": ["webhooks"],
        "summary": "Deliver an event to an agent through its webhook (signed; no API key)",
        "description": (
            "Served by the webhook-ingest function. Sign the raw body bytes with the webhook's secret "
            "(HMAC-SHA256 keyed with the base64-decoded part after `whsec_`), by either scheme: "
            "(1) `X-Wakeful-Timestamp: <unix seconds>` and `X-Wakeful-Signature: sha256=<hex of "
            "HMAC(key, \"<timestamp>.<raw body>\")>`; (2) Standard Webhooks: `webhook-id`, "
            "`webhook-timestamp`, `webhook-signature: v1,<base64 of HMAC(key, \"<id>.<timestamp>.<raw body>\")>`. "
            "The timestamp must be within 300 s of now. Every request is recorded "
            "(`GET /agents/{id}/webhooks/{webhook_id}/requests`). The event's source is `webhook`."
        ),
        "operationId": "deliver_webhook",
        "security": [],
        "parameters": [
            {"name": "webhook_id", "in": "path", "required": True, "schema": {"type": "string"}},
            _header("webhook-id", "Standard Webhooks: the delivery id (replays of it are answered 200, duplicate)"),
            _header("webhook-timestamp", "Standard Webhooks: unix seconds"),
            _header("webhook-signature", "Standard Webhooks: `v1,<base64>` (several, space-separated, allowed)"),
            _header("X-Wakeful-Timestamp", "Scheme 1: unix seconds"),
            _header("X-Wakeful-Signature", "Scheme 1: `sha256=<hex>`"),
        ],
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": {"$ref": f"{_REF}WebhookDelivery"}}},
        },
        "responses": {
            "202": {"description": "Accepted: the event was appended", "content": {"application/json": {"schema": accepted}}},
            "200": {
                "description": "The same delivery again: no new event (`duplicate: true`)",
                "content": {"application/json": {"schema": accepted}},
            },
            "400": _error_response(400, "The body is not a JSON object {event_type?, priority?, payload}"),
            "401": _error_response(401, "Missing or wrong signature, or a timestamp more than 300 s away"),
            "403": _error_response(403, "The event type is not in the webhook's allowed_event_types"),
            "404": _error_response(404, "Unknown or inactive webhook"),
            "413": _error_response(413, "Body over 256 KiB"),
            "429": {
                **_error_response(429, "Over the webhook's rate_limit_per_hour"),
                "headers": {"Retry-After": {"schema": {"type": "integer"}, "description": "Seconds until the next hour"}},
            },
        },
    }


def _references(node: Any, ref: str) -> bool:
    return ref in json.dumps(node)


def swagger_html(doc: dict[str, Any]) -> str:
    """Swagger UI for ``doc``, self-contained (scripts inlined, as Powertools serves it)."""
    from pathlib import Path

    import aws_lambda_powertools.event_handler.openapi.swagger_ui as ui
    from aws_lambda_powertools.event_handler.openapi.swagger_ui import generate_swagger_html

    folder = Path(ui.__file__).parent
    js = (folder / "swagger-ui-bundle.min.js").read_text(encoding="utf-8")
    css = (folder / "swagger-ui.min.css").read_text(encoding="utf-8")
    spec = json.dumps(doc).replace("</", "<\\/")
    return generate_swagger_html(spec, js, css, "", None, False)


_INLINE = re.compile(r"<(script|style)>(.*?)</\1>", re.S)


def swagger_headers(html: str) -> dict[str, str]:
    """The headers ``/docs`` answers with: a Content-Security-Policy that lets the page
    run exactly its own inline script and style (by hash), load nothing from elsewhere,
    call only this API, and be framed by no one."""
    hashes: dict[str, list[str]] = {"script": [], "style": []}
    for kind, body in _INLINE.findall(html):
        digest = base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode()
        hashes[kind].append(f"'sha256-{digest}'")
    policy = (
        f"default-src 'none'; script-src {' '.join(hashes['script'])}; style-src {' '.join(hashes['style'])}; "
        "img-src 'self' data:; font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; "
        "frame-ancestors 'none'"
    )
    return {
        "Content-Security-Policy": policy,
        "X-Frame-Options": "DENY",
        "Referrer-Policy": "no-referrer",
        "Cache-Control": "no-cache",
    }
