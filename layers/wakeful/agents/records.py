"""The agent record: the item of the agents table as a frozen record.

:class:`Agent` is read by most packages (heartbeats, threads, interceptors, hooks ...);
only :mod:`wakeful.agents.repository` writes it. ``from_item`` / ``to_item`` / ``public``
are its item and API views; ``agent_context`` is what a tool receives.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self

from wakeful import clock
from wakeful.agents import slots
from wakeful.items import item_of, opt_float, opt_int, opt_strings, value_or
from wakeful.structs import Struct

#: Attributes an item carries only once they are set: left out of :meth:`Agent.to_item`
#: at their default (``routes_events`` above all: appends ask ``attribute_not_exists``).
_SPARSE = frozenset({"routes_events", "running_threads", "subs_version", "hooks_version", "quiet_heartbeats"})
DEFAULT_HEARTBEAT_INTERVAL_SECONDS = 900
#: A heartbeat skips the events of its window older than this (7 days), by default.
DEFAULT_EVENT_LOOKBACK_SECONDS = 7 * 86400


class Agent(Struct):
    """An agent item (a :class:`~wakeful.structs.Struct`: every cold start defines it).
    Times are epoch seconds; ``None`` is an attribute the item does
    not have (``heartbeat_tools`` and ``hook_types`` stay ``None`` until first computed;
    ``tools`` ``None`` means every HTTP and Lambda tool of the owner)."""

    agent_id: str
    owner: str
    name: str
    alias: str
    heartbeat_interval_seconds: int
    personality: Any = None
    expertise: str | None = None
    focus_areas: tuple[str, ...] = ()
    is_active: bool = True
    preset: str | None = None
    wake_on_priority: int | None = None
    tool_policy: Mapping[str, Any] | None = None
    #: Channel targets of its notifications, schedule results and approval requests.
    notify: tuple[str, ...] | None = None
    #: How far back a heartbeat looks (None: :data:`DEFAULT_EVENT_LOOKBACK_SECONDS`).
    event_lookback_seconds: int | None = None
    #: Its spend limits (the spend guard's ``budget``), None: none of its own.
    budget: Mapping[str, Any] | None = None
    # The log and its heartbeats.
    last_seq: int = 0
    processed_seq: int = 0
    active_heartbeat_id: str | None = None
    requested_heartbeat_id: str | None = None
    next_heartbeat_at: float | None = None
    last_heartbeat: Mapping[str, Any] | None = None
    quiet_heartbeats: int = 0
    last_quiet_heartbeat_at: float | None = None
    #: ``{month, count}``: its quiet heartbeats before the first of ``month`` (UTC
    #: ``YYYY-MM``); those of the month are the count since. None: none counted yet.
    quiet_base: Mapping[str, Any] | None = None
    created_at: float | None = None
    updated_at: float | None = None
    # Flags other capabilities keep on the agent.
    heartbeat_tools: tuple[str, ...] | None = None
    subs_version: int = 0
    hook_types: tuple[str, ...] | None = None
    hooks_version: int = 0
    # Threads and interceptors.
    routes_events: bool = False
    running_threads: frozenset[str] = frozenset()
    active_interceptor_id: str | None = None
    system_prompt: str | None = None
    thread_triggers: tuple[Mapping[str, Any], ...] = ()
    max_wakes_per_thread: int | None = None
    thread_expiry_seconds: int | None = None
    max_llm_calls_per_run: int | None = None
    tools: tuple[str, ...] | None = None
    # Memory: how many memories a run's prompt holds, consolidation, the cap.
    memory_recall: int | None = None
    memory_consolidation: Mapping[str, Any] | None = None
    memory_cap: int | None = None

    @classmethod
    def from_item(cls, item: Mapping[str, Any]) -> Self:
        """Build from an agent item (as :mod:`wakeful.ddb` reads it); an attribute an
        older version did not write, or that holds null, takes its default (an agent
        without a name shows its alias), so that a damaged item still reads and can be
        patched whole again."""
        alias = value_or(item, "alias", "")
        return cls(
            agent_id=item["agent_id"],
            owner=value_or(item, "owner", ""),
            name=value_or(item, "name", alias),
            alias=alias,
            heartbeat_interval_seconds=int(value_or(item, "heartbeat_interval_seconds", DEFAULT_HEARTBEAT_INTERVAL_SECONDS)),
            personality=item.get("personality"),
            expertise=item.get("expertise"),
            focus_areas=tuple(item.get("focus_areas") or ()),
            is_active=bool(value_or(item, "is_active", True)),
            preset=item.get("preset"),
            wake_on_priority=opt_int(item.get("wake_on_priority")),
            tool_policy=item.get("tool_policy"),
            notify=opt_strings(item.get("notify")),
            event_lookback_seconds=opt_int(item.get("event_lookback_seconds")),
            budget=item.get("budget"),
            last_seq=int(value_or(item, "last_seq", 0)),
            processed_seq=int(value_or(item, "processed_seq", 0)),
            active_heartbeat_id=item.get("active_heartbeat_id"),
            requested_heartbeat_id=item.get("requested_heartbeat_id"),
            next_heartbeat_at=opt_float(item.get("next_heartbeat_at")),
            last_heartbeat=item.get("last_heartbeat"),
            quiet_heartbeats=int(value_or(item, "quiet_heartbeats", 0)),
            last_quiet_heartbeat_at=opt_float(item.get("last_quiet_heartbeat_at")),
            quiet_base=item.get("quiet_base"),
            created_at=opt_float(item.get("created_at")),
            updated_at=opt_float(item.get("updated_at")),
            heartbeat_tools=opt_strings(item.get("heartbeat_tools")),
            subs_version=int(value_or(item, "subs_version", 0)),
            hook_types=opt_strings(item.get("hook_types")),
            hooks_version=int(value_or(item, "hooks_version", 0)),
            routes_events=bool(value_or(item, "routes_events", False)),
            running_threads=frozenset(item.get("running_threads") or ()),
            active_interceptor_id=item.get("active_interceptor_id"),
            system_prompt=item.get("system_prompt"),
            thread_triggers=tuple(item.get("thread_triggers") or ()),
            max_wakes_per_thread=opt_int(item.get("max_wakes_per_thread")),
            thread_expiry_seconds=opt_int(item.get("thread_expiry_seconds")),
            max_llm_calls_per_run=opt_int(item.get("max_llm_calls_per_run")),
            tools=opt_strings(item.get("tools")),
            memory_recall=opt_int(item.get("memory_recall")),
            memory_consolidation=item.get("memory_consolidation"),
            memory_cap=opt_int(item.get("memory_cap")),
        )

    @classmethod
    def from_context(cls, context: Mapping[str, Any], hook_types: Any = None) -> Self:
        """The agent as an action carries it (its ``agent_context`` and ``hook_types``):
        enough to fire its hooks without reading the agent; every other field is at its
        default."""
        return cls(
            agent_id=str(context.get("agent_id") or ""),
            owner=context.get("owner") or "",
            name=context.get("name") or "",
            alias=context.get("alias") or "",
            heartbeat_interval_seconds=0,
            personality=context.get("personality"),
            expertise=context.get("expertise"),
            focus_areas=tuple(context.get("focus_areas") or ()),
            preset=context.get("preset"),
            system_prompt=context.get("system_prompt"),
            hook_types=opt_strings(hook_types),
        )

    def to_item(self) -> dict[str, Any]:
        """The item to write: ``None`` attributes, and sparse ones at their default, are
        left out; tuples are lists, ``running_threads`` a string set."""
        return item_of(self, _SPARSE)

    def event_lookback(self) -> int:
        """How far back, in seconds, a heartbeat looks: older events of its window are
        skipped (after a long pause the agent is not buried under its backlog)."""
        return self.event_lookback_seconds or DEFAULT_EVENT_LOOKBACK_SECONDS

    def public(self) -> dict[str, Any]:
        """The API view of the agent: its own fields, and those the installed
        capabilities declare (:mod:`wakeful.agents.slots`), each as its owner shows it."""
        return {
            "id": self.agent_id,
            "name": self.name,
            "alias": self.alias,
            "personality": self.personality,
            "expertise": self.expertise,
            "focus_areas": list(self.focus_areas),
            "is_active": self.is_active,
            "preset": self.preset,
            "next_heartbeat_at": clock.iso(self.next_heartbeat_at),
            "last_seq": self.last_seq,
            "processed_seq": self.processed_seq,
            # Heartbeats that found nothing to do and were counted instead of run.
            "quiet_heartbeats": self.quiet_heartbeats,
            "last_quiet_heartbeat_at": clock.iso(self.last_quiet_heartbeat_at),
            "created_at": clock.iso(self.created_at),
            "updated_at": clock.iso(self.updated_at),
            **slots.views(self),
        }

    def agent_context(self) -> dict[str, Any]:
        """The ``agent_context`` a tool receives (the Base Tool Interface): the agent's
        profile, its ``system_prompt`` (None when it has none) and its ``preset``. What
        the tool request adds when it is built is in :mod:`wakeful.tools.requests`."""
        return {
            "agent_id": self.agent_id,
            "owner": self.owner or None,
            "name": self.name,
            "alias": self.alias,
            "personality": self.personality,
            "expertise": self.expertise,
            "focus_areas": list(self.focus_areas),
            "system_prompt": self.system_prompt,
            "preset": self.preset,
        }

    def llm_context(self) -> dict[str, Any]:
        """What a thread's model conversation knows of the agent: its ``agent_context``,
        whose preset and agent id pick a scripted conversation."""
        return self.agent_context()
