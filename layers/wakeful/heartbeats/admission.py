"""Work that waited for an agent's admission starts again.

While an agent (or its owner) may not start model work (:data:`wakeful.slots.ADMISSION`:
a spend pause), its due heartbeat is moved to the pause's end with its window kept
(:mod:`wakeful.heartbeats.scan`) and its thread runs wait, active, in the threads' due
index (:mod:`wakeful.threads.due`). At the pause's end the scan finds both; a pause that
ends early (a resume) calls :func:`release`, which makes them go at once.
"""

from __future__ import annotations

import logging

from wakeful import clock
from wakeful.agents import repository as agents_repository
from wakeful.heartbeats import repository
from wakeful.threads import due as thread_due

logger = logging.getLogger(__name__)


def release(agent_id: str, now: float | None = None) -> int:
    """Make the agent's waiting work go now: its heartbeat moved to the pause's end is
    due now (the next scan claims it, with every event since), and its waiting thread
    runs are queued again. Returns how many of them were released."""
    now = clock.now() if now is None else now
    agent = agents_repository.get(agent_id)
    if agent is None:
        return 0
    released = 0
    if agent.active_heartbeat_id and repository.release_deferred(agent_id, agent.active_heartbeat_id, now):
        released += 1
    released += thread_due.release_waiting(agent_id, now)
    logger.info("waiting work released", extra={"agent_id": agent_id, "released": released})
    return released
