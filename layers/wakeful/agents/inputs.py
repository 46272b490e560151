"""The agent routes' request bodies (pydantic), apart from :mod:`wakeful.agents.models`
so that the paths that only read agents (heartbeats, tool calls) never import pydantic."""

from __future__ import annotations

import json
from typing import Annotated, Any

from pydantic import AfterValidator, Field

from wakeful.agents.models import ALIAS_PATTERN, MAX_PERSONALITY_BYTES
from wakeful.agents.records import DEFAULT_HEARTBEAT_INTERVAL_SECONDS
from wakeful.channels.inputs import Target
from wakeful.channels.models import MAX_TARGETS
from wakeful.inputs import Body, Name, Patch, unchanged
from wakeful.interceptors.inputs import ToolPolicy
from wakeful.mcp_servers.models import ENTRY_PATTERN
from wakeful.memory.inputs import MemoryAgentFields
from wakeful.spend.inputs import BudgetIn
from wakeful.threads.inputs import ThreadTrigger
from wakeful.threads.models import TOOL_NAME_PATTERN


def _small_personality(value: dict[str, Any] | str | None) -> dict[str, Any] | str | None:
    if isinstance(value, dict) and len(json.dumps(value, default=str)) > MAX_PERSONALITY_BYTES:
        raise ValueError(f"personality is over {MAX_PERSONALITY_BYTES} bytes of JSON")
    return value


Personality = Annotated[
    dict[str, Any] | Annotated[str, Field(max_length=MAX_PERSONALITY_BYTES)] | None,
    AfterValidator(_small_personality),
]
FocusArea = Annotated[str, Field(min_length=1, max_length=200)]
NOTIFY_DOC = (
    "Channels its notifications, schedule results and approval requests go to: channel names, or "
    "name:conversation (docs/channels.md)"
)
#: An agent's ``tools`` entry: a tool's name, or an MCP server's tools (``mcp:<server>``,
#: ``mcp:<server>/<tool>``).
AgentToolName = Annotated[str, Field(pattern=f"^(?:{TOOL_NAME_PATTERN[1:-1]}|{ENTRY_PATTERN})$")]
TOOLS_DOC = (
    "Tools its threads may call (default: all your HTTP and Lambda tools): tool names, and mcp:<server> (every tool "
    "of one of your MCP servers) or mcp:<server>/<tool> (one of them), which the model sees as <server>__<tool>"
)
WAKE_ON_PRIORITY_DOC = (
    "An event with priority <= this (1 most urgent) makes a heartbeat due at once instead of at the "
    "next interval; a burst makes one heartbeat. Unset: events wait for the next heartbeat."
)


class AgentCreate(Body, MemoryAgentFields):
    """``POST /agents`` body."""

    name: Name = Field(min_length=1, max_length=100)
    alias: str = Field(pattern=ALIAS_PATTERN, description="Unique handle, used for @mentions")
    personality: Personality = None
    expertise: str | None = Field(default=None, max_length=2000)
    focus_areas: list[FocusArea] = Field(default_factory=list, max_length=50)
    heartbeat_interval_seconds: int = Field(default=DEFAULT_HEARTBEAT_INTERVAL_SECONDS, ge=10, le=7 * 24 * 3600)
    preset: str | None = Field(default=None, description='"snipin" subscribes the built-in SnipIn tools; "homelab" gives the agent the homelab tools, guidelines and thread triggers')
    system_prompt: str | None = Field(default=None, max_length=50_000, description="Guidelines and personality for its threads")
    thread_triggers: list[ThreadTrigger] | None = Field(default=None, max_length=50, description="Events that start a thread")
    max_wakes_per_thread: int | None = Field(default=None, ge=1, le=10_000, description="Default 50")
    thread_expiry_seconds: int | None = Field(default=None, ge=60, le=365 * 86400, description="How long a thread may sleep (default 604800)")
    max_llm_calls_per_run: int | None = Field(default=None, ge=1, le=500, description="Default 20")
    tools: list[AgentToolName] | None = Field(default=None, max_length=128, description=TOOLS_DOC)
    wake_on_priority: int | None = Field(default=None, ge=1, le=10, description=WAKE_ON_PRIORITY_DOC)
    tool_policy: ToolPolicy | None = Field(default=None, description="Tools its threads may not call, or only with approval")
    notify: list[Target] | None = Field(default=None, max_length=MAX_TARGETS, description=NOTIFY_DOC)
    event_lookback_seconds: int | None = Field(default=None, ge=3600, le=365 * 86400, description="How far back a heartbeat looks after a long pause: older events of its window are counted as skipped, not processed (default 604800, 7 days)")
    budget: BudgetIn | None = Field(default=None, description="Its spend limits (docs/spend.md)")


class AgentPatch(Patch, MemoryAgentFields):
    """``PATCH /agents/{id}`` body: any subset of the mutable fields. ``null`` unsets an
    optional field (back to its default); ``name``, ``focus_areas``,
    ``heartbeat_interval_seconds`` and ``is_active`` always have a value."""

    name: Name = unchanged(min_length=1, max_length=100)
    personality: Personality = None
    expertise: str | None = Field(default=None, max_length=2000)
    focus_areas: list[FocusArea] = unchanged(max_length=50, description="[] clears them")
    heartbeat_interval_seconds: int = unchanged(ge=10, le=7 * 24 * 3600)
    is_active: bool = unchanged(description="false pauses the agent's heartbeats")
    system_prompt: str | None = Field(default=None, max_length=50_000, description="Guidelines and personality for its threads")
    thread_triggers: list[ThreadTrigger] | None = Field(default=None, max_length=50, description="Events that start a thread")
    max_wakes_per_thread: int | None = Field(default=None, ge=1, le=10_000, description="Default 50")
    thread_expiry_seconds: int | None = Field(default=None, ge=60, le=365 * 86400, description="How long a thread may sleep (default 604800)")
    max_llm_calls_per_run: int | None = Field(default=None, ge=1, le=500, description="Default 20")
    tools: list[AgentToolName] | None = Field(default=None, max_length=128, description=TOOLS_DOC)
    wake_on_priority: int | None = Field(default=None, ge=1, le=10, description=WAKE_ON_PRIORITY_DOC + " null turns it off.")
    tool_policy: ToolPolicy | None = Field(default=None, description="null removes it")
    notify: list[Target] | None = Field(default=None, max_length=MAX_TARGETS, description=NOTIFY_DOC + " null: none.")
    event_lookback_seconds: int | None = Field(default=None, ge=3600, le=365 * 86400, description="How far back a heartbeat looks after a long pause: older events of its window are counted as skipped, not processed (default 604800, 7 days; null: the default)")
    budget: BudgetIn | None = Field(default=None, description="Its spend limits, replaced whole (docs/spend.md); null removes them")
