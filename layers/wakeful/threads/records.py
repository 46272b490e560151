"""Thread statuses, defaults, ids, and the thread as a frozen record with its views.

A thread item (table ``threads``, key ``agent_id`` + ``thread_id``) holds the thread's
state between runs; its messages are items of their own (``thread_messages``, key
``thread_id`` + ``seq``), so a long history never outgrows an item.

:class:`Thread` is that item as a frozen record (``from_item`` / ``to_item`` /
``public``), with the typed parts of a run: its current step (:class:`StepSpec`), the
tool calls waiting for a person (:class:`Approval`), the messages that arrived while it
ran (:class:`InboxEntry`) and the events a sleeping thread waits for (:class:`Wait`).
Only :mod:`wakeful.threads.repository` reads and writes it; everyone else gets and
passes the record. :class:`ThreadKey` and :class:`WaitingThread` are what the keys-only
indexes (``thread-due``, ``waiting``) give.
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Iterable, Mapping
from dataclasses import MISSING, dataclass, field, fields, replace
from typing import Any, Self

from wakeful import clock, ids
from wakeful.items import opt_float, opt_int, value_or

ACTIVE = "active"
SLEEPING = "sleeping"
WAITING_APPROVAL = "waiting_approval"
COMPLETE = "complete"
FAILED = "failed"
EXPIRED = "expired"
STATUSES = (ACTIVE, SLEEPING, WAITING_APPROVAL, COMPLETE, FAILED, EXPIRED)
ENDED = (COMPLETE, FAILED, EXPIRED)

#: Sources of runs that act on nothing outside the agent (a memory consolidation): they
#: are offered only the meta tools capabilities add, and ``complete_task``.
INWARD_SOURCES = ("consolidation",)

CHANNELS = ("heartbeat", "scheduled")

# Due-index kinds: a sleeping thread's timer, an expiry, a running step's lease, and a
# run that waits to be admitted (its agent paused: see wakeful.slots.ADMISSION).
DUE_WAKE = "wake"
DUE_EXPIRE = "expire"
DUE_LEASE = "lease"
DUE_ADMIT = "admit"

# Step kinds: a message (``MessageEvent``) or the tool calls of an assistant message.
MESSAGE_STEP = "message"
TOOL_CALL_STEP = "tool_call"

DEFAULT_MAX_WAKES = 50
DEFAULT_EXPIRY_SECONDS = 604800
DEFAULT_MAX_LLM_CALLS = 20
DEFAULT_TRIGGER_COOLDOWN = 300
#: A run that takes more steps than this fails (an interceptor answering forever).
MAX_STEPS_PER_RUN = 400
#: Messages the model sees at most; older ones stay in the API, not in the prompt.
MAX_PROMPT_MESSAGES = 80

_THREAD_NAMESPACE = uuid.UUID("0b9a3d1e-54c4-4b8e-8f67-3f3c1b8a9d20")


#: The due-index shard of a thread.
shard_of = ids.shard_of


def new_thread_id(at: float | None = None) -> str:
    """A new time-ordered thread id."""
    return ids.new_id("thr", at)


def derived_thread_id(at: float, *parts: str) -> str:
    """A thread id that is the same every time it is derived from ``parts`` (a router
    redelivery starts the same thread, not a second one) and still time-ordered."""
    millis = int(at * 1000)
    tail = int.from_bytes(hashlib.sha256(":".join(parts).encode()).digest()[:10], "big")
    value = (millis << 80) | tail
    alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
    chars = []
    for _ in range(26):
        chars.append(alphabet[value & 31])
        value >>= 5
    return "thr_" + "".join(reversed(chars))


def action_id(thread_id: str, tool_call_id: str) -> str:
    """The action of one thread tool call (stable: its idempotency key)."""
    return "act_" + uuid.uuid5(_THREAD_NAMESPACE, f"{thread_id}:{tool_call_id}").hex


def step_key(run_id: str, step_no: int, attempt: int = 0) -> str:
    """The identity of one step of a run (and of a re-send of it)."""
    return f"{run_id}:{step_no}:{attempt}"


# -- the typed parts of a thread -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Wait:
    """An event a sleeping thread waits for: its type, and payload fields that must be
    equal (top-level)."""

    event_type: str
    match: Mapping[str, Any] = field(default_factory=dict)
    #: Matching events are held and wake the thread together (``{key?, quiet_seconds, ...}``).
    coalesce: Mapping[str, Any] | None = None

    @classmethod
    def from_item(cls, item: Any) -> Self:
        """From ``{event_type, match, coalesce?}`` (or a bare event type, as a wait may be given)."""
        if isinstance(item, str):
            return cls(item)
        return cls(str(value_or(item, "event_type", "")), item.get("match") or {}, item.get("coalesce") or None)

    def to_item(self) -> dict[str, Any]:
        item = {"event_type": self.event_type, "match": dict(self.match)}
        if self.coalesce:
            item["coalesce"] = dict(self.coalesce)
        return item

    def matches(self, event_type: str, payload: Mapping[str, Any]) -> bool:
        """Whether an event of ``event_type`` with ``payload`` satisfies this wait."""
        return self.event_type == event_type and all(key in payload and payload[key] == value for key, value in self.match.items())


def waits_of(items: Iterable[Any] | None) -> tuple[Wait, ...]:
    """Waits from their item form (a list of ``{event_type, match}``)."""
    return tuple(Wait.from_item(item) for item in items or ())


@dataclass(frozen=True, slots=True)
class Waits:
    """What a thread that goes to sleep waits for: ``events`` after log position
    ``after_seq``, under the wait's id (the run that set it)."""

    events: tuple[Wait, ...]
    after_seq: int
    wait_id: str


