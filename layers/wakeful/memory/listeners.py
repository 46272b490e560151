"""What memory does when a thread's run ends (its run-end listener, every source) and
when a heartbeat that acted on events finishes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from wakeful import clock
from wakeful.threads.slots import RunEnd

if TYPE_CHECKING:
    from wakeful.agents.records import Agent


def run_ended(end: RunEnd) -> None:
    """A consolidation's end finishes its record; any other run's end reinforces the
    memories its prompt held and is journaled for the next consolidation."""
    from wakeful.memory import consolidation, recall

    agent, thread = end.agent, end.thread
    if thread.source == "consolidation":
        consolidation.ended(agent, thread)
        return
    if thread.status == "waiting_approval":
        return  # it goes on later, and ends again
    recall.reinforce_pinned(thread)
    if agent is not None and consolidation.settings_of(agent)["mode"] != "off":
        from wakeful.threads import messages_repository

        first = messages_repository.get(thread.thread_id, 1) or {}
        outcome = thread.error_message if thread.status == "failed" else (thread.summary or thread.final_text or "")
        text = f"task: {str(first.get('content') or '')[:600]} -> {str(outcome or '')[:1200]}"
        record = {"status": thread.status, "text": text, "thread_id": thread.thread_id, "source": thread.source}
        consolidation.record_activity(agent, "run", f"{thread.thread_id}:{thread.run_id}", record, clock.now())


def heartbeat_finished(agent: Agent, summary: Mapping[str, Any], now: float) -> None:
    """A heartbeat whose events ran tools is activity: journaled for the next
    consolidation (so ``on_quiet`` comes due once the agent's heartbeats go quiet). One
    that ran none (its own ``HEARTBEAT`` event, events no tool wants) did nothing."""
    from wakeful.memory import consolidation

    processed, actions = int(summary.get("events_processed") or 0), int(summary.get("actions_triggered") or 0)
    if not actions or consolidation.settings_of(agent)["mode"] == "off":
        return
    text = f"heartbeat {summary.get('heartbeat_id')}: {processed} events processed, {actions} tool runs triggered"
    record = {"status": str(summary.get("status") or ""), "text": text, "heartbeat_id": summary.get("heartbeat_id")}
    consolidation.record_activity(agent, "heartbeat", str(summary.get("heartbeat_id")), record, now)
