"""The API resolver: routes, bearer-key authentication, and the error shape.

Every route but the public ones needs ``Authorization: Bearer <api key>``; the key's
owner is put in the request context and every service call is scoped to it
(tenants are isolated). Errors are ``{"error": {"code", "message"}}``.

Cold starts: a request loads only the route modules that can serve its path.
:data:`ROUTE_KEYS` maps a path's key (its first segment; ``agents/<x>`` for
``/agents/{id}/<x>/...``) to those modules, and :func:`resolve` builds the key's light
resolver on first use (then keeps it), and its validating one when a request first needs
it (:mod:`wakeful.api.routing`). A path whose key is not listed is served by the
resolvers with every module (correct, only slower to start); a unit test checks that
every route of every module is listed. ``app`` (every route, validating: the OpenAPI
document, tests) is built on first access.
"""

from __future__ import annotations

import importlib
import logging
import threading
from collections.abc import Callable, Mapping
from typing import Any

from aws_lambda_powertools.event_handler.api_gateway import APIGatewayRestResolver

from wakeful import assembly, capabilities
from wakeful.api.common import respond
from wakeful.api import routing
from wakeful.api.routing import JSON, Revalidate, ok
from wakeful.auth import keys
from wakeful.exceptions import RateLimitedError, WakefulError

logger = logging.getLogger(__name__)

# The API app is an entry point: the capabilities' routes are known before ROUTE_KEYS below.
assembly.install()

PUBLIC_ROUTES = {("GET", "/"), ("GET", "/health"), ("GET", "/openapi.json"), ("GET", "/docs")}
#: The web console's page and files hold no secret: it asks for a key and sends it itself.
PUBLIC_GET_PREFIXES = ("/console",)

#: The route modules, each exposing ``router``, imported when a path first needs them
#: (an import error is an error): these, and those the installed manifests declare
#: (SnipIn's; :mod:`wakeful.capabilities`), under the path keys they declare.
ROUTER_MODULES = [
    "wakeful.api.routes_agents",
    "wakeful.api.routes_tools",
    "wakeful.hooks.routes",
    "wakeful.webhooks.routes",
    "wakeful.ops.routes",
    "wakeful.threads.routes",
    "wakeful.interceptors.routes",
    "wakeful.stream.routes",
    "wakeful.schedules.routes",
    "wakeful.console.routes",
    "wakeful.mcp_servers.routes",
    "wakeful.mcp_endpoint.routes",
    "wakeful.llm.routes",
    "wakeful.channels.routes",
    *capabilities.route_modules(),
]

_AGENTS = "wakeful.api.routes_agents"
_TOOLS = "wakeful.api.routes_tools"
#: Route modules by path key (see the module docstring). Core routes (``/``,
#: ``/health``, ``/openapi.json``, ``/docs``) are on every resolver.
ROUTE_KEYS: dict[str, tuple[str, ...]] = {
    "": (),
    "health": (),
    "openapi.json": (),
    "docs": (),
    "agents": (_AGENTS,),
    "agents/heartbeats": (_AGENTS,),
    "agents/events": (_AGENTS,),
    "agents/actions": (_AGENTS,),
    "agents/tools": (_TOOLS,),
    "agents/hooks": ("wakeful.hooks.routes",),
    "agents/webhooks": ("wakeful.webhooks.routes",),
    "agents/interceptors": ("wakeful.interceptors.routes",),
    "agents/routes": ("wakeful.threads.routes",),
    "agents/threads": ("wakeful.threads.routes", "wakeful.stream.routes"),
    "agents/stream": ("wakeful.stream.routes",),
    "agents/schedules": ("wakeful.schedules.routes",),
    "agents/llm": ("wakeful.llm.routes",),
    "events": (_AGENTS,),
    "tools": (_TOOLS,),
    "subscriptions": (_TOOLS,),
    "ops": ("wakeful.ops.routes",),
    "console": ("wakeful.console.routes",),
    "channels": ("wakeful.channels.routes",),
    "mcp-servers": ("wakeful.mcp_servers.routes",),
    "mcp": ("wakeful.mcp_endpoint.routes",),
    **capabilities.route_keys(),
}


