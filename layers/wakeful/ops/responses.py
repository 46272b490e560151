"""Response models of the operations' routes: index, health, document, monitoring."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from wakeful.apikit.responses import Page, View


class ApiIndex(View):
    """Where to start."""

    name: str
    docs: str
    openapi: str
    message: str


class Health(View):
    """The API can read its tables."""

    status: str = Field(description="ok")


class OpenAPIDocument(View):
    """An OpenAPI 3 document."""

    openapi: str
    info: dict[str, Any]
    paths: dict[str, Any]
    components: dict[str, Any] | None = None
    servers: list[dict[str, Any]] | None = None


class ToolStats(View):
    """One tool's actions since a time."""

    tool: str
    total: int
    successful: int
    failed: int
    pending: int
    success_rate: float
    avg_execution_ms: float | None


class ToolStatsPage(Page):
    """Per tool, the busiest first."""

    items: list[ToolStats]
    since: str | None
    truncated: bool = Field(description="True when only the most recent actions were counted")
