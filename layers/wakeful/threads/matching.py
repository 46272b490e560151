"""Pure rules: wake delays, which waits and triggers an event matches."""

from __future__ import annotations

import re
from typing import Any

from wakeful.threads.records import Wait

#: ASCII digits only: ``\d`` would also read other scripts' digits ("٣٠m" as 30 minutes).
_DELAY = re.compile(r"^\s*([0-9]+)\s*([smhd])\s*$", re.ASCII)
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
MIN_DELAY_SECONDS = 1
MAX_DELAY_SECONDS = 30 * 86400


#: ``schedule_wake``'s delay for a sleep with no timer (until one of its waits).
ON_EVENT = "on_event"


def parse_delay(delay: str) -> int:
    """``"90s"``, ``"30m"``, ``"2h"``, ``"1d"`` -> seconds (1 s to 30 d).

    Raises:
        ValueError: with a message the model can act on.
    """
    found = _DELAY.match(str(delay))
    if not found:
        raise ValueError(f"delay {delay!r} is not a number followed by s, m, h or d (e.g. \"90s\", \"30m\", \"2h\", \"1d\")")
    seconds = int(found.group(1)) * _UNITS[found.group(2)]
    if not MIN_DELAY_SECONDS <= seconds <= MAX_DELAY_SECONDS:
        raise ValueError(f"delay {delay!r} is outside 1s..30d")
    return seconds


def check_coalesce(raw: Any) -> dict[str, Any]:
    """A ``coalesce`` object, checked and with its defaults.

    Raises:
        ValueError: with a message the model can act on.
    """
    from pydantic import ValidationError

    from wakeful.threads.inputs import Coalesce

    try:
        return Coalesce.model_validate(raw).model_dump(exclude_none=True)
    except ValidationError as error:
        problems = "; ".join(f"{'.'.join(str(p) for p in e['loc']) or 'coalesce'}: {e['msg']}" for e in error.errors())
        raise ValueError(f"coalesce is not valid ({problems})") from None


def normalize_waits(raw: Any) -> list[dict[str, Any]]:
    """``wake_on_events`` items (a type, or ``{event_type, match, coalesce?}``) -> ``[{event_type, match, coalesce?}]``.

    Raises:
        ValueError: an item is neither.
    """
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise ValueError("wake_on_events must be a list of event types or {event_type, match} objects")
    waits: list[dict[str, Any]] = []
    for item in raw:
        if isinstance(item, str) and item:
            waits.append({"event_type": item, "match": {}})
        elif isinstance(item, dict) and isinstance(item.get("event_type"), str) and item["event_type"]:
            match = item.get("match") or {}
            if not isinstance(match, dict):
                raise ValueError("a wake_on_events match must be an object of payload fields")
            wait = {"event_type": item["event_type"], "match": match}
            if item.get("coalesce") is not None:
                wait["coalesce"] = check_coalesce(item["coalesce"])
            waits.append(wait)
        else:
            raise ValueError(f"wake_on_events item {item!r} is neither an event type nor {{event_type, match}}")
    return waits


def payload_matches(match: dict[str, Any] | None, payload: dict[str, Any]) -> bool:
    """Every field of ``match`` is a top-level payload field with an equal value."""
    return all(key in payload and payload[key] == value for key, value in (match or {}).items())


def wait_matches(waits: list[dict[str, Any]], event_type: str, payload: dict[str, Any]) -> bool:
    """Whether an event satisfies one of ``waits`` in their item form (a thread's
    :meth:`~wakeful.threads.records.Thread.waits_for` asks its own)."""
    return any(Wait.from_item(w).matches(event_type, payload) for w in waits or [])


def matching_trigger(triggers: list[dict[str, Any]], event_type: str, payload: dict[str, Any]) -> int | None:
    """The index of the first thread trigger an event matches, or None."""
    for index, trigger in enumerate(triggers or []):
        if trigger.get("event_type") == event_type and payload_matches(trigger.get("match"), payload):
            return index
    return None
