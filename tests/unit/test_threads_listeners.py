"""The run-end listeners' registry: who hears a thread's runs end, who holds its hooks,
and what the entry points install."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from wakeful import assembly
from wakeful.schedules import manifest as schedules
from wakeful.threads import slots
from wakeful.threads.slots import RunEndListener
from wakeful.threads.records import Thread


def _ignore(end: slots.RunEnd) -> None:
    return None


def _hold(agent, thread, event, options) -> None:  # noqa: ANN001 - a stand-in
    return None


@pytest.fixture(autouse=True)
def restore() -> Iterator[None]:
    yield
    slots.RUN_END.install(*assembly.listeners(slots.RUN_END))


def _thread(source: str) -> Thread:
    return Thread(agent_id="agt_1", thread_id="thr_1", source=source)


def test_the_entry_points_install_the_schedules_listener_for_scheduled_threads_and_the_channels_for_all():
    from wakeful.channels import manifest as channels
    from wakeful.memory import manifest as memory

    assembly.install()
    assert schedules.RUN_END_LISTENER in slots.RUN_END.installed()
    # memory hears every run's end too (its journal and the memories a prompt held)
    assert slots.of(_thread("scheduled")) == (schedules.RUN_END_LISTENER, channels.RUN_END_LISTENER, memory.RUN_END_LISTENER)
    assert slots.hook_holder(_thread("scheduled")) is schedules.RUN_END_LISTENER
    assert slots.of(_thread("user")) == (channels.RUN_END_LISTENER, memory.RUN_END_LISTENER) and slots.hook_holder(_thread("user")) is None


def test_a_listener_hears_the_threads_of_its_sources_and_one_without_sources_hears_all():
    chat = RunEndListener(name="chat", run_ended=_ignore, sources=frozenset({"chat", "scheduled"}))
    audit = RunEndListener(name="audit", run_ended=_ignore)
    slots.RUN_END.install(schedules.RUN_END_LISTENER, chat, audit)
    assert slots.of(_thread("scheduled")) == (schedules.RUN_END_LISTENER, chat, audit)
    assert slots.of(_thread("chat")) == (chat, audit)
    assert slots.of(_thread("webhook")) == (audit,)
    assert slots.hook_holder(_thread("chat")) is None


def test_installing_replaces_the_listeners_and_the_assembly_puts_its_own_back_before_the_others():
    chat = RunEndListener(name="chat", run_ended=_ignore, sources=frozenset({"chat"}))
    slots.RUN_END.install(chat)
    assert slots.of(_thread("scheduled")) == ()
    assembly.install()  # e.g. a handler's module, imported after an embedder installed its listener
    assert slots.RUN_END.installed() == (*assembly.listeners(slots.RUN_END), chat)
    assembly.install()
    assert slots.RUN_END.installed() == (*assembly.listeners(slots.RUN_END), chat)


def test_two_listeners_of_one_name_are_refused():
    with pytest.raises(ValueError, match="installed twice"):
        slots.RUN_END.install(RunEndListener(name="a", run_ended=_ignore), RunEndListener(name="a", run_ended=_ignore))


@pytest.mark.parametrize("sources", [frozenset({"scheduled"}), frozenset({"scheduled", "chat"}), None])
def test_two_listeners_that_hold_the_hooks_of_the_same_threads_are_refused(sources):
    other = RunEndListener(name="other", run_ended=_ignore, sources=sources, fire_hook=_hold)
    with pytest.raises(ValueError, match="both hold the hooks"):
        slots.RUN_END.install(schedules.RUN_END_LISTENER, other)
    assert slots.RUN_END.installed() == assembly.listeners(slots.RUN_END)  # nothing changed


def test_hook_holders_of_different_sources_may_both_be_installed():
    chat = RunEndListener(name="chat", run_ended=_ignore, sources=frozenset({"chat"}), fire_hook=_hold)
    slots.RUN_END.install(schedules.RUN_END_LISTENER, chat)
    assert slots.hook_holder(_thread("chat")) is chat and slots.hook_holder(_thread("scheduled")) is schedules.RUN_END_LISTENER


def test_at_most_one_turn_policy_is_installed_and_flow_fills_it():
    assembly.install()
    (policy,) = slots.TURN_POLICY.installed()
    assert policy.name == "flow" and slots.turn_policy() is policy
    try:
        with pytest.raises(ValueError, match="at most one turn policy"):
            slots.TURN_POLICY.install(policy, slots.TurnPolicy("other", lambda agent, thread, request: None))
    finally:
        slots.TURN_POLICY.install(*assembly.listeners(slots.TURN_POLICY))
