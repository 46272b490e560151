"""Owner-wide events: one event appended to every active agent of the owner, or to a
listed set of the owner's agents.

A broadcast fans out through the ingest queue, one message per agent, each appended once
under the key ``broadcast:<broadcast_id>:<agent_id>``, so a broadcast repeated with the
same ``idempotency_key`` (or a redelivered message) appends nothing more, however many
agents it reaches, and a large owner's broadcast never holds the API request for long.
The events land within seconds; each agent's log, its routing and its heartbeats treat
them like any other event.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

from wakeful import clock, ids, queues
from wakeful.agents import repository as agents_repository
from wakeful.events.exceptions import BroadcastAgentsUnknownError

if TYPE_CHECKING:
    from wakeful.events.inputs import BroadcastIn


@dataclass(frozen=True)
class Broadcast:
    """What a broadcast was sent to."""

    broadcast_id: str
    event_type: str
    agent_ids: list[str]

    def public(self) -> dict[str, object]:
        return {"broadcast_id": self.broadcast_id, "event_type": self.event_type, "agent_ids": self.agent_ids, "agents": len(self.agent_ids)}


def broadcast(owner: str, body: BroadcastIn) -> Broadcast:
    """Queue one event for each target agent (see the module docstring)."""
    targets = _targets(owner, body.agent_ids)
    broadcast_id = _broadcast_id(owner, body.idempotency_key)
    messages = [
        {
            "agent_id": agent_id,
            "event_type": body.event_type,
            "payload": body.payload,
            "priority": body.priority,
            "source": body.source,
            "metadata": body.metadata,
            "idempotency_key": f"broadcast:{broadcast_id}:{agent_id}",
        }
        for agent_id in targets
    ]
    queues.send_batch("ingest", messages)  # the ingest queue's messages (wakeful.ingest.queue)
    return Broadcast(broadcast_id, body.event_type, targets)


def _targets(owner: str, listed: list[str] | None) -> list[str]:
    """The listed agents (each the owner's, else 422), or every active agent of the owner."""
    if listed is None:
        return [agent.agent_id for agent in agents_repository.of_owner(owner) if agent.is_active]
    wanted = list(dict.fromkeys(listed))
    found = {agent.agent_id for agent in agents_repository.get_many(wanted) if agent.owner == owner}
    unknown = [agent_id for agent_id in wanted if agent_id not in found]
    if unknown:
        raise BroadcastAgentsUnknownError(f"unknown agents: {', '.join(unknown[:20])}{' ...' if len(unknown) > 20 else ''}")
    return wanted


def _broadcast_id(owner: str, idempotency_key: str | None) -> str:
    """Derived from the owner and the key (the same key, the same broadcast), else new."""
    if idempotency_key is None:
        return ids.new_id("bc", clock.now())
    digest = hashlib.sha256(json.dumps([owner, idempotency_key]).encode()).hexdigest()[:26]
    return f"bc_{digest}"