@dataclass(frozen=True, slots=True)
class StepSpec:
    """The step a run is at: the message at ``seq`` (``first``..``seq`` when a step
    takes several, e.g. tool results or inbox messages), or the tool calls of the
    assistant message at ``seq``; ``resume`` when it goes on after approvals."""

    kind: str
    seq: int
    first: int | None = None
    resume: bool = False

    @classmethod
    def message(cls, seq: int, first: int | None = None) -> Self:
        """A message step over ``first``..``seq`` (just ``seq`` by default)."""
        return cls(MESSAGE_STEP, seq, seq if first is None else first)

    @classmethod
    def tool_call(cls, seq: int) -> Self:
        """The tool calls of the assistant message at ``seq``."""
        return cls(TOOL_CALL_STEP, seq)

    @classmethod
    def from_item(cls, item: Mapping[str, Any]) -> Self:
        return cls(
            kind=str(value_or(item, "kind", MESSAGE_STEP)),
            seq=int(value_or(item, "seq", 0)),
            first=opt_int(item.get("first")),
            resume=bool(item.get("resume")),
        )

    def to_item(self) -> dict[str, Any]:
        item: dict[str, Any] = {"kind": self.kind, "seq": self.seq}
        if self.first is not None:
            item["first"] = self.first
        if self.resume:
            item["resume"] = True
        return item

    @property
    def first_seq(self) -> int:
        """The first message of the step."""
        return self.seq if self.first is None else self.first


@dataclass(frozen=True, slots=True)
class Approval:
    """A tool call waiting for a person (``decision`` None), or decided."""

    tool_call_id: str
    tool: str
    arguments: Mapping[str, Any] = field(default_factory=dict)
    requested_at: float | None = None
    decision: str | None = None
    note: str | None = None
    decided_at: float | None = None
    #: Who decided, when known (the API key's owner, a chat platform's user).
    decided_by: str | None = None

    @classmethod
    def from_item(cls, tool_call_id: str, item: Mapping[str, Any]) -> Self:
        return cls(
            tool_call_id=tool_call_id,
            tool=str(value_or(item, "tool", "")),
            arguments=item.get("arguments") or {},
            requested_at=opt_float(item.get("requested_at")),
            decision=item.get("decision"),
            note=item.get("note"),
            decided_at=opt_float(item.get("decided_at")),
            decided_by=item.get("decided_by"),
        )

    def to_item(self) -> dict[str, Any]:
        """Its entry in the thread's ``approvals`` map (keyed by the tool call id)."""
        item = {
            "tool": self.tool,
            "arguments": dict(self.arguments),
            "requested_at": self.requested_at,
            "decision": self.decision,
            "note": self.note,
            "decided_at": self.decided_at,
            "decided_by": self.decided_by,
        }
        return {k: v for k, v in item.items() if v is not None}

    def public(self) -> dict[str, Any]:
        """The API view of a pending approval."""
        return {"tool_call_id": self.tool_call_id, "tool": self.tool, "arguments": dict(self.arguments), "requested_at": clock.iso(self.requested_at)}


