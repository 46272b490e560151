"""What the memory routes answer (see :mod:`wakeful.apikit.responses`)."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from wakeful.apikit.responses import Page, View


class MemorySource(View):
    """Where a memory came from."""

    kind: str = Field(description="thread | heartbeat | schedule | user | consolidation")
    id: str | None = Field(description="The thread, heartbeat, schedule result or consolidation; null for a person's")


class Memory(View):
    """One of an agent's memories."""

    id: str
    text: str
    tags: list[str]
    source: MemorySource
    created_at: str | None
    updated_at: str | None
    key: str | None = None
    relevance_score: float | None = None
    last_used_at: str | None = None
    score: float | None = Field(default=None, description="With ?q=: how relevant to the query")
    memory_key: str | None = None
    memory_type: str | None = None
    content: Any = None
    last_accessed_at: str | None = None


class MemoryPage(Page):
    """An agent's memories: newest first, or with ?q= the most relevant first."""

    items: list[Memory]


class MemoryChange(View):
    """One change a consolidation made."""

    op: str = Field(description="added | merged | updated | removed")
    memory_id: str
    text: str | None = None
    from_ids: list[str] | None = None


class ConsolidationSpan(View):
    """What a consolidation read: the log's seqs and the times."""

    after_seq: int
    up_to_seq: int
    from_: str | None = Field(default=None, alias="from")
    until: str | None


class Consolidation(View):
    """One consolidation run."""

    id: str
    status: str = Field(description="running | done | failed")
    trigger: str | None = Field(description="on_quiet | nightly | manual")
    span: ConsolidationSpan
    thread_id: str | None
    changes: list[MemoryChange]
    usd: float
    started_at: str | None
    completed_at: str | None
    error: str | None = None


class ConsolidationPage(Page):
    """An agent's consolidations, newest first."""

    items: list[Consolidation]


class ConsolidationStarted(View):
    """A consolidation was claimed and its run started."""

    consolidation_id: str
