"""Response models of the interceptors' routes."""

from __future__ import annotations

from pydantic import Field

from wakeful.apikit.responses import Page, View


class Interceptor(View):
    """An interceptor (never its secret)."""

    id: str
    agent_id: str
    endpoint_url: str
    events: list[str]
    timeout_ms: int
    on_failure: str = Field(description="allow or deny")
    is_active: bool
    created_at: str | None
    updated_at: str | None


class InterceptorCreated(Interceptor):
    """A new interceptor and its signing secret (shown only in this answer)."""

    secret: str


class InterceptorPage(Page):
    """A page of interceptors, newest first."""

    items: list[Interceptor]


class InterceptorCall(View):
    """One call of an interceptor."""

    id: str
    event_id: str
    event_type: str
    thread_id: str | None
    decision: str = Field(description="continue, mutate, respond, deny or failed")
    latency_ms: float | None
    status_code: int | None
    called_at: str | None
    error: str | None = None
    on_failure: str | None = None


class InterceptorCallPage(Page):
    """An interceptor's calls, newest first."""

    items: list[InterceptorCall]


class AgentToolPolicy(View):
    """Tools the agent's threads may never call, and tools that wait for an approval."""

    deny: list[str] = Field(default_factory=list)
    require_approval: list[str] = Field(default_factory=list)