@dataclass(frozen=True, slots=True)
class InboxEntry:
    """A message that arrived while the thread ran (it continues the run when it would end)."""

    content: str
    created_by: str = "user"
    event: Mapping[str, Any] | None = None
    at: float | None = None

    @classmethod
    def from_item(cls, item: Mapping[str, Any]) -> Self:
        return cls(str(item.get("content") or ""), str(value_or(item, "created_by", "user")), item.get("event"), opt_float(item.get("at")))

    def to_item(self) -> dict[str, Any]:
        item = {"content": self.content, "created_by": self.created_by, "event": None if self.event is None else dict(self.event), "at": self.at}
        return {k: v for k, v in item.items() if v is not None}


# -- the thread ------------------------------------------------------------------------

#: Attributes a new thread's item leaves out until they are set.
_SPARSE = frozenset({"wake_on_events", "delivered_events", "deferred"})
#: Fields stored under another attribute name (the item keeps its older name).
ITEM_NAMES: Mapping[str, str] = {"prompt_mode": "channel"}


@dataclass(frozen=True, slots=True)
class Thread:
    """A thread item. Times are epoch seconds; ``None`` is an attribute the item does
    not have. The index attributes (``agent_status``, ``due_shard``, ``waits_agent``)
    follow from these fields and are the repository's to write."""

    agent_id: str
    thread_id: str
    owner: str = ""
    status: str = ACTIVE
    source: str = "user"
    source_id: str | None = None
    #: ``heartbeat`` | ``scheduled`` | None: the guidance its system prompt carries for
    #: the run (stored, and shown by the API, as ``channel``).
    prompt_mode: str | None = None
    attributes: Mapping[str, Any] = field(default_factory=dict)
    context: Mapping[str, Any] = field(default_factory=dict)
    version: int = 0
    wakes: int = 0
    created_at: float | None = None
    updated_at: float | None = None
    # The current (or last) run and its step.
    run_no: int = 0
    run_id: str | None = None
    run_started_at: float | None = None
    step: StepSpec | None = None
    step_no: int = 0
    step_key: str | None = None
    lease_attempts: int = 0
    deferred: bool = False
    last_msg_seq: int = 0
    seen_seq: int = 0
    inbox: tuple[InboxEntry, ...] = ()
    approvals: Mapping[str, Approval] = field(default_factory=dict)
    # Its entry in the due index: a running step's lease, a timer, an expiry.
    due_kind: str | None = None
    due_at: float | None = None
    # Asleep: when and why it wakes.
    wake_at: float | None = None
    wake_reason: str | None = None
    wake_on_events: tuple[Wait, ...] = ()
    wait_after_seq: int | None = None
    wait_id: str | None = None
    woken_by: Mapping[str, Any] | None = None
    delivered_events: tuple[str, ...] = ()
    # How the last run ended, and how the thread did.
    final_text: str | None = None
    run_ended_at: float | None = None
    summary: str | None = None
    error_message: str | None = None
    ended_at: float | None = None
    ended_by: str | None = None
    #: What capabilities added to the current run's system prompt, pinned for the run:
    #: ``{run_id, parts}`` (see :mod:`wakeful.threads.prompt_parts`).
    prompt_parts: Mapping[str, Any] | None = None
    #: What the turn policy said of the current run when it did not answer its first
    #: turn: ``{run_id, ...}`` (see :class:`wakeful.threads.slots.TurnVerdict`).
    turn_policy: Mapping[str, Any] | None = None

    @classmethod
    def from_item(cls, item: Mapping[str, Any]) -> Self:
        """Build from a thread item (as :mod:`wakeful.ddb` reads it); an attribute the
        item lacks, or holds null, takes its default."""
        step = item.get("step")
        return cls(
            agent_id=item["agent_id"],
            thread_id=item["thread_id"],
            owner=value_or(item, "owner", ""),
            status=value_or(item, "status", ACTIVE),
            source=value_or(item, "source", "user"),
            source_id=item.get("source_id"),
            prompt_mode=item.get(ITEM_NAMES["prompt_mode"]),
            attributes=item.get("attributes") or {},
            context=item.get("context") or {},
            version=int(value_or(item, "version", 0)),
            wakes=int(value_or(item, "wakes", 0)),
            created_at=opt_float(item.get("created_at")),
            updated_at=opt_float(item.get("updated_at")),
            run_no=int(value_or(item, "run_no", 0)),
            run_id=item.get("run_id"),
            run_started_at=opt_float(item.get("run_started_at")),
            step=StepSpec.from_item(step) if isinstance(step, Mapping) else None,
            step_no=int(value_or(item, "step_no", 0)),
            step_key=item.get("step_key"),
            lease_attempts=int(value_or(item, "lease_attempts", 0)),
            deferred=bool(item.get("deferred")),
            last_msg_seq=int(value_or(item, "last_msg_seq", 0)),
            seen_seq=int(value_or(item, "seen_seq", 0)),
            inbox=tuple(InboxEntry.from_item(entry) for entry in item.get("inbox") or ()),
            approvals={call_id: Approval.from_item(call_id, entry) for call_id, entry in (item.get("approvals") or {}).items()},
            due_kind=item.get("due_kind"),
            due_at=opt_float(item.get("due_at")),
            wake_at=opt_float(item.get("wake_at")),
            wake_reason=item.get("wake_reason"),
            wake_on_events=waits_of(item.get("wake_on_events")),
            wait_after_seq=opt_int(item.get("wait_after_seq")),
            wait_id=item.get("wait_id"),
            woken_by=item.get("woken_by"),
            delivered_events=tuple(item.get("delivered_events") or ()),
            final_text=item.get("final_text"),
            run_ended_at=opt_float(item.get("run_ended_at")),
            summary=item.get("summary"),
            error_message=item.get("error_message"),
            ended_at=opt_float(item.get("ended_at")),
            ended_by=item.get("ended_by"),
            prompt_parts=item.get("prompt_parts"),
            turn_policy=item.get("turn_policy"),
        )

    def to_item(self) -> dict[str, Any]:
        """The item to write (the repository adds the index attributes): ``None``
        attributes, and sparse ones at their default, are left out; the typed parts in
        their item form."""
        item: dict[str, Any] = {}
        for spec in fields(self):
            value = getattr(self, spec.name)
            if value is None or (spec.name in _SPARSE and not value):
                continue
            item[ITEM_NAMES.get(spec.name, spec.name)] = item_value(value)
        return item

    def public(self) -> dict[str, Any]:
        """The API view of the thread."""
        return {
            "id": self.thread_id,
            "agent_id": self.agent_id,
            "status": self.status,
            "source": self.source,
            "source_id": self.source_id,
            "channel": self.prompt_mode,
            "wake_at": clock.iso(self.wake_at),
            "wake_reason": self.wake_reason,
            "wake_on_events": [w.to_item() for w in self.wake_on_events],
            "wakes": self.wakes,
            "context": dict(self.context),
            "summary": self.summary,
            "error_message": self.error_message,
            "attributes": dict(self.attributes),
            "run_id": self.run_id,
            "created_at": clock.iso(self.created_at),
            "updated_at": clock.iso(self.updated_at),
        }

    def changed(self, sets: Mapping[str, Any], removes: Iterable[str] = ()) -> Thread:
        """The record as it is after writing ``sets`` and ``removes`` (and the version
        step every write makes)."""
        gone = {name: _default(name) for name in removes if name not in sets}
        return replace(self, **{**gone, **sets, "version": self.version + 1})

    def pending(self) -> list[Approval]:
        """The approvals no one decided yet, oldest request first."""
        waiting = [a for a in self.approvals.values() if not a.decision]
        return sorted(waiting, key=lambda a: a.requested_at or 0)

    def waits_for(self, event_type: str, payload: Mapping[str, Any]) -> bool:
        """Whether an event satisfies one of the thread's waits."""
        return any(w.matches(event_type, payload) for w in self.wake_on_events)


