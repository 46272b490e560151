"""Replays of many runs, off the request: the ``lab`` queue's work (function ``lab_worker``).

A replay of a schedule's runs since a time may hold hundreds of runs, each a real model
conversation: more than an HTTP request may last (API Gateway answers at 29 s). The
route stores the replay's header, ``running``, with the recordings it names, and queues
one message; the worker replays them in order, one ``rr#`` item each, written once (a
redelivered message skips the runs already kept, so each run counts once). When a
message has worked for :data:`CHUNK_SECONDS` it queues the next one from where it
stopped, so no invocation comes near the function's time limit. After the last run the
summary is counted from the kept runs and the header says ``done``; an error it cannot
get past says ``failed``, with the error.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from wakeful import queues

logger = logging.getLogger(__name__)

#: The queue (and its function) of long replays.
QUEUE = "lab"
#: How long one message replays before it hands the rest on to the next message.
CHUNK_SECONDS = 600.0


def queue(agent_id: str, replay_id: str, start: int = 0) -> None:
    """Ask the worker to replay the replay's runs from ``start`` on."""
    queues.send_batch(QUEUE, [{"agent_id": agent_id, "replay_id": replay_id, "start": start}])


def handle(message: dict[str, Any], *, chunk_seconds: float = CHUNK_SECONDS) -> str:
    """Replay what ``message`` asks, until done or ``chunk_seconds`` have passed; how it went
    (``done``, ``continued``, ``failed``, or ``gone`` for a replay no longer running)."""
    from wakeful.agents import repository as agents
    from wakeful.lab import repository, service

    agent_id, replay_id, start = str(message["agent_id"]), str(message["replay_id"]), int(message.get("start") or 0)
    header = repository.get(agent_id, f"rp#{replay_id}")
    agent = agents.get(agent_id)
    if header is None or header.get("status") != "running" or agent is None:
        return "gone"
    keys: list[str] = list(header.get("recordings") or [])
    began = time.monotonic()
    try:
        for index in range(start, len(keys)):
            if time.monotonic() - began > chunk_seconds:
                queue(agent_id, replay_id, index)
                return "continued"
            service.replay_kept(agent, header, index, keys[index])
        service.finish(header)
    except Exception as error:  # noqa: BLE001 - a replay that cannot go on is failed, saying why
        logger.exception("replay failed", extra={"agent_id": agent_id, "replay_id": replay_id})
        service.fail(header, f"{type(error).__name__}: {error}")
        return "failed"
    return "done"
