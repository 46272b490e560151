"""What memory does when a thread's run ends (its run-end listener, every source)."""

from __future__ import annotations

from wakeful import clock
from wakeful.threads.slots import RunEnd


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
