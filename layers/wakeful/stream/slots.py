"""The slot the stream owns, which the assembly fills. :data:`OWNERS`: the capabilities
whose work has a stream (the threads: a thread's id; the heartbeats: an action stream,
``<heartbeat_id>.<action_id>``), asked whether a stream a reader names exists before it
has any event, so that the stream never imports what streams through it."""

from __future__ import annotations

from collections.abc import Callable

from wakeful.listening import Slot
from wakeful.structs import Struct


class StreamOwner(Struct):
    """A capability whose work streams."""

    name: str
    #: ``(agent_id, stream_id)``: whether the agent has this stream's work (False for a
    #: stream id that is not its kind).
    exists: Callable[[str, str], bool]


#: The installed stream owners.
OWNERS: Slot[StreamOwner] = Slot("stream owners")


def owned(agent_id: str, stream_id: str) -> bool:
    """Whether an installed owner has this stream's work."""
    return any(owner.exists(agent_id, stream_id) for owner in OWNERS.installed())
