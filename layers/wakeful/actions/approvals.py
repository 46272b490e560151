"""Deciding a heartbeat's action that the interception point parked for approval.

Approved, it goes back to ``PENDING`` and to the action queue, and runs as approved (the
interception point is not asked again); its new events are processed by the agent's
next heartbeat, since its own went on without it. Denied, it fails with the note.
Either way exactly once: the decision is a conditional change of a waiting action.
"""

from __future__ import annotations

from wakeful import clock, retention
from wakeful.actions import repository
from wakeful.actions.records import Action, ActionNotFoundError
from wakeful.agents import repository as agents_repository
from wakeful.agents.records import Agent
from wakeful.exceptions import ConflictError
from wakeful.hooks.events import ActionFailed
from wakeful.hooks.firing import fire
from wakeful.actions.queue import send_actions


class ActionNotWaitingError(ConflictError):
    """The action is not waiting for an approval (decided already, or never parked)."""


def decide(owner: str, agent_id: str, action_id: str, decision: str, note: str | None) -> Action:
    """Approve or deny a parked action of the owner's agent; the action as it now is."""
    agent = agents_repository.get_owned(owner, agent_id)
    action = repository.get(action_id)
    if action is None or action.agent_id != agent_id:
        raise ActionNotFoundError(f"action {action_id} not found")
    now = clock.now()
    if decision == "approve":
        if not repository.approve(action_id, now, note):
            raise ActionNotWaitingError(f"action {action_id} is {action.status}, not waiting for an approval")
        send_actions(agent_id, [action_id], "approved")
    else:
        reason = f"denied at approval{': ' + note if note else ''}"
        if not repository.deny(action_id, now, note, reason, retention.expiry(now)):
            raise ActionNotWaitingError(f"action {action_id} is {action.status}, not waiting for an approval")
        _fire_denied(agent, action, reason)
    return repository.get(action_id) or action


def _fire_denied(agent: Agent, action: Action, reason: str) -> None:
    failed = ActionFailed(action_id=action.action_id, tool_name=action.tool, error_message=reason, request_meta=action.request_meta or {}, execution_time_ms=0)
    fire(agent, failed, heartbeat_id=action.heartbeat_id, action_id=action.action_id, context={"triggered_by": action.event_type}, delivery_key=f"{action.action_id}:failed")
