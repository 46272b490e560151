"""The slot the stream owns, which the assembly fills. :data:`OWNERS`: who knows which
streams an agent has (the threads: one per thread; the heartbeats: one per action of a
heartbeat, ``<heartbeat_id>.<action_id>``).

The stream serves and checks an agent's streams in one place
(:func:`wakeful.stream.service.stream_exists`); the capabilities above it whose work is
streamed register a :class:`StreamOwner` instead of being called by name, so the stream
never imports them. Every handler imports this module on its cold start, so it imports
nothing at run time.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from wakeful.listening import Slot


class StreamOwner(NamedTuple):
    """A capability whose records own streams."""

    name: str
    #: ``(agent_id, stream_id) -> bool``: the agent has a record of this capability
    #: that owns the stream (False for a stream id of another form).
    exists: Callable[[str, str], bool]


#: The installed stream owners, in the package order.
OWNERS: Slot[StreamOwner] = Slot("stream owners")
