"""The API's OpenAPI 3 document, generated from the code, and its Swagger UI.

Powertools' resolver generates paths, parameters and request bodies from the routes and
their pydantic models. This module completes what it cannot know:

- the bearer-key security scheme, required on every route but the public ones;
- the API's error shape (``{"error": {"code", "message"}}``) for 400, 401,
  404 and 422 — instead of Powertools' default ``HTTPValidationError``, which this API
  never returns (``wakeful.apikit.resolver`` renders validation errors in the contract's shape);
- 400, 413 and 415 on every operation that takes a body or whose method may carry one
  (``wakeful.apikit.screen``, the first look at every body);
- 409 and 404 where a capability's part says an operation answers them: the 409s when
  its code can raise a conflict (each saying when), the 404s of the few operations
  without a path parameter that name an agent (a unit test derives both from the code
  and compares);
- each operation's id: its handler's name, or the ``operation_id`` its route gives;
- each tag's note, and the operations served outside the API's resolver with the
  schemas they name (the webhook-ingest function's ``POST /webhooks/{webhook_id}``, the
  platforms' routes of channels, the payload a hook delivery POSTs).

Every capability gives its part in its manifest (``OPENAPI``, a
:class:`wakeful.capabilities.OpenApiPart` built when the document is), and this module
knows none of them: it holds what is general (titles, security, the error shape).
"""

from __future__ import annotations

import base64
import copy
import hashlib
import json
import re
from functools import lru_cache
from typing import Any

from wakeful import capabilities
from wakeful.apikit.responses import REF as _REF
from wakeful.apikit.responses import error_response
from wakeful.capabilities import OpenApiPart

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
PUBLIC = {("get", "/"), ("get", "/health"), ("get", "/openapi.json"), ("get", "/docs")}
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
    parts = _Parts(capabilities.openapi_parts())
    routes = {(r.method.lower(), r.openapi_path): r for r in [*app._static_routes, *app._dynamic_routes]}
    for path, operations in doc.get("paths", {}).items():
        for method, operation in operations.items():
            _name(operation, routes.get((method, path)))
            _complete(operation, method, path, parts)
    for part in parts.parts:  # the operations served elsewhere, complete as given
        if part.schemas is not None:
            schemas.update(part.schemas())
        if part.paths is not None:
            doc.setdefault("paths", {}).update(part.paths())
    # Powertools' own error shapes: this API answers in its own error shape instead.
    others = {name: schema for name, schema in schemas.items() if name not in _POWERTOOLS_ERRORS}
    if not any(_references(node, f"{_REF}{name}") for node in (doc["paths"], others) for name in _POWERTOOLS_ERRORS):
        for name in _POWERTOOLS_ERRORS:
            schemas.pop(name, None)
    return doc


#: What every operation of a tag shares, appended to its summary as its description:
#: the core routes' tag here, every other tag's in its capability's part.
TAG_NOTES = {"operations": "Health, documentation and monitoring."}
_GENERAL = "Bodies are JSON (Content-Type: application/json); errors are {\"error\": {\"code\", \"message\"}}."


class _Parts:
    """The installed capabilities' parts, with their tables merged."""

    def __init__(self, parts: tuple[OpenApiPart, ...]) -> None:
        self.parts = parts
        self.notes = dict(TAG_NOTES)
        self.conflicts: dict[tuple[str, str], str] = {}
        self.not_found: dict[tuple[str, str], str] = {}
        for part in parts:
            self.notes.update(part.notes)
            self.conflicts.update(part.conflicts)
            self.not_found.update(part.not_found)


def _describe(operation: dict[str, Any], notes: dict[str, str]) -> None:
    if operation.get("description"):
        return
    summary = (operation.get("summary") or "").rstrip(".")
    notes_text = " ".join(notes.get(tag, "") for tag in operation.get("tags") or []).strip()
    operation["description"] = " ".join(part for part in (f"{summary}." if summary else "", notes_text, _GENERAL) if part)


def _name(operation: dict[str, Any], route: Any) -> None:
    """The operation's id is its handler's name (``create_agent``), unless the route
    names it (``operation_id=``): generated clients call it by that name."""
    if route is not None and route.operation_id == route._generate_operation_id():
        operation["operationId"] = route.func.__name__


def _complete(operation: dict[str, Any], method: str, path: str, parts: _Parts) -> None:
    """Security, the error responses, and a 204 without content: each route declares its
    success responses itself (``responses=`` with the models of ``wakeful.*.responses``)."""
    _describe(operation, parts.notes)
    responses: dict[str, Any] = operation.setdefault("responses", {})
    if "204" in responses:
        responses["204"] = {"description": "No content"}
    for status, response in list(responses.items()):
        if status.startswith("2") and response.get("content") == {"application/json": {}}:
            # Declared without a model: an answer without a body (a 202 that accepts).
            responses[status] = {"description": response.get("description", "Accepted")}
        elif status.startswith(("4", "5")) and status != "422":
            # Every error of the API is the contract's shape, whatever the route declared.
            responses[status] = error_response(int(status), response.get("description"))
    responses.pop("422", None)
    public = (method, path) in PUBLIC
    if not public:
        operation["security"] = [{SECURITY_SCHEME: []}]
        responses.setdefault("401", error_response(401))
    else:
        operation["security"] = []
    if "{" in path:
        responses.setdefault("404", error_response(404))
    elif (method, path) in parts.not_found:
        responses.setdefault("404", error_response(404, parts.not_found[method, path]))
    if operation.get("parameters") or operation.get("requestBody"):
        responses.setdefault("400", error_response(400))
        responses["422"] = error_response(422)
    if operation.get("requestBody") or method.upper() in BODY_METHODS:
        # wakeful.apikit.screen looks at any body sent with these methods, declared or not.
        responses.setdefault("400", error_response(400))
        responses.setdefault("413", error_response(413))
        responses.setdefault("415", error_response(415))
    if (method, path) in parts.conflicts:
        responses.setdefault("409", error_response(409, f"Conflict: {parts.conflicts[method, path]}"))


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
