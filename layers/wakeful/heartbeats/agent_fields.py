"""The agent fields heartbeats own: the interval, the urgent-event wake-up, the look-back
after a pause (see :mod:`wakeful.agents.slots`; no pydantic at import)."""

from __future__ import annotations

from typing import Any

from wakeful.agents.slots import AgentField
from wakeful.agents.records import DEFAULT_HEARTBEAT_INTERVAL_SECONDS

WAKE_ON_PRIORITY_DOC = (
    "An event with priority <= this (1 most urgent) makes a heartbeat due at once instead of at the "
    "next interval; a burst makes one heartbeat. Unset: events wait for the next heartbeat."
)
_LOOKBACK_DOC = (
    "How far back a heartbeat looks after a long pause: older events of its window are counted as skipped, "
    "not processed (default 604800, 7 days{})"
)


def _int() -> Any:
    return int


def _optional_int() -> Any:
    return int | None


def _lookback(agent: Any) -> int:
    return agent.event_lookback()


FIELDS = (
    AgentField(
        "heartbeat_interval_seconds",
        _int,
        {"default": DEFAULT_HEARTBEAT_INTERVAL_SECONDS, "ge": 10, "le": 7 * 24 * 3600},
        always=True,
    ),
    AgentField(
        "wake_on_priority",
        _optional_int,
        {"default": None, "ge": 1, "le": 10, "description": WAKE_ON_PRIORITY_DOC},
        patch_note=" null turns it off.",
    ),
    AgentField(
        "event_lookback_seconds",
        _optional_int,
        {"default": None, "ge": 3600, "le": 365 * 86400, "description": _LOOKBACK_DOC.format("")},
        patch_description=_LOOKBACK_DOC.format("; null: the default"),
        view=_lookback,
        response=_int,
        response_field={"description": "How far back a heartbeat looks: older events of its window are skipped"},
    ),
)
