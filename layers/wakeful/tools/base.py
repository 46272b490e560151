"""The tool contract: a tool receives a
:class:`ToolRequest` and answers a :class:`ToolResponse`."""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from wakeful.events.models import EVENT_TYPE_PATTERN

MAX_NEW_EVENTS = 50


class ToolEvent(BaseModel):
    """The event that triggered the action."""

    id: str
    type: str
    payload: dict[str, Any]
    priority: int
    seq: int
    created_at: str


class ToolCallRef(BaseModel):
    """The model's call of a tool from a thread."""

    id: str
    name: str
    arguments: dict[str, Any]


class ToolRequest(BaseModel):
    """What a tool is given. ``action_id`` is its idempotency key: the same action may
    be sent again after a failure, and its side effects must happen once. A heartbeat's
    action carries the ``event``; a thread's tool call carries ``thread_id`` and
    ``tool_call`` instead."""

    action_id: str
    event: ToolEvent | None = None
    thread_id: str | None = None
    tool_call: ToolCallRef | None = None
    agent_context: dict[str, Any]
    tool_config: dict[str, Any] = Field(default_factory=dict)

    def wire(self) -> dict[str, Any]:
        """The JSON body sent to the tool (without the fields of the other kind)."""
        body = self.model_dump()
        for name in ("event", "thread_id", "tool_call"):
            if body.get(name) is None:
                body.pop(name, None)
        return body


class ToolNewEvent(BaseModel):
    """An event a tool asks to append to the agent's log."""

    model_config = ConfigDict(extra="forbid")

    event_type: str = Field(pattern=EVENT_TYPE_PATTERN)
    payload: dict[str, Any] = Field(default_factory=dict)
    priority: int = Field(default=5, ge=1, le=10)


class ToolResponse(BaseModel):
    """What a tool answers."""

    success: bool
    output: Any = None
    new_events: list[ToolNewEvent] = Field(default_factory=list, max_length=MAX_NEW_EVENTS)
    error: str | None = None
    usage_stats: dict[str, Any] | None = None

    def recorded(self) -> dict[str, Any]:
        """What an action keeps of the answer (its ``response_meta``): all of it but the
        new events' payloads, which are in the log (under the action's id as their
        ``parent_action_id``) and would not fit one item beside the rest."""
        kept = self.model_dump(mode="json", exclude={"new_events"})
        kept["new_events"] = [{"event_type": e.event_type, "priority": e.priority} for e in self.new_events]
        return kept


def upper_snake(name: str) -> str:
    """``SnipCreate`` -> ``SNIP_CREATE``; ``my-tool`` -> ``MY_TOOL``."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name)
    return re.sub(r"[^A-Za-z0-9]+", "_", spaced).strip("_").upper()


class BaseTool(ABC):
    """A tool. Subclasses set ``name`` and ``description`` and implement :meth:`run`."""

    name: ClassVar[str]
    description: ClassVar[str] = ""
    kind: ClassVar[str] = "builtin"
    #: Suffix of the BEFORE_/AFTER_ hook types; SnipIn's are named in docs/hooks.md (SNIP_CREATE, LIKE…).
    hook_suffix: ClassVar[str | None] = None
    #: The event types the tool handles, and a prefix of more (none declared: any event).
    #: A subscription of the tool to another event type is refused.
    handles: ClassVar[tuple[str, ...]] = ()
    handles_prefix: ClassVar[str | None] = None

    def accepts(self, event_type: str) -> bool:
        """Whether this tool knows what to do with ``event_type``."""
        if not self.handles and not self.handles_prefix:
            return True
        return event_type in self.handles or bool(self.handles_prefix and event_type.startswith(self.handles_prefix))

    def handled(self) -> list[str]:
        """The event types it handles, a prefix as ``PREFIX*`` (empty: any)."""
        return list(self.handles) + ([f"{self.handles_prefix}*"] if self.handles_prefix else [])

    def hook_name(self) -> str:
        """The ``<X>`` in ``BEFORE_<X>`` / ``AFTER_<X>``."""
        return self.hook_suffix or upper_snake(self.name)

    @abstractmethod
    def run(self, request: ToolRequest) -> ToolResponse:
        """Execute the tool. Raise or answer ``success: false`` to fail the action."""

    def after_hook(self, response: ToolResponse) -> tuple[dict[str, Any] | None, dict[str, Any]]:
        """What ``AFTER_<X>`` says of ``response`` beyond every tool's fields: the
        payload's ``data`` instead of them (None: those fields), and what its ``context``
        adds. A tool that makes something says so here (SnipCreate: the created snip and
        its decision's reasoning); by default, nothing."""
        return None, {}

    def describe(self) -> dict[str, Any]:
        """The ``GET /tools`` view."""
        return {"name": self.name, "kind": self.kind, "description": self.description, "builtin": True}
