"""The action queue (FIFO, one message group per agent): a heartbeat's actions run in
the order the orchestrator dispatched them."""

from __future__ import annotations

from wakeful import queues


def send_actions(agent_id: str, action_ids: list[str], dispatch: str) -> int:
    """Queue actions on the FIFO action queue, in order, one message group per agent.

    ``dispatch`` distinguishes a deliberate re-dispatch from a duplicate send, for
    FIFO de-duplication.
    """
    messages = [({"action_id": a, "agent_id": agent_id}, f"{a}-{dispatch}") for a in action_ids]
    return queues.send_fifo_batch("action", messages, group=agent_id)
