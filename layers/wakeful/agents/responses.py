"""Response models of the agents' routes."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from wakeful.apikit.responses import Page, View


class AgentToolPolicy(View):
    """Tools the agent's threads may never call, and tools that wait for an approval."""

    deny: list[str] = Field(default_factory=list)
    require_approval: list[str] = Field(default_factory=list)


class AgentThreadTrigger(View):
    """An event that starts a thread when no sleeping thread waits for it."""

    event_type: str
    match: dict[str, Any] = Field(default_factory=dict)
    cooldown_seconds: int = 300
    coalesce: dict[str, Any] | None = Field(default=None, description="{key?, quiet_seconds, max_wait_seconds, max_events}: matching events start one thread together")


class Agent(View):
    """An agent."""

    id: str
    name: str
    alias: str
    personality: dict[str, Any] | str | None
    expertise: str | None
    focus_areas: list[str]
    heartbeat_interval_seconds: int
    is_active: bool
    preset: str | None
    wake_on_priority: int | None
    tool_policy: AgentToolPolicy | None
    notify: list[str] | None = Field(None, description="Channel targets of its notifications, schedule results and approval requests")
    budget: dict[str, Any] | None = Field(None, description="Its spend limits in USD per UTC hour, day and month, alert_at and on_exceed (docs/spend.md)")
    event_lookback_seconds: int = Field(description="How far back a heartbeat looks: older events of its window are skipped")
    next_heartbeat_at: str | None
    last_seq: int = Field(description="The seq of the last event of its log")
    processed_seq: int = Field(description="The seq up to which heartbeats have processed its log")
    created_at: str | None
    updated_at: str | None
    system_prompt: str | None
    thread_triggers: list[AgentThreadTrigger]
    max_wakes_per_thread: int
    thread_expiry_seconds: int
    max_llm_calls_per_run: int
    tools: list[str] | None = Field(description="Tools its threads may call (null: all your HTTP and Lambda tools)")
    quiet_heartbeats: int = Field(0, description="Heartbeats that found nothing to do and were counted instead of run")
    last_quiet_heartbeat_at: str | None = None
    memory_recall: int = Field(5, description="How many of its most relevant memories each run's system prompt holds")
    memory_consolidation: dict[str, Any] | None = Field(None, description="Consolidation while idle: mode, max_per_day")
    memory_cap: int = Field(500, description="The most memories it keeps")


class AgentPage(Page):
    """A page of agents, newest first."""

    items: list[Agent]