def route_key(path: str) -> str:
    """The key of a request path (or a route's rule) in :data:`ROUTE_KEYS`."""
    parts = path.strip("/").split("/")
    if parts[0] == "agents" and len(parts) > 2:
        return f"agents/{parts[2]}"
    return parts[0]



class _Resolver(APIGatewayRestResolver):
    """The resolver, with a first look at the body (:mod:`wakeful.api.screen`) before
    routing: a body the API cannot read or store is a 4xx, whatever the route. A light
    resolver hands a request its routes do not serve themselves to its ``validating``
    resolver (:class:`wakeful.api.routing.Revalidate`)."""

    routers: tuple[Any, ...] = ()
    validating: Callable[[], _Resolver] | None = None

    def resolve(self, event: Mapping[str, Any], context: Any) -> dict[str, Any]:
        from wakeful.api import screen

        try:
            screen.check(event)
        except WakefulError as error:
            return with_security_headers(screen.error_response(error))
        return with_security_headers(self._serve(event, context))

    def _serve(self, event: Mapping[str, Any], context: Any) -> dict[str, Any]:
        """Route a screened request; what a light route hands over is served (not
        screened again) by the validating resolver."""
        # A router included in several resolvers answers for the one serving now.
        for router in self.routers:
            router.api_resolver = self
        try:
            return super().resolve(event, context)
        except Revalidate:  # raised by light routes only
            self.clear_context()
        assert self.validating is not None
        return self.validating()._serve(event, context)


#: Headers every answer of the API carries, whatever built it (a route, an error
#: handler, the first look at the body): no browser may guess another type than the one
#: sent (a JSON answer echoing input is never run as HTML or script).
SECURITY_HEADERS = {"X-Content-Type-Options": "nosniff"}


def with_security_headers(response: dict[str, Any]) -> dict[str, Any]:
    """An API Gateway proxy response with :data:`SECURITY_HEADERS` (those it already
    sets, in any case, are left alone)."""
    single = response.get("headers") or {}
    multi = response.get("multiValueHeaders") or {}
    present = {name.lower() for name in (*single, *multi)}
    missing = {name: value for name, value in SECURITY_HEADERS.items() if name.lower() not in present}
    if missing:
        if "multiValueHeaders" in response or "headers" not in response:
            response["multiValueHeaders"] = {**multi, **{name: [value] for name, value in missing.items()}}
        else:
            response["headers"] = {**single, **missing}
    return response


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


_MALFORMED = {"model_attributes_type", "model_type", "dict_type", "missing"}


def _server_url(resolver: routing.Router) -> str:
    """This API's base path as the caller sees it (API Gateway's stage, if any)."""
    event = resolver.current_event
    context = event.raw_event.get("requestContext") or {}
    full = context.get("path") or event.path
    if not context.get("domainName") or not full.endswith(event.path):
        return "/"  # not behind API Gateway (the local gateway serves at the root)
    return full[: len(full) - len(event.path)] or "/"


#: The public routes every resolver serves: ``/`` (where to start), ``/health``,
#: ``/openapi.json`` and ``/docs`` (Swagger UI).
core = routing.Router()


@core.get(
    "/",
    summary="Where to start: the API documentation",
    tags=["operations"],
    responses=ok("ApiIndex"),
    operation_id="get_index",
)
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


@core.get(
    "/health",
    include_in_schema=True,
    summary="Health: 200 {status: ok} when the API can read its tables, else 503",
    tags=["operations"],
    responses={
        **ok("Health", 200, "The API can read its tables"),
        503: {"description": "Unavailable", "content": {JSON: {"schema": {"$ref": "#/components/schemas/Error"}}}},
    },
    operation_id="get_health",
)
def health():
    from wakeful.ops.health import check

    problem = check()
    if problem:
        return respond(503, {"status": "unavailable", "error": {"code": "unavailable", "message": problem}})
    return respond(200, {"status": "ok"})


