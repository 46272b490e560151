"""The threads' queues: the thread queue (FIFO, one group per thread: one step of a
thread at a time) and the route queue (FIFO, one group per agent: the router reads a
log in order)."""

from __future__ import annotations

from typing import Any

from wakeful import queues


def send_thread_step(agent_id: str, thread_id: str, step_key: str) -> None:
    """Queue one step of a thread run (one message group per thread: one step at a
    time). Sending the same step again within 5 minutes is deduplicated by SQS."""
    body = {"agent_id": agent_id, "thread_id": thread_id, "step_key": step_key}
    queues.send_fifo("thread", body, group=thread_id, dedup=f"{thread_id}:{step_key}")


def send_route(agent_id: str, reason: str, *, thread_id: str | None = None) -> bool:
    """Ask the router to route the agent's log up to now (one group per agent).
    ``reason`` (e.g. ``seq:42``) deduplicates repeats; ``thread_id`` asks it to match
    that thread's new waits against events it already routed.

    Raises:
        NotConfiguredError: this function was not given the route queue.
    """
    body: dict[str, Any] = {"agent_id": agent_id}
    if thread_id:
        body["thread_id"] = thread_id
    queues.send_fifo("route", body, group=agent_id, dedup=f"{agent_id}:{reason}")
    return True
