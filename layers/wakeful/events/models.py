"""Event shapes: an event to append and the stored record.

Plain records (:class:`~wakeful.structs.Struct`), so that appending an event (SQS
ingest, webhooks, the orchestrator's ``HEARTBEAT``) and reading a log never import
pydantic, a cold-start cost those paths would pay for nothing. :class:`NewEvent` still enforces the API's
rules: a value it cannot accept as given is handed to the pydantic model
:class:`wakeful.events.inputs.NewEventIn`, which coerces it as before or raises
pydantic's ``ValidationError``. ``EventIn`` (the API body) lives in
:mod:`wakeful.events.inputs`.
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, Any

from wakeful.clock import iso
from wakeful.structs import Struct

if TYPE_CHECKING:
    from wakeful.events.inputs import NewEventIn

__all__ = ["EVENT_TYPE_PATTERN", "MAX_EVENTS_PER_APPEND", "Event", "NewEvent"]

#: Case-sensitive: ``cpu_high`` and ``NEW_MENTION`` are both valid, and different from
#: ``CPU_HIGH``.
EVENT_TYPE_PATTERN = r"^[A-Za-z][A-Za-z0-9_]{0,99}$"
MAX_EVENTS_PER_APPEND = 90  # DynamoDB transactions take 100 items; keep room for the rest
_EVENT_TYPE = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,99}")  # fullmatch: no "$" before a newline
_FIELDS = ("event_type", "payload", "priority", "source", "metadata")


class NewEvent(Struct):
    """An event to append (the API body, an SQS message, a tool's ``new_events`` item).

    Raises:
        pydantic.ValidationError: a field breaks the rules of
            :class:`wakeful.events.inputs.NewEventIn`.
    """

    event_type: str
    payload: dict[str, Any]
    priority: int = 5
    source: str = "api"
    metadata: dict[str, Any] | None = None

    def __post_init__(self) -> None:
        if _plainly_valid(self):
            # Own copies of the top-level objects, as validation gave before.
            object.__setattr__(self, "payload", dict(self.payload))
            if self.metadata is not None:
                object.__setattr__(self, "metadata", dict(self.metadata))
            return
        checked = _model().model_validate({name: getattr(self, name) for name in _FIELDS})
        for name in _FIELDS:
            object.__setattr__(self, name, getattr(checked, name))

    @classmethod
    def model_validate(cls, data: dict[str, Any]) -> NewEvent:
        """Build from a mapping, refusing unknown keys (``ValidationError``)."""
        checked = _model().model_validate(data)
        return cls(**{name: getattr(checked, name) for name in _FIELDS})

    def model_dump(self, mode: str = "python") -> dict[str, Any]:
        """The fields as a dict; ``mode="json"`` gives JSON-ready values (as pydantic
        would serialise them: the idempotency fingerprint of a body is built from it)."""
        fields = {name: getattr(self, name) for name in _FIELDS}
        if mode == "json" and not _json_ready(fields):
            return _model().model_validate(fields).model_dump(mode="json")
        return fields


def _model() -> type[NewEventIn]:
    from wakeful.events.inputs import NewEventIn

    return NewEventIn


def _plainly_valid(event: NewEvent) -> bool:
    """True if every field is of its exact type and within its rules (nothing to coerce)."""
    return (
        type(event.event_type) is str
        and _EVENT_TYPE.fullmatch(event.event_type) is not None
        and _str_keyed(event.payload)
        and type(event.priority) is int
        and 1 <= event.priority <= 10
        and type(event.source) is str
        and 1 <= len(event.source) <= 100
        and (event.metadata is None or _str_keyed(event.metadata))
    )


def _str_keyed(value: Any) -> bool:
    return type(value) is dict and all(type(key) is str for key in value)


def _json_ready(value: Any) -> bool:
    """True if ``value`` is made of JSON types only (str keys, finite floats)."""
    kind = type(value)
    if kind is dict:
        return all(type(key) is str and _json_ready(item) for key, item in value.items())
    if kind is list:
        return all(_json_ready(item) for item in value)
    if kind is float:
        return math.isfinite(value)
    return value is None or kind in (str, int, bool)


class Event(Struct):
    """A stored event (immutable)."""

    id: str
    agent_id: str
    seq: int
    event_type: str
    payload: dict[str, Any]
    priority: int
    source: str
    created_at: str
    metadata: dict[str, Any] | None = None
    parent_action_id: str | None = None

    @classmethod
    def from_item(cls, item: dict[str, Any]) -> Event:
        """Build from a DynamoDB item of the events table."""
        return cls(
            id=item["event_id"],
            agent_id=item["agent_id"],
            seq=item["seq"],
            event_type=item["event_type"],
            payload=item.get("payload") or {},
            priority=item.get("priority", 5),
            source=item.get("source", "api"),
            metadata=item.get("metadata"),
            created_at=iso(item["created_at"]) or "",
            parent_action_id=item.get("parent_action_id"),
        )

    def public(self) -> dict[str, Any]:
        """The API shape."""
        return {
            "id": self.id,
            "seq": self.seq,
            "event_type": self.event_type,
            "payload": self.payload,
            "priority": self.priority,
            "source": self.source,
            "metadata": self.metadata,
            "created_at": self.created_at,
            "parent_action_id": self.parent_action_id,
        }
