"""Thread shapes: the name patterns of tools and event types (the API's bodies, and the
agent fields threads add, are in :mod:`wakeful.threads.inputs`)."""

from __future__ import annotations

TOOL_NAME_PATTERN = r"^[A-Za-z][A-Za-z0-9_]{0,63}$"
EVENT_TYPE = r"^[A-Za-z][A-Za-z0-9_]{0,99}$"

#: A coalescing key: a dotted path into an event's payload.
COALESCE_KEY = r"^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$"
