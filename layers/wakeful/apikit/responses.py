"""What the API answers, typed: the base of every response model.

Response models describe the JSON the routes already send; they document it (the
OpenAPI document, and the clients generated from it) and do not validate it on the way
out. Routes name them (``ok("Agent")``, :mod:`wakeful.apikit.routing`); they load when the
OpenAPI document or a validated request needs them, and ``defer_build`` keeps pydantic
from building a model's validator until something asks for its schema. They allow extra
fields: the API adds fields over time and a client must keep working when it does.

It also holds what the capabilities' parts of the OpenAPI document share: an error
answer in the API's shape, and the schemas of models named outside the routes.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class View(BaseModel):
    """The base of every response model."""

    model_config = ConfigDict(extra="allow", defer_build=True)


class Page(View):
    """The list shape: ``{"items": [...], "next": <cursor or null>}``."""

    next: str | None = Field(description="Pass as ?cursor= (or as documented) for the next page; null on the last page")


#: The prefix of a reference to a component schema.
REF = "#/components/schemas/"

#: What each error status means, unless an operation says more.
ERRORS = {
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


def error_response(status: int, description: str | None = None) -> dict[str, Any]:
    """An answer of ``status`` in the API's error shape (``{"error": {"code", "message"}}``)."""
    return {
        "description": description or ERRORS[status],
        "content": {"application/json": {"schema": {"$ref": f"{REF}Error"}}},
    }


def model_schemas(*models: tuple[Any, Literal["validation", "serialization"]]) -> dict[str, Any]:
    """The component schemas of pydantic ``models`` (each with the mode it is read in),
    with the schemas they nest; a ``...Doc`` model is named without its suffix."""
    schemas: dict[str, Any] = {}
    for model, mode in models:
        schema = model.model_json_schema(ref_template=REF + "{model}", mode=mode)
        schemas.update(schema.pop("$defs", {}))
        schemas[model.__name__.removesuffix("Doc")] = schema
    return schemas
