"""A heartbeat's actions' progress (the actions' progress slot, filled by the heartbeats'
manifest): each action's start pushes its heartbeat's lease out, and the finish of the
last open one asks the orchestrator to go on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wakeful import clock
from wakeful.config import get_settings
from wakeful.heartbeats import repository
from wakeful.heartbeats.queue import send_heartbeats

if TYPE_CHECKING:
    from wakeful.actions.records import Action


def action_started(action: Action) -> None:
    """Push the heartbeat's lease out as each of its actions starts: a heartbeat whose
    actions make progress is alive, however long its round takes in all. Only a claimed
    heartbeat carries a lease (the ``lease-expiry`` index is sparse); a finished one is
    left alone."""
    if not action.heartbeat_id or action.approval is not None:
        return
    repository.renew_lease(action.agent_id, action.heartbeat_id, clock.now() + get_settings().heartbeat_lease_seconds)


def action_finished(action: Action) -> None:
    """Take the finished action out of its heartbeat's ``open_actions``; whoever empties
    the set asks the orchestrator to go on. Removing from a set is idempotent, so a
    redelivered message can do it again safely."""
    if not action.heartbeat_id or (action.approval or {}).get("decided_at"):
        return  # an approved action left its heartbeat when it was parked
    still_open = repository.close_action(action.agent_id, action.heartbeat_id, action.action_id)
    if still_open is None:
        return  # the heartbeat is gone; nothing waits for this action
    if not still_open:
        send_heartbeats([{"agent_id": action.agent_id, "heartbeat_id": action.heartbeat_id}])
