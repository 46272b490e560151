"""Helpers shared by the route modules: JSON responses, the caller's owner, limits."""

from __future__ import annotations

import json
from typing import Any

from aws_lambda_powertools.event_handler.api_gateway import Response
from aws_lambda_powertools.event_handler.router import Router

from wakeful.config import get_settings
from wakeful.exceptions import UnauthorizedError

JSON = "application/json"


def respond(status: int, body: Any, headers: dict[str, str] | None = None) -> Response:
    """A JSON response."""
    text = "" if status == 204 else json.dumps(body, default=str)
    return Response(status_code=status, content_type=JSON, body=text, headers=headers)


def page(items: list[Any], next_cursor: str | None) -> dict[str, Any]:
    """The API's list shape: ``{items, next}``."""
    return {"items": items, "next": next_cursor}


def owner(router: Router) -> str:
    """The owner of the API key on this request (set by the auth middleware)."""
    value = router.context.get("owner")
    if not value:
        raise UnauthorizedError("missing or invalid API key")
    return value


def public_base_url(router: Router) -> str:
    """Where outside senders (webhook senders, chat platforms) reach this API:
    WAKEFUL_WEBHOOK_BASE_URL, else the URL this request came in on (API Gateway's domain
    and stage, or a custom domain's base path)."""
    configured = get_settings().webhook_base_url
    if configured:
        return configured
    event = router.current_event
    context: dict[str, Any] = event.raw_event.get("requestContext") or {}
    host = context.get("domainName") or event.headers.get("Host") or event.headers.get("host") or "localhost"
    full_path = context.get("path") or event.path
    prefix = full_path[: len(full_path) - len(event.path)] if full_path.endswith(event.path) else ""
    return f"https://{host}{prefix}"
