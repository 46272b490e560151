"""What the API answers, typed: the base of every response model.

Response models describe the JSON the routes already send; they document it (the
OpenAPI document, and the clients generated from it) and do not validate it on the way
out. Routes name them (``ok("Agent")``, :mod:`wakeful.apikit.routing`); they load when the
OpenAPI document or a validated request needs them, and ``defer_build`` keeps pydantic
from building a model's validator until something asks for its schema. They allow extra
fields: the API adds fields over time and a client must keep working when it does.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class View(BaseModel):
    """The base of every response model."""

    model_config = ConfigDict(extra="allow", defer_build=True)


class Page(View):
    """The list shape: ``{"items": [...], "next": <cursor or null>}``."""

    next: str | None = Field(description="Pass as ?cursor= (or as documented) for the next page; null on the last page")
