"""What the API answers, typed: the base of every response model and the ``responses=``
declarations the routes give the resolver.

Response models describe the JSON the routes already send; they document it (the
OpenAPI document, and the clients generated from it) and do not validate it on the way
out. They are light to import: ``defer_build`` keeps pydantic from building a model's
validator until something asks for its schema (the OpenAPI document, the first request
of a route). They allow extra fields: the API adds fields over time and a client must
keep working when it does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

from pydantic import BaseModel, ConfigDict, Field

if TYPE_CHECKING:
    from aws_lambda_powertools.event_handler.openapi.types import OpenAPIResponse

#: What a route passes as ``responses=`` (Powertools' own type).
Responses: TypeAlias = "dict[int, OpenAPIResponse]"

JSON = "application/json"
SSE = "text/event-stream"


class View(BaseModel):
    """The base of every response model."""

    model_config = ConfigDict(extra="allow", defer_build=True)


class Page(View):
    """The list shape: ``{"items": [...], "next": <cursor or null>}``."""

    next: str | None = Field(description="Pass as ?cursor= (or as documented) for the next page; null on the last page")


def ok(model: type[BaseModel], status: int = 200, description: str = "OK") -> Responses:
    """``responses=`` for a route that answers ``model`` as JSON with ``status``."""
    return {status: {"description": description, "content": {JSON: {"model": model}}}}


def no_content(description: str = "No content") -> Responses:
    """``responses=`` for a route that answers 204 without a body."""
    return {204: {"description": description}}


def written(
    model: type[BaseModel],
    created: str = "Created",
    again: str = "Already there (same idempotency key or member): the first one",
) -> Responses:
    """``responses=`` for a create that answers 201, or 200 when it was already done."""
    return {**ok(model, 201, created), **ok(model, 200, again)}
