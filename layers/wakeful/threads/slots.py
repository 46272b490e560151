"""The slots the threads own, which the assembly fills. :data:`RUN_END`: who else hears
that a thread's run ended, the run-end listeners; :data:`META`: the meta tools
capabilities above add to every thread (:mod:`wakeful.threads.meta`); :data:`PARTS`:
what they add to a run's system prompt, pinned for the run
(:mod:`wakeful.threads.prompt_parts`); :data:`TURN_POLICY`: who may answer a run's first
model turn before the agent's model is asked.

The thread runtime ends a run in one place (:func:`wakeful.threads.run_end.run_ended`):
its stream, its hooks, its metrics, the router's re-check of a new wait, and then the
listeners registered for the thread's ``source``. A capability above the threads that
cares how some threads' runs end registers a :class:`RunEndListener` instead of being
called by name, so the threads never import it:

- the schedules capability (``source`` ``scheduled``) records the run as the schedule's
  result and notifies (:mod:`wakeful.schedules.manifest`); it also holds the hooks of a
  heartbeat run's thread until that run's answer is known (:attr:`RunEndListener.fire_hook`);
- the channels capability hears every thread's runs, to send approval requests,
  notifications and a chat thread's answer (:mod:`wakeful.channels.manifest`).

The entry points hand the listeners in through :func:`wakeful.assembly.install`, from
the capabilities' manifests. Every handler imports this module on its cold start, so it
imports nothing at run time (a listener's own modules load when it is first called) and
its records are light (:class:`wakeful.structs.Struct`).

A listener is called for every end of a run of its threads: ``complete``, ``failed``,
``expired``, ``sleeping``, and ``waiting_approval`` when the run parks for a person (it
goes on later, and ends again). The same end may be reported more than once (a step's
message delivered again after its worker died, a cancel retried): a listener must do
what it does once, keyed by the thread's ``run_id`` and status, as the threads' own
hooks and stream end are.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from wakeful.listening import Slot
from wakeful.structs import Struct

if TYPE_CHECKING:
    from wakeful.agents.records import Agent
    from wakeful.hooks.events import HookEvent
    from wakeful.threads.records import Thread


class RunEnd(Struct):
    """A run that ended: the agent (None when it was deleted) and the thread as the end
    left it (``status``, ``final_text``, ``summary``, ``error_message``, ``run_id``)."""

    agent: Agent | None
    thread: Thread


class RunEndListener(Struct):
    """A capability's part in the end of some threads' runs."""

    name: str
    #: Called with every :class:`RunEnd` of its threads. On the runner's path an error is
    #: raised again and the step's message comes back (the end is done again); on a
    #: cancel, an expiry or a failure the scan found, it is logged.
    run_ended: Callable[[RunEnd], None]
    #: The thread sources it hears (``Thread.source``); None: every thread's.
    sources: frozenset[str] | None = None
    #: Takes the thread hooks of its threads instead of firing them at once:
    #: ``(agent, thread, event, options)``, the options those of
    #: :func:`wakeful.hooks.firing.fire`. At most one listener per source holds hooks.
    fire_hook: Callable[[Agent, Thread, HookEvent, Mapping[str, Any]], None] | None = None

    def hears(self, thread: Thread) -> bool:
        """Whether ``thread``'s runs are this listener's."""
        return self.sources is None or thread.source in self.sources


def _one_hook_holder_per_source(listeners: tuple[RunEndListener, ...]) -> None:
    """Refuse two listeners that hold the hooks of the same threads."""
    holders = [listener for listener in listeners if listener.fire_hook is not None]
    for index, first in enumerate(holders):
        for second in holders[index + 1 :]:
            if first.sources is None or second.sources is None or first.sources & second.sources:
                raise ValueError(f"run-end listeners {first.name} and {second.name} both hold the hooks of the same threads")


#: The installed run-end listeners (the entry points fill it, through
#: :func:`wakeful.assembly.install`).
RUN_END: Slot[RunEndListener] = Slot("run-end listeners", _one_hook_holder_per_source)


def of(thread: Thread) -> tuple[RunEndListener, ...]:
    """The listeners that hear ``thread``'s runs end, in installation order."""
    return tuple(listener for listener in RUN_END.installed() if listener.hears(thread))


def hook_holder(thread: Thread) -> RunEndListener | None:
    """The listener that takes ``thread``'s hooks, if any."""
    return next((listener for listener in of(thread) if listener.fire_hook is not None), None)


class MetaResult(Struct):
    """What the model reads back from a meta tool, and whether it is an error it can correct."""

    content: str
    is_error: bool = False


