"""Response models of the threads' routes."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from wakeful.apikit.responses import Page, View
from wakeful.inputs import OneOf
from wakeful.slots import thread_sources


class Thread(View):
    """A thread: an LLM loop that sleeps and wakes on time or events."""

    id: str
    agent_id: str
    status: Literal["active", "sleeping", "waiting_approval", "complete", "failed", "expired"]
    source: Annotated[str, OneOf(thread_sources)] = Field(
        description="What started it: the API (user), an event, a webhook, a schedule, or a person in a chat channel "
        "(slack, discord, telegram; source_id is the channel, attributes.origin where to answer), or a consolidation "
        "of the agent's memories (source_id is the consolidation)"
    )
    source_id: str | None
    channel: str | None
    wake_at: str | None
    wake_reason: str | None
    wake_on_events: list[Any]
    wakes: int
    context: dict[str, Any]
    summary: str | None
    error_message: str | None
    attributes: dict[str, Any]
    run_id: str | None
    created_at: str | None
    updated_at: str | None


class ThreadPage(Page):
    """A page of threads, newest first."""

    items: list[Thread]


class ThreadToolCall(View):
    """A tool call the model made."""

    id: str
    name: str
    arguments: dict[str, Any] = Field(default_factory=dict)


class ThreadMessage(View):
    """A message of a thread."""

    seq: int
    role: str = Field(description="user, assistant, tool or system")
    created_by: str = Field(description="user, agent, tool or system")
    sender_id: str | None = Field(default=None, description="Who it is from: the agent's id, your owner name for your messages, a tool's name, system, or what an interceptor gave")
    content: str
    created_at: str | None
    tool_calls: list[ThreadToolCall] | None = None
    tool_call_id: str | None = None
    tool_name: str | None = None
    is_error: bool | None = None
    event: dict[str, Any] | None = Field(default=None, description="The event this message carries, if any")


class ThreadMessagePage(Page):
    """A thread's messages, oldest first."""

    items: list[ThreadMessage]


class ThreadState(View):
    """A thread's status after a message or a wake."""

    thread_id: str
    status: str


class Approval(View):
    """A tool call waiting for an approval."""

    tool_call_id: str
    tool: str
    arguments: dict[str, Any]
    requested_at: str | None


class ApprovalPage(Page):
    """The pending approvals."""

    items: list[Approval]


class ApprovalDecision(View):
    """A decision taken on a tool call."""

    tool_call_id: str
    decision: str = Field(description="approve or deny")
    note: str | None
    thread_status: str


class RouteDecision(View):
    """How an event of the log was routed."""

    seq: int
    event_id: str
    event_type: str | None
    decision: str = Field(description="woke, started, coalesced (held to go to one run with others) or ignored")
    thread_ids: list[str]
    decided_at: str | None


class RouteDecisionPage(Page):
    """Route decisions, oldest first."""

    items: list[RouteDecision]


class AgentThreadTrigger(View):
    """An event that starts a thread when no sleeping thread waits for it."""

    event_type: str
    match: dict[str, Any] = Field(default_factory=dict)
    cooldown_seconds: int = 300
    coalesce: dict[str, Any] | None = Field(default=None, description="{key?, quiet_seconds, max_wait_seconds, max_events}: matching events start one thread together")
