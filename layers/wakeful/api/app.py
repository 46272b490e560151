"""The API app, the composition root: every capability's routes on resolvers (built
with :mod:`wakeful.apikit.resolver`), behind bearer-key authentication, and the core
routes (``/``, ``/health``, ``/openapi.json``, ``/docs``).

Every route but the public ones needs ``Authorization: Bearer <api key>``; the key's
owner is put in the request context and every service call is scoped to it
(tenants are isolated). Errors are ``{"error": {"code", "message"}}``.

Cold starts: a request loads only the route modules that can serve its path.
:data:`ROUTE_KEYS` maps a path's key (its first segment; ``agents/<x>`` for
``/agents/{id}/<x>/...``) to those modules, and :func:`resolve` builds the key's light
resolver on first use (then keeps it), and its validating one when a request first needs
it (:mod:`wakeful.apikit.routing`). A path whose key is not listed is served by the
resolvers with every module (correct, only slower to start); a unit test checks that
every route of every module is listed. ``app`` (every route, validating: the OpenAPI
document, tests) is built on first access.
"""

from __future__ import annotations

import importlib
import threading
from typing import Any

from wakeful import assembly, capabilities
from wakeful.apikit import routing
from wakeful.apikit.common import respond
from wakeful.apikit.resolver import Resolver, error
from wakeful.apikit.resolver import build as build_resolver  # the kit's; build() below adds this API's routes
from wakeful.apikit.routing import JSON, ok
from wakeful.auth import keys

# The API app is an entry point: the capabilities' routes are known before ROUTE_KEYS below.
assembly.install()

PUBLIC_ROUTES = {("GET", "/"), ("GET", "/health"), ("GET", "/openapi.json"), ("GET", "/docs")}
#: The web console's page and files hold no secret: it asks for a key and sends it itself.
PUBLIC_GET_PREFIXES = ("/console",)

#: The route modules, each exposing ``router``, imported when a path first needs them
#: (an import error is an error): those the installed manifests declare
#: (:mod:`wakeful.capabilities`), in the package order.
ROUTER_MODULES = list(capabilities.route_modules())

#: Route modules by path key (see the module docstring): the core routes' keys (``/``,
#: ``/health``, ``/openapi.json``, ``/docs``: on every resolver), then the keys the
#: installed manifests declare (a key two capabilities share is served by both).
ROUTE_KEYS: dict[str, tuple[str, ...]] = {
    "": (),
    "health": (),
    "openapi.json": (),
    "docs": (),
    **capabilities.route_keys(),
}


def route_key(path: str) -> str:
    """The key of a request path (or a route's rule) in :data:`ROUTE_KEYS`."""
    parts = path.strip("/").split("/")
    if parts[0] == "agents" and len(parts) > 2:
        return f"agents/{parts[2]}"
    return parts[0]


def _authenticate(resolver: Resolver, next_middleware: Any) -> Any:
    event = resolver.current_event
    if is_public(event.http_method.upper(), event.path):
        return next_middleware(resolver)
    header = event.headers.get("Authorization") or event.headers.get("authorization") or ""
    scheme, _, token = header.partition(" ")
    owner = keys.owner_of(token.strip()) if scheme.lower() == "bearer" and token.strip() else None
    if owner is None:
        return error(401, "unauthorized", "missing or invalid API key: send Authorization: Bearer <api key>")
    resolver.append_context(owner=owner)
    return next_middleware(resolver)


def is_public(method: str, path: str) -> bool:
    """Whether a route (a request path, or a route's path template) needs no API key."""
    if (method, path) in PUBLIC_ROUTES:
        return True
    return method == "GET" and any(path == prefix or path.startswith(f"{prefix}/") for prefix in PUBLIC_GET_PREFIXES)


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
    from wakeful.api.openapi import document  # the generated document, completed

    return respond(200, document(_full(), server_url=_server_url(core)))


@core.get(
    "/docs",
    summary="Swagger UI for this API (?format=json: the OpenAPI document)",
    tags=["operations"],
    include_in_schema=False,
)
def docs():
    from aws_lambda_powertools.event_handler.api_gateway import Response

    from wakeful.api.openapi import document, swagger_headers, swagger_html

    doc = document(_full(), server_url=_server_url(core))
    wanted = (core.current_event.query_string_parameters or {}).get("format", "html").lower()
    if wanted == "json":
        return respond(200, doc)
    if wanted != "html":
        return error(400, "bad_request", "format must be html (Swagger UI, the default) or json (the OpenAPI document)")
    html = swagger_html(doc)
    return Response(200, "text/html; charset=utf-8", html, headers=swagger_headers(html))


def build(modules: tuple[str, ...] | list[str], *, validating: bool = True) -> Resolver:
    """A resolver with the core routes, authentication, the error shapes and the routers
    of ``modules``, of the validating or the light kind (:mod:`wakeful.apikit.routing`)."""
    routers = [core, *(importlib.import_module(name).router for name in modules)]
    fallback = None if validating else (lambda: _resolver(tuple(modules), validating=True))
    return build_resolver(routers, validating=validating, middlewares=[_authenticate], fallback=fallback)


_resolvers: dict[tuple[tuple[str, ...], bool], Resolver] = {}
_building = threading.Lock()


def _resolver(modules: tuple[str, ...], *, validating: bool) -> Resolver:
    key = (modules, validating)
    found = _resolvers.get(key)
    if found is None:
        with _building:
            found = _resolvers.get(key)
            if found is None:
                found = _resolvers[key] = build(modules, validating=validating)
    return found


ALL_ROUTES = tuple(ROUTER_MODULES)


def _full() -> Resolver:
    return _resolver(ALL_ROUTES, validating=True)


def resolver_for(path: str) -> Resolver:
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
