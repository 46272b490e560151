"""The resolver the API's routes are served by, and the API's error shape.

:class:`Resolver` is Powertools' REST resolver with a first look at every body
(:mod:`wakeful.apikit.screen`) and the security headers on every answer; :func:`build`
puts routers on one, light or validating (:mod:`wakeful.apikit.routing`), with the
middlewares it is given (the API's bearer-key check: :mod:`wakeful.api.app`) and
:func:`error_handlers`: every error is ``{"error": {"code", "message"}}``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from aws_lambda_powertools.event_handler.api_gateway import APIGatewayRestResolver

from wakeful.apikit import routing
from wakeful.apikit.common import respond
from wakeful.apikit.routing import Revalidate
from wakeful.exceptions import RateLimitedError, WakefulError

logger = logging.getLogger(__name__)


class Resolver(APIGatewayRestResolver):
    """The resolver, with a first look at the body (:mod:`wakeful.apikit.screen`) before
    routing: a body the API cannot read or store is a 4xx, whatever the route. A light
    resolver hands a request its routes do not serve themselves to its ``validating``
    resolver (:class:`wakeful.apikit.routing.Revalidate`)."""

    routers: tuple[Any, ...] = ()
    validating: Callable[[], Resolver] | None = None

    def resolve(self, event: Mapping[str, Any], context: Any) -> dict[str, Any]:
        from wakeful.apikit import screen

        try:
            screen.check(event)
        except WakefulError as problem:
            return with_security_headers(screen.error_response(problem))
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


def error(status: int, code: str, message: str, details: Any = None, headers: dict[str, str] | None = None):
    """A JSON answer in the API's error shape: ``{"error": {"code", "message"[, "details"]}}``."""
    body: dict[str, Any] = {"error": {"code": code, "message": message}}
    if details is not None:
        body["error"]["details"] = details
    return respond(status, body, headers)


_MALFORMED = {"model_attributes_type", "model_type", "dict_type", "missing"}


def error_handlers(resolver: Resolver) -> None:
    """Every error in the contract's shape."""
    from aws_lambda_powertools.event_handler.openapi.exceptions import RequestValidationError

    @resolver.exception_handler(RequestValidationError)
    def _validation_error(invalid: RequestValidationError):
        problems = invalid.errors()
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
            return error(400, "bad_request", f"the body must be a JSON object of the documented shape ({message})", details)
        return error(422, "validation_error", message, details)

    @resolver.exception_handler(WakefulError)
    def _wakeful_error(problem: WakefulError):
        headers = {"Retry-After": str(problem.retry_after)} if isinstance(problem, RateLimitedError) else None
        return error(problem.status, problem.code, problem.message, problem.details, headers)

    @resolver.exception_handler(Exception)
    def _unexpected(_: Exception):
        logger.exception("unhandled error in the API")
        request_id = (resolver.current_event.request_context.request_id or "") if resolver.current_event else ""
        return error(500, "internal_error", f"internal error (request id {request_id})")

    @resolver.not_found
    def _not_found(_: Exception):
        return error(404, "not_found", f"no route {resolver.current_event.http_method} {resolver.current_event.path}")


def build(
    routers: Sequence[Any],
    *,
    validating: bool,
    middlewares: Sequence[Callable[..., Any]] = (),
    fallback: Callable[[], Resolver] | None = None,
) -> Resolver:
    """A resolver serving ``routers``, of the validating or the light kind
    (:mod:`wakeful.apikit.routing`), behind ``middlewares``, with the error shapes; a light
    one hands what it does not serve itself to ``fallback()``."""
    resolver = Resolver(enable_validation=validating)
    resolver.use(list(middlewares))
    error_handlers(resolver)
    for router in routers:
        routing.register(resolver, router, validating=validating)
    resolver.routers = tuple(routers)
    resolver.validating = fallback
    return resolver
