"""Heartbeat actions in the agent's live stream.

A heartbeat's actions show as one pseudo-thread whose id (and run id) is the heartbeat
id (``hb_…``): each action is a step (its id the action id, so a redelivered action
re-emits under the same step) with a ``tool_call`` when the tool starts and a
``tool_result`` when it answers. They appear in ``GET /agents/{id}/stream`` beside the
agent's threads, and under ``/agents/{id}/threads/{heartbeat_id}/stream[-events]``.
A heartbeat stream has no ``start`` or ``completed``: it is the record of what the
heartbeat's tools did. Actions of a thread's tool calls are streamed by the thread.
"""

from __future__ import annotations

from typing import Any

from wakeful.stream.emitter import Emitter, StreamContext, emitter


def begin(action: dict[str, Any]) -> Emitter | None:
    """Emit the ``tool_call`` of a heartbeat action; None for other actions."""
    heartbeat_id = action.get("heartbeat_id")
    if not heartbeat_id or action.get("thread_id"):
        return None
    stream = emitter(
        StreamContext(
            owner=action.get("owner") or "",
            agent_id=action["agent_id"],
            thread_id=heartbeat_id,
            run_id=heartbeat_id,
            step_id=action["action_id"],
        )
    )
    event = (action.get("request_meta") or {}).get("event") or {}
    stream.tool_call(
        action["action_id"],
        action["tool"],
        {"event_type": event.get("type"), "event_seq": event.get("seq"), "payload": event.get("payload")},
        heartbeat_id=heartbeat_id,
        action_id=action["action_id"],
    )
    return stream


def finish(stream: Emitter | None, action: dict[str, Any], success: bool, output: Any, error: str | None) -> None:
    """Emit the ``tool_result`` of a heartbeat action and write the step out."""
    if stream is None:
        return
    result = output if success else {"error": error, "output": output}
    stream.tool_result(
        action["action_id"], action["tool"], result, is_error=not success,
        heartbeat_id=action.get("heartbeat_id"), action_id=action["action_id"],
    )  # fmt: skip
    stream.flush()
