"""Helpers shared by the route modules: JSON responses, the caller's owner, limits."""

from __future__ import annotations

import json
from typing import Any

from aws_lambda_powertools.event_handler.api_gateway import Response
from aws_lambda_powertools.event_handler.router import Router

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