@core.get(
    "/openapi.json",
    summary="This API's OpenAPI 3 document",
    tags=["operations"],
    responses=ok("OpenAPIDocument"),
    operation_id="get_openapi_document",
)
def openapi():
    from wakeful.ops.openapi import document  # the generated document, completed

    return respond(200, document(_full(), server_url=_server_url(core)))


@core.get(
    "/docs",
    summary="Swagger UI for this API (?format=json: the OpenAPI document)",
    tags=["operations"],
    include_in_schema=False,
)
def docs():
    from aws_lambda_powertools.event_handler.api_gateway import Response

    from wakeful.ops.openapi import document, swagger_headers, swagger_html

    doc = document(_full(), server_url=_server_url(core))
    wanted = (core.current_event.query_string_parameters or {}).get("format", "html").lower()
    if wanted == "json":
        return respond(200, doc)
    if wanted != "html":
        return _error(400, "bad_request", "format must be html (Swagger UI, the default) or json (the OpenAPI document)")
    html = swagger_html(doc)
    return Response(200, "text/html; charset=utf-8", html, headers=swagger_headers(html))


def _error_handlers(resolver: _Resolver) -> None:
    """Every error in the contract's shape."""
    from aws_lambda_powertools.event_handler.openapi.exceptions import RequestValidationError

    @resolver.exception_handler(RequestValidationError)
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

    @resolver.exception_handler(WakefulError)
    def _wakeful_error(error: WakefulError):
        headers = {"Retry-After": str(error.retry_after)} if isinstance(error, RateLimitedError) else None
        return _error(error.status, error.code, error.message, error.details, headers)

    @resolver.exception_handler(Exception)
    def _unexpected(error: Exception):
        logger.exception("unhandled error in the API")
        request_id = (resolver.current_event.request_context.request_id or "") if resolver.current_event else ""
        return _error(500, "internal_error", f"internal error (request id {request_id})")

    @resolver.not_found
    def _not_found(_: Exception):
        return _error(404, "not_found", f"no route {resolver.current_event.http_method} {resolver.current_event.path}")


def build(modules: tuple[str, ...] | list[str], *, validating: bool = True) -> _Resolver:
    """A resolver with the core routes, authentication, the error shapes and the routers
    of ``modules``, of the validating or the light kind (:mod:`wakeful.api.routing`)."""
    resolver = _Resolver(enable_validation=validating)
    resolver.use([_authenticate])
    _error_handlers(resolver)
    routers = [core]
    routers.extend(importlib.import_module(name).router for name in modules)
    for router in routers:
        routing.register(resolver, router, validating=validating)
    resolver.routers = tuple(routers)
    if not validating:
        resolver.validating = lambda: _resolver(tuple(modules), validating=True)
    return resolver


_resolvers: dict[tuple[tuple[str, ...], bool], _Resolver] = {}
_building = threading.Lock()


def _resolver(modules: tuple[str, ...], *, validating: bool) -> _Resolver:
    key = (modules, validating)
    found = _resolvers.get(key)
    if found is None:
        with _building:
            found = _resolvers.get(key)
            if found is None:
                found = _resolvers[key] = build(modules, validating=validating)
    return found


ALL_ROUTES = tuple(ROUTER_MODULES)


def _full() -> _Resolver:
    return _resolver(ALL_ROUTES, validating=True)


def resolver_for(path: str) -> _Resolver:
    """The resolver that serves ``path``: light, handing to the validating one what it
    does not serve itself (built on first use)."""
    modules = ROUTE_KEYS.get(route_key(path))
    return _resolver(ALL_ROUTES if modules is None else modules, validating=False)


def resolve(event: dict[str, Any], context: Any) -> dict[str, Any]:
    """Serve one API Gateway proxy event with the resolver for its path."""
    return resolver_for(event.get("path") or "/").resolve(event, context)


def __getattr__(name: str) -> Any:
    if name == "app":  # every route (the OpenAPI document, route listings in tests)
        return _full()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
