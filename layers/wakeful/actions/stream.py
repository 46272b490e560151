"""Heartbeat actions in the agent's live stream.

Each action of a heartbeat is its own stream, ``<heartbeat_id>.<action_id>`` (its run
id is the heartbeat id): a ``tool_call`` when the tool starts and a ``tool_result``
when it answers, ids 1 and 2. One stream per action means one writer per stream, so
actions of one heartbeat that run at the same time (a slow tool redelivered beside the
next action, or Lambda running them side by side) never share ids; a redelivered
action re-emits under the same step and adds nothing. They appear in
``GET /agents/{id}/stream`` beside the agent's threads, and under
``/agents/{id}/threads/<heartbeat_id>.<action_id>/stream[-events]``; such a stream's
SSE closes after its ``tool_result``. Actions of a thread's tool calls are streamed by
the thread.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wakeful.stream.emitter import Emitter, StreamContext, emitter
from wakeful.stream.models import action_stream_id

if TYPE_CHECKING:
    from wakeful.actions.records import Action


def begin(action: Action) -> Emitter | None:
    """Emit the ``tool_call`` of a heartbeat action; None for other actions."""
    heartbeat_id = action.heartbeat_id
    if not heartbeat_id or action.thread_id:
        return None
    stream = emitter(
        StreamContext(
            owner=action.owner or "",
            agent_id=action.agent_id,
            thread_id=action_stream_id(heartbeat_id, action.action_id),
            run_id=heartbeat_id,
            step_id=action.action_id,
        )
    )
    event = (action.request_meta or {}).get("event") or {}
    stream.tool_call(
        action.action_id,
        action.tool,
        {"event_type": event.get("type"), "event_seq": event.get("seq"), "payload": event.get("payload")},
        heartbeat_id=heartbeat_id,
        action_id=action.action_id,
    )
    return stream


def finish(stream: Emitter | None, action: Action, success: bool, output: Any, error: str | None) -> None:
    """Emit the ``tool_result`` of a heartbeat action and write the step out."""
    if stream is None:
        return
    result = output if success else {"error": error, "output": output}
    stream.tool_result(
        action.action_id, action.tool, result, is_error=not success,
        heartbeat_id=action.heartbeat_id, action_id=action.action_id,
    )  # fmt: skip
    stream.flush()
