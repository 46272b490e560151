"""Response models of the live stream's routes."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from wakeful.apikit.responses import Page, View


class StreamEventMetadata(View):
    """Where and when a stream event happened."""

    agent_id: str
    thread_id: str
    run_id: str
    created_at: str


class StreamEvent(View):
    """One event of a thread's live stream (the ``data:`` of its Server-Sent Event)."""

    id: int = Field(description="Per thread, from 1, without gaps")
    type: str = Field(description="start, text, reasoning, tool_call, tool_result, completed or error")
    content: str | None = None
    tool_name: str | None = None
    tool_call_id: str | None = None
    tool_args: dict[str, Any] | None = None
    tool_result: Any = None
    is_error: bool | None = None
    metadata: StreamEventMetadata


class StreamEventPage(Page):
    """Stream events, oldest first."""

    items: list[StreamEvent]