FIELDS = frozenset(spec.name for spec in fields(Thread))


def _default(name: str) -> Any:
    spec = next(s for s in fields(Thread) if s.name == name)
    if spec.default_factory is not MISSING:
        return spec.default_factory()
    return spec.default


def item_value(value: Any) -> Any:
    """A field's value as the item holds it: the typed parts in their item form,
    tuples as lists, mappings as dicts."""
    if isinstance(value, (StepSpec, Approval, InboxEntry, Wait)):
        return value.to_item()
    if isinstance(value, (tuple, list)):
        return [item_value(v) for v in value]
    if isinstance(value, Mapping):
        return {k: item_value(v) for k, v in value.items()}
    return value


@dataclass(frozen=True, slots=True)
class ThreadKey:
    """A thread's key, as the ``thread-due`` index gives it."""

    agent_id: str
    thread_id: str


@dataclass(frozen=True, slots=True)
class WaitingThread:
    """A sleeping thread that waits for events, as the ``waiting`` index gives it."""

    thread_id: str
    wait_id: str | None
    wait_after_seq: int
    wake_on_events: tuple[Wait, ...]

    @classmethod
    def from_item(cls, item: Mapping[str, Any]) -> Self:
        return cls(item["thread_id"], item.get("wait_id"), int(value_or(item, "wait_after_seq", 0)), waits_of(item.get("wake_on_events")))

    def waits_for(self, event_type: str, payload: Mapping[str, Any]) -> bool:
        return any(w.matches(event_type, payload) for w in self.wake_on_events)


