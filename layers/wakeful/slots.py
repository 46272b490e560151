"""The slots owned at the bottom, which every capability may consult and the assembly
fills from the manifests (:func:`wakeful.assembly.install`):

- :data:`ADMISSION`: may an agent start model work now? The places where work would
  start a model call ask it (a thread run's start, a wake, a resume after approval); the
  spend guard's pause fills it. With nothing installed every agent may start.
- :data:`SAVINGS`: what an agent did not spend, counted where it was saved (a quiet
  heartbeat that skipped the model, a probe that found nothing new, a triage model's
  ``HEARTBEAT_OK``, events coalesced into one run); the spend guard, which reports them,
  fills it. With nothing installed the counts go nowhere.
- :data:`TARGETS`: does a notify target name one of the owner's channels? Agents,
  schedules and threads name targets (:mod:`wakeful.targets`); the channels fill it.
  With nothing installed every well-formed target passes.
- :data:`THREAD_SOURCES`: what else may start a thread than the API, an event, a
  webhook, a schedule or a consolidation (a person in a chat channel: the channels fill
  it with their platforms' names); at the bottom, so a thread's own response model can
  list them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Callable

from wakeful.listening import Slot
from wakeful.structs import Struct


class Wait(Struct):
    """Not now: start again at ``until`` (epoch seconds; None: when told)."""

    until: float | None
    #: Why, for a person and the logs (``budget exceeded``).
    reason: str


class Admitter(Struct):
    """A capability's say in whether an agent's work starts."""

    name: str
    #: ``(owner, agent_id, now)`` -> a :class:`Wait`, or None to let it start.
    may_start: Callable[[str, str, float], Wait | None]


#: The installed admitters, consulted in installation order.
ADMISSION: Slot[Admitter] = Slot("admitters")


def may_start(owner: str, agent_id: str, now: float) -> Wait | None:
    """The first installed admitter's :class:`Wait`, or None when all let it start."""
    for admitter in ADMISSION.installed():
        wait = admitter.may_start(owner, agent_id, now)
        if wait is not None:
            return wait
    return None


#: The kinds of saving, as the spend API names them.
QUIET_HEARTBEATS = "quiet_heartbeats"
PROBE_SKIPS = "probe_skips"
TRIAGE_OK = "triage_ok"
COALESCED_EVENTS = "coalesced_events"
SAVING_KINDS = (QUIET_HEARTBEATS, PROBE_SKIPS, TRIAGE_OK, COALESCED_EVENTS)


class SavingsCounter(Struct):
    """A capability that counts savings."""

    name: str
    #: ``(owner, agent_id, kind, n, now)``.
    add: Callable[[str, str, str, int, float], None]


#: The installed savings counters.
SAVINGS: Slot[SavingsCounter] = Slot("savings counters")


def count_saving(owner: str, agent_id: str, kind: str, n: int, now: float) -> None:
    """Count ``n`` savings of ``kind`` for an agent with every installed counter.

    Raises:
        ValueError: an unknown kind.
    """
    if kind not in SAVING_KINDS:
        raise ValueError(f"unknown saving {kind!r}; one of {', '.join(SAVING_KINDS)}")
    for counter in SAVINGS.installed():
        counter.add(owner, agent_id, kind, n, now)


class TargetCheck(Struct):
    """The check of the capability that owns notify targets."""

    name: str
    #: ``(owner, targets)``: raises a :class:`~wakeful.exceptions.ValidationError`
    #: naming the first target that names none of the owner's channels (or a
    #: conversation the channel cannot reach).
    check: Callable[[str, Sequence[str]], None]


def _one_check(checks: tuple[TargetCheck, ...]) -> None:
    if len(checks) > 1:
        raise ValueError(f"one target check at most, not {[c.name for c in checks]}")


#: The installed target check (the channels').
TARGETS: Slot[TargetCheck] = Slot("notify target check", _one_check)


class SourceGroup(Struct):
    """Thread sources a capability adds: the names (asked each time, from its registry:
    a name added later counts) and whether such a thread is a conversation with a
    person (after the agent answers it sleeps until the person replies)."""

    name: str
    names: Callable[[], tuple[str, ...]]
    conversation: bool = False


#: The installed thread sources (the channels: one per chat platform).
THREAD_SOURCES: Slot[SourceGroup] = Slot("thread sources")


def thread_sources() -> tuple[str, ...]:
    """What may start a thread: the API (``user``), an event, a webhook, a schedule, the
    sources capabilities add (a chat platform's name), a memory consolidation."""
    added = tuple(name for group in THREAD_SOURCES.installed() for name in group.names())
    return ("user", "event", "webhook", "scheduled", *added, "consolidation")


def conversation_sources() -> tuple[str, ...]:
    """Sources of threads that are conversations with a person (the API, a chat
    channel): after the agent answers, the thread sleeps until the person replies (or
    it expires)."""
    return ("user", *(name for group in THREAD_SOURCES.installed() if group.conversation for name in group.names()))
