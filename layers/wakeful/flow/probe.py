"""Probes on schedules: before a run, read what would make it worth running.

A schedule's ``probe`` (``{url?, path?, events?, timeout_ms}``) is read by the
schedules' run gate (:data:`wakeful.schedules.slots.GATES`) before the run's thread starts:

1. ``url``: one GET through the URL guard, one deadline (``timeout_ms``) for the whole
   exchange, at most 1 MiB; a non-2xx answer, a timeout, a body that is not JSON when
   ``path`` is given, or a missing path is a failed probe. The fingerprint is the
   SHA-256 of the canonical JSON of the value at ``path`` (else of the raw body).
2. ``events``: whether an event of one of those types arrived since the last run.
3. Both unchanged since the run before (and that run did not end in error) -> the run is
   ``skipped`` with reason ``probe_unchanged``: no thread, no model call.

A failed probe runs the schedule (nothing is missed) and says so on the result
(``probe: {status: "failed", error}``). A run that goes ahead records what the probe
read (``probe_state``), which the next run compares with.
"""

from __future__ import annotations

import hashlib
import json
import logging
from typing import Any, Mapping

from wakeful import outbound
from wakeful.agents.records import Agent
from wakeful.events import store as events
from wakeful.schedules import models, repository
from wakeful.schedules.slots import Skip
from wakeful.slots import PROBE_SKIPS, count_saving

logger = logging.getLogger(__name__)

UNCHANGED = "probe_unchanged"
MAX_BODY_BYTES = 1024 * 1024
#: The most log events read to find one of the probe's types.
MAX_EVENTS_READ = 1000
_PREVIEW_CHARS = 1000


class ProbeFailed(Exception):
    """The probe could not be read: the run goes ahead."""


def read(probe: Mapping[str, Any]) -> tuple[str, str]:
    """``(fingerprint, preview)`` of the probe's URL answer (at ``path``).

    Raises:
        ProbeFailed: with what went wrong.
    """
    try:
        response = outbound.request("GET", probe["url"], timeout=int(probe.get("timeout_ms", 5000)) / 1000, max_body_bytes=MAX_BODY_BYTES)
    except outbound.OutboundError as error:
        raise ProbeFailed(str(error)) from None
    if not response.ok:
        raise ProbeFailed(f"HTTP {response.status}")
    if not probe.get("path"):
        return hashlib.sha256(response.body).hexdigest(), response.body[:_PREVIEW_CHARS].decode(errors="replace")
    try:
        value: Any = json.loads(response.body)
    except ValueError:
        raise ProbeFailed("the answer is not JSON, so path cannot be read") from None
    for part in str(probe["path"]).split("."):
        if not isinstance(value, dict) or part not in value:
            raise ProbeFailed(f"path {probe['path']!r} is not in the answer")
        value = value[part]
    canonical = json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(canonical.encode()).hexdigest(), canonical[:_PREVIEW_CHARS]


def event_since(agent: Agent, after_seq: int, types: list[str]) -> bool:
    """Whether an event of ``types`` arrived after ``after_seq`` (more than can be read: yes)."""
    if agent.last_seq <= after_seq:
        return False
    read_ = 0
    for event in events.read_range(agent.agent_id, after_seq, agent.last_seq, limit=MAX_EVENTS_READ):
        read_ += 1
        if event.event_type in types:
            return True
    return read_ >= MAX_EVENTS_READ


def check(agent: Agent, schedule: Mapping[str, Any], row: Mapping[str, Any], now: float) -> Skip | None:
    """The gate: a :class:`Skip` when nothing changed since the last run, else None."""
    probe, state = schedule["probe"], schedule.get("probe_state") or {}
    fingerprint = preview = None
    if probe.get("url"):
        try:
            fingerprint, preview = read(probe)
        except ProbeFailed as error:
            logger.warning("schedule probe failed; the run goes ahead", extra={"schedule_id": schedule["schedule_id"], "error": str(error)})
            repository.note_probe(row["schedule_id"], row["result_id"], {"status": "failed", "error": str(error)[:500]})
            return None
    if state and _unchanged(agent, schedule, state, fingerprint):
        count_saving(agent.owner, agent.agent_id, PROBE_SKIPS, 1, now)
        return Skip(UNCHANGED, "skipped: the probe did not change")
    new_state = {"fingerprint": fingerprint, "value_preview": preview, "seq": agent.last_seq, "read_at": now, "result_id": row["result_id"]}
    repository.set_probe_state(agent.agent_id, schedule["schedule_id"], {k: v for k, v in new_state.items() if v is not None})
    repository.note_probe(row["schedule_id"], row["result_id"], {k: v for k, v in {"status": "changed" if state else "first", "value_preview": preview}.items() if v is not None})
    return None


def _unchanged(agent: Agent, schedule: Mapping[str, Any], state: Mapping[str, Any], fingerprint: str | None) -> bool:
    """Nothing new since the run that recorded ``state``, and that run did not fail (a
    failed run never makes the next one look unchanged)."""
    probe = schedule["probe"]
    if probe.get("url") and fingerprint != state.get("fingerprint"):
        return False
    if probe.get("events") and event_since(agent, int(state.get("seq", 0)), list(probe["events"])):
        return False
    previous = repository.get_result(str(schedule["schedule_id"]), str(state["result_id"])) if state.get("result_id") else None
    return previous is None or previous.get("status") != models.ERROR
