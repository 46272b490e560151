"""The API resolver: routes, bearer-key authentication, and the error shape.

Every route but the public ones needs ``Authorization: Bearer <api key>``; the key's
owner is put in the request context and every service call is scoped to it
(DESIGN.md invariant 6). Errors are ``{"error": {"code", "message"}}``.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from aws_lambda_powertools.event_handler import APIGatewayRestResolver
from aws_lambda_powertools.event_handler.openapi.exceptions import RequestValidationError

from wakeful import extensions
from wakeful.api import routes_agents, routes_tools
from wakeful.api.common import respond
from wakeful.auth import keys
from wakeful.console import routes as console_routes
from wakeful.hooks import routes as hooks_routes
from wakeful.interceptors import routes as interceptors_routes
from wakeful.ops import routes as ops_routes
from wakeful.schedules import routes as schedules_routes
from wakeful.stream import routes as stream_routes
from wakeful.threads import routes as threads_routes
from wakeful.webhooks import routes as webhooks_routes
from wakeful.exceptions import RateLimitedError, WakefulError

logger = logging.getLogger(__name__)

PUBLIC_ROUTES = {("GET", "/"), ("GET", "/health"), ("GET", "/openapi.json"), ("GET", "/docs")}
#: The web console's page and files hold no secret: it asks for a key and sends it itself.
PUBLIC_GET_PREFIXES = ("/console",)

#: The core's route modules, each exposing ``router``; extensions' routers (SnipIn's)
#: come from :mod:`wakeful.extensions`. An import error here is an error.
ROUTER_MODULES = [
    routes_agents,
    routes_tools,
    hooks_routes,
    webhooks_routes,
    ops_routes,
    threads_routes,
    interceptors_routes,
    stream_routes,
    schedules_routes,
    console_routes,
]



class _Resolver(APIGatewayRestResolver):
    """The resolver, with a first look at the body (:mod:`wakeful.api.screen`) before
    routing: a body the API cannot read or store is a 4xx, whatever the route."""

    def resolve(self, event: Mapping[str, Any], context: Any) -> dict[str, Any]:
        from wakeful.api import screen

        try:
            screen.check(event)
        except WakefulError as error:
            return screen.error_response(error)
        return super().resolve(event, context)


app = _Resolver(enable_validation=True)


def _error(status: int, code: str, message: str, details: Any = None, headers: dict[str, str] | None = None):
    body: dict[str, Any] = {"error": {"code": code, "message": message}}
    if details is not None:
        body["error"]["details"] = details
    return respond(status, body, headers)


def _authenticate(resolver: APIGatewayRestResolver, next_middleware: Any) -> Any:
    event = resolver.current_event
    if is_public(event.http_method.upper(), event.path):
        return next_middleware(resolver)
    header = event.headers.get("Authorization") or event.headers.get("authorization") or ""
    scheme, _, token = header.partition(" ")
    owner = keys.owner_of(token.strip()) if scheme.lower() == "bearer" and token.strip() else None
    if owner is None:
        return _error(401, "unauthorized", "missing or invalid API key: send Authorization: Bearer <api key>")
    resolver.append_context(owner=owner)
    return next_middleware(resolver)


def is_public(method: str, path: str) -> bool:
    """Whether a route (a request path, or a route's path template) needs no API key."""
    if (method, path) in PUBLIC_ROUTES:
        return True
    return method == "GET" and any(path == prefix or path.startswith(f"{prefix}/") for prefix in PUBLIC_GET_PREFIXES)


app.use([_authenticate])


@app.get("/", summary="Where to start: the API documentation", tags=["operations"])
def root():
    return respond(
        200,
        {
            "name": "Wakeful API",
            "docs": "/docs",
            "openapi": "/openapi.json",
            "message": "Wakeful API: see /docs (Swagger UI) or /openapi.json; every route but these needs Authorization: Bearer <api key>",
        },
    )


@app.get(
    "/health",
    include_in_schema=True,
    summary="Health: 200 {status: ok} when the API can read its tables, else 503",
    tags=["operations"],
)
def health():
    from wakeful.ops.health import check

    problem = check()
    if problem:
        return respond(503, {"status": "unavailable", "error": {"code": "unavailable", "message": problem}})
    return respond(200, {"status": "ok"})


@app.get("/openapi.json", summary="This API's OpenAPI 3 document", tags=["operations"])
def openapi():
    from wakeful.ops.openapi import document  # the generated document, completed

    return respond(200, document(app, server_url=_server_url()))


@app.get("/docs", summary="Swagger UI for this API (?format=json: the OpenAPI document)", tags=["operations"], include_in_schema=False)
def docs():
    from aws_lambda_powertools.event_handler import Response

    from wakeful.ops.openapi import document, swagger_html

    doc = document(app, server_url=_server_url())
    wanted = (app.current_event.query_string_parameters or {}).get("format", "html").lower()
    if wanted == "json":
        return respond(200, doc)
    if wanted != "html":
        return _error(400, "bad_request", "format must be html (Swagger UI, the default) or json (the OpenAPI document)")
    return Response(200, "text/html", swagger_html(doc))


def _server_url() -> str:
    """This API's base path as the caller sees it (API Gateway's stage, if any)."""
    event = app.current_event
    context = event.raw_event.get("requestContext") or {}
    full = context.get("path") or event.path
    if not context.get("domainName") or not full.endswith(event.path):
        return "/"  # not behind API Gateway (the local gateway serves at the root)
    return full[: len(full) - len(event.path)] or "/"


_MALFORMED = {"model_attributes_type", "model_type", "dict_type", "missing"}


@app.exception_handler(RequestValidationError)
def _validation_error(error: RequestValidationError):
    problems = error.errors()
    # Not JSON, or not an object at all: 400. A JSON object that breaks a rule: 422.
    malformed = any(
        p.get("type") == "json_invalid" or (tuple(p.get("loc", ())) == ("body",) and p.get("type") in _MALFORMED)
        for p in problems
    )
    details = [
        {"loc": ".".join(str(part) for part in p.get("loc", ())), "msg": p.get("msg"), "type": p.get("type")}
        for p in problems
    ]
    message = "; ".join(f"{d['loc']}: {d['msg']}" for d in details[:5])
    if malformed:
        return _error(400, "bad_request", f"the body must be a JSON object of the documented shape ({message})", details)
    return _error(422, "validation_error", message, details)


@app.exception_handler(WakefulError)
def _wakeful_error(error: WakefulError):
    headers = {"Retry-After": str(error.retry_after)} if isinstance(error, RateLimitedError) else None
    return _error(error.status, error.code, error.message, error.details, headers)


@app.exception_handler(Exception)
def _unexpected(error: Exception):
    logger.exception("unhandled error in the API")
    request_id = (app.current_event.request_context.request_id or "") if app.current_event else ""
    return _error(500, "internal_error", f"internal error (request id {request_id})")


@app.not_found
def _not_found(_: Exception):
    return _error(404, "not_found", f"no route {app.current_event.http_method} {app.current_event.path}")


for _router in [*(module.router for module in ROUTER_MODULES), *extensions.routers()]:
    app.include_router(_router)