class MetaTool(Struct):
    """A meta tool a capability adds to every thread."""

    name: str
    #: Its Messages API definition ``{name, description, input_schema}``.
    definition: Mapping[str, Any]
    #: ``(agent, thread, call {id, name, arguments}, now)`` -> what the model reads.
    run: Callable[[Agent, Thread, dict[str, Any], float], MetaResult]


#: The installed meta tools.
META: Slot[MetaTool] = Slot("meta tools")


class PromptPart(Struct):
    """A contributor to a run's system prompt."""

    name: str
    #: ``(agent, thread, run_messages)`` -> the text to add ("" for nothing).
    contribute: Callable[[Agent, Thread, list[dict[str, Any]]], str]


#: The installed prompt-part contributors, in installation order.
PARTS: Slot[PromptPart] = Slot("prompt parts")


class Coalescer(Struct):
    """A capability that holds routed events to hand them to one run together (at most
    one is installed). The router consults it for every ``woke``/``started`` plan,
    records the decision it returns, then lets it carry out its part; the scan asks it
    for the holds that are due."""

    name: str
    #: ``(agent, event, decision, thread_ids, plan)`` -> the same, or a ``coalesced``
    #: decision whose plan names the holds (``{"hold": [...]}``; wakes it leaves alone stay).
    plan: Callable[[Agent, Any, str, list[str], dict[str, Any]], tuple[str, list[str], dict[str, Any]]]
    #: ``(agent, event, plan)``: add the event to the holds of a recorded plan (idempotent).
    hold: Callable[[Agent, Any, Mapping[str, Any]], None]
    #: ``(now, shards)`` -> how many holds it fired (the scan's part).
    fire_due: Callable[[float, Any], int]


def _at_most_one(listeners: tuple[Coalescer, ...]) -> None:
    if len(listeners) > 1:
        raise ValueError(f"at most one coalescer: {[listener.name for listener in listeners]}")


#: The installed coalescer (none: every event routes at once).
COALESCER: Slot[Coalescer] = Slot("coalescers", _at_most_one)


class FirstTurnListener(Struct):
    """A capability that hears a run's first model call, as it is about to be made."""

    name: str
    #: ``(agent, thread, request, answer_seq)``: the run's first
    #: :class:`~wakeful.llm.turns.ConversationRequest`, and the seq its answer will have.
    heard: Callable[[Agent, Thread, Any, int], None]


#: Who hears a run's first model call (the lab records what a replay needs); an error
#: there is logged and never fails the run.
FIRST_TURN: Slot[FirstTurnListener] = Slot("first-turn listeners")


def first_turn(agent: Agent, thread: Thread, request: Any, answer_seq: int) -> None:
    """Tell the first-turn listeners (each error logged, none raised)."""
    for listener in FIRST_TURN.installed():
        try:
            listener.heard(agent, thread, request, answer_seq)
        except Exception:  # noqa: BLE001 - hearing never fails the run
            logging.getLogger(__name__).exception("first-turn listener failed", extra={"listener": listener.name, "thread_id": thread.thread_id})


class TurnVerdict(Struct):
    """What a turn policy made of a run's first model turn."""

    #: The answer to keep as the model's (a :class:`~wakeful.llm.turns.Turn`): the run goes
    #: on with it and the agent's model is not asked. None: ask the agent's model.
    answer: Any = None
    #: Kept on the thread for the run (``turn_policy``, with the run's id): a step delivered
    #: again does not consult the policy twice, and the run's end can read it.
    note: Mapping[str, Any] | None = None
    #: Extra attributes of the kept answer's message (``model_role``).
    extra: Mapping[str, Any] | None = None


class TurnPolicy(Struct):
    """A capability that may answer a run's first model turn itself (at most one)."""

    name: str
    #: ``(agent, thread, request)`` -> a :class:`TurnVerdict`, or None when it has no say
    #: for this run. ``request`` is the turn's
    #: :class:`~wakeful.llm.turns.ConversationRequest`. An error it raises fails the run.
    before_turn: Callable[[Agent, Thread, Any], TurnVerdict | None]


def _one_policy(policies: tuple[TurnPolicy, ...]) -> None:
    if len(policies) > 1:
        raise ValueError(f"at most one turn policy: {[policy.name for policy in policies]}")


#: The installed turn policy (none: every turn is the agent's model's).
TURN_POLICY: Slot[TurnPolicy] = Slot("turn policies", _one_policy)


def turn_policy() -> TurnPolicy | None:
    """The installed turn policy, if any."""
    installed = TURN_POLICY.installed()
    return installed[0] if installed else None