def sender_of(item: dict[str, Any], agent_id: str, owner: str) -> str:
    """Who a message is from: the id it was given, else by who created it (the agent,
    the owner for a user's message, the tool, ``system``)."""
    if item.get("sender_id"):
        return str(item["sender_id"])
    created_by = item.get("created_by")
    if created_by == "agent":
        return agent_id
    if created_by == "user":
        return owner
    if created_by == "tool":
        return str(item.get("tool_name") or "interceptor")
    return "system"


def public_message(item: dict[str, Any], *, agent_id: str = "", owner: str = "") -> dict[str, Any]:
    """The API view of a thread message item."""
    view: dict[str, Any] = {
        "seq": item["seq"],
        "role": item["role"],
        "created_by": item["created_by"],
        "sender_id": sender_of(item, agent_id, owner),
        "content": item.get("content") or "",
        "created_at": clock.iso(item.get("created_at")),
    }
    if item.get("tool_calls"):
        view["tool_calls"] = item["tool_calls"]
    if item.get("tool_call_id"):
        view["tool_call_id"] = item["tool_call_id"]
        view["tool_name"] = item.get("tool_name")
        view["is_error"] = bool(item.get("is_error"))
    if item.get("event"):
        view["event"] = item["event"]
    return view


def public_route(item: dict[str, Any]) -> dict[str, Any]:
    """The API view of a route decision."""
    return {
        "seq": item["seq"],
        "event_id": item["event_id"],
        "event_type": item.get("event_type"),
        "decision": item["decision"],
        "thread_ids": item.get("thread_ids") or [],
        "decided_at": clock.iso(item.get("decided_at")),
    }
