"""Replays and dry runs: what the routes call.

A replay runs each recorded run of its source again (:mod:`wakeful.lab.engine`) with
the overrides, as a dry run, and keeps, per run, the original's Outcome, the replay's
and whether they differ (``rr#`` items), and its header (``rp#``) with the summary.
A heartbeat round's replay asks its tools' model questions again
(:mod:`wakeful.lab.rounds`), in the request. A replay of one run is replayed in the request (its header says ``done`` when the
answer is sent); a replay of a schedule's runs since a time is replayed off the request
by the lab's worker (:mod:`wakeful.lab.worker`): the answer says ``running``, and the
header says ``done`` (or ``failed``) when the last run is kept.
"""

from __future__ import annotations

import logging
from typing import Any

from wakeful import clock, ids, retention
from wakeful.agents import service as agents
from wakeful.agents.records import Agent
from wakeful.lab import engine, originals, repository
from wakeful.lab.exceptions import (
    NothingToReplayError,
    NotReplayableError,
    OverrideNotApplicableError,
    ReplayNotFoundError,
    TooManyRunsError,
)
from wakeful.lab.inputs import DryRunIn, ReplayOverridesIn, ReplayIn
from wakeful.lab.sources import Source, sources_of

logger = logging.getLogger(__name__)

#: The most runs one replay takes.
MAX_RUNS = 1_000
#: How long a replay's items are kept without a retention setting.
DEFAULT_DAYS = 30


def create_replay(owner: str, agent_id: str, body: ReplayIn) -> dict[str, Any]:
    """Replay the source with the overrides; the replay's header (public)."""
    from wakeful.lab import sources

    agent = agents.get(owner, agent_id)
    if sources.kind_of(body.source) == "heartbeat_id":
        return _replay_round(agent, body)
    many = sources.kind_of(body.source) == "schedule_id"
    # Many runs: only their recordings are read here (the worker reads their messages).
    found = [] if many else sources_of(agent, body.source)
    recs = [rec for rec, _ in sources.recordings_since(agent, str(body.source.schedule_id), str(body.source.since))] if many else [s.rec for s in found]
    overrides = body.overrides or ReplayOverridesIn()
    if (overrides.prompt is not None or overrides.heartbeat_checklist is not None) and any(r.get("kind") != "schedule" for r in recs):
        raise OverrideNotApplicableError("prompt and heartbeat_checklist apply to a schedule's runs only")
    if not recs:
        raise NothingToReplayError("no recorded run of this schedule since then")
    if len(recs) > MAX_RUNS:
        raise TooManyRunsError(f"{len(recs)} runs to replay; one replay takes at most {MAX_RUNS}: give a later since")
    if len(recs) == 1 and recs[0].get("truncated"):
        raise NotReplayableError("the run's recording was too large to keep whole (truncated)")
    header = _header(agent_id, body, overrides, len(recs))
    replay_id = str(header["replay_id"])
    if many:
        # Many runs: the worker replays them, off the request, from their recordings' keys.
        from wakeful.lab import worker

        header["recordings"] = [str(rec["record_key"]) for rec in recs]
        repository.put(header)
        worker.queue(agent_id, replay_id)
        return public(header, None)
    repository.put(header)
    for index, source in enumerate(found):
        _replay_one(agent, header, index, source)
    finished = finish(header)
    return public(finished, _single(agent_id, replay_id) if len(found) == 1 else None)


def _header(agent_id: str, body: ReplayIn, overrides: ReplayOverridesIn, runs: int) -> dict[str, Any]:
    """A new replay's header, ``running``."""
    now = clock.now()
    replay_id = ids.new_id("rpl", now)
    return {
        "agent_id": agent_id,
        "record_key": f"rp#{replay_id}",
        "replay_id": replay_id,
        "status": "running",
        "source": body.source.model_dump(exclude_none=True),
        "overrides": overrides.model_dump(exclude_none=True, mode="json"),
        "runs": runs,
        "created_at": now,
        "expires_at": retention.expiry(now, default_days=DEFAULT_DAYS),
    }


def _replay_round(agent: Agent, body: ReplayIn) -> dict[str, Any]:
    """Replay a heartbeat round in the request: its model questions asked again
    (:mod:`wakeful.lab.rounds`); one run, done when answered."""
    from wakeful.lab import rounds
    from wakeful.lab.sources import settings_for

    overrides = body.overrides or ReplayOverridesIn()
    rounds.check_overrides(overrides)
    status, asked = rounds.asks_of(agent, str(body.source.heartbeat_id))
    header = _header(agent.agent_id, body, overrides, 1)
    repository.put(header)
    original = rounds.original(status, asked)
    replayed = rounds.replay(agent, str(header["replay_id"]), asked, overrides, settings_for(agent, overrides))
    repository.put_new(_bounded({
        "agent_id": agent.agent_id,
        "record_key": _run_key(header, 0),
        "heartbeat_id": body.source.heartbeat_id,
        "original": original,
        "replay": replayed,
        "differs": originals.differs(original, replayed),
        "expires_at": header.get("expires_at"),
    }))  # fmt: skip
    return public(finish(header), _single(agent.agent_id, str(header["replay_id"])))


def replay_kept(agent: Agent, header: dict[str, Any], index: int, key: str) -> None:
    """Replay the replay's run ``index`` (the recording ``key``) unless it is kept already."""
    from wakeful.lab.sources import recorded

    if repository.get(agent.agent_id, _run_key(header, index)) is None:
        _replay_one(agent, header, index, recorded(agent, key))


def _run_key(header: dict[str, Any], index: int) -> str:
    return f"rr#{header['replay_id']}#{index:04d}"


def _replay_one(agent: Agent, header: dict[str, Any], index: int, source: Source) -> None:
    """Replay one run and keep it with its original (written once)."""
    overrides = ReplayOverridesIn.model_validate(header.get("overrides") or {})
    original = originals.outcome(source.rec, source.run, source.row)
    if source.rec.get("truncated"):
        replayed = {**original, "outcome": "failed", "answer": "not replayable: the recording was truncated", "tool_calls": [], "captured": []}
    else:
        replayed = engine.run(source.input_for(agent, str(header["replay_id"]), overrides))
    repository.put_new(_bounded({
        "agent_id": agent.agent_id,
        "record_key": _run_key(header, index),
        "result_id": source.rec.get("schedule_result_id"),
        "thread_id": source.rec.get("thread_id"),
        "scheduled_for": (source.row or {}).get("scheduled_for"),
        "original": original,
        "replay": replayed,
        "differs": originals.differs(original, replayed),
        "expires_at": header.get("expires_at"),
    }))  # fmt: skip


def finish(header: dict[str, Any]) -> dict[str, Any]:
    """The replay is done: its summary counted from its kept runs; the header as written."""
    summary = {"runs": int(header.get("runs") or 0), "differs": 0, "became_silent": 0, "became_finding": 0, "usd_original": 0.0, "usd_replay": 0.0}
    for kept in repository.replayed_runs(str(header["agent_id"]), str(header["replay_id"])):
        original, replayed = kept["original"], kept["replay"]
        summary["differs"] += int(bool(kept.get("differs")))
        summary["became_silent"] += int(original["outcome"] == "finding" and replayed["outcome"] == "heartbeat_ok")
        summary["became_finding"] += int(original["outcome"] == "heartbeat_ok" and replayed["outcome"] == "finding")
        summary["usd_original"] = round(summary["usd_original"] + float(original["usd"]), 6)
        summary["usd_replay"] = round(summary["usd_replay"] + float(replayed["usd"]), 6)
    done = {k: v for k, v in header.items() if k != "recordings"} | {"status": "done", "summary": summary, "differs": summary["differs"] > 0}
    repository.put(done)
    return done


def fail(header: dict[str, Any], error: str) -> None:
    """The replay could not go on: ``failed``, saying why."""
    repository.put({k: v for k, v in header.items() if k != "recordings"} | {"status": "failed", "error": error[:1000]})


def _bounded(item: dict[str, Any]) -> dict[str, Any]:
    """A replayed run's item under DynamoDB's item limit: its captured lists cut from
    the end (flagged) until it fits."""
    from wakeful.lab.recorder import MAX_RECORD_BYTES, _size

    for side in ("replay", "original"):
        while _size(item) > MAX_RECORD_BYTES and item[side]["captured"]:
            item[side] = {**item[side], "captured": item[side]["captured"][:-10], "captured_cut": True}
    return {k: v for k, v in item.items() if v is not None}


def _single(agent_id: str, replay_id: str) -> dict[str, Any] | None:
    runs = repository.replayed_runs(agent_id, replay_id)
    return runs[0] if len(runs) == 1 else None


def public(header: dict[str, Any], single: dict[str, Any] | None) -> dict[str, Any]:
    """A replay as the API shows it."""
    shown: dict[str, Any] = {
        "id": header["replay_id"],
        "status": header["status"],
        "source": header["source"],
        "overrides": header.get("overrides") or {},
        "runs": int(header.get("runs") or 0),
        "original": None if single is None else single["original"],
        "replay": None if single is None else single["replay"],
        "differs": bool(header.get("differs")),
        "created_at": clock.iso(header.get("created_at")),
    }
    if single is None and header.get("summary"):
        shown["summary"] = header["summary"]
    if header.get("error"):
        shown["error"] = header["error"]
    return shown


def get_replay(owner: str, agent_id: str, replay_id: str) -> dict[str, Any]:
    """One replay (the original and the replay side by side when it is one run)."""
    agents.get(owner, agent_id)
    header = repository.get(agent_id, f"rp#{replay_id}")
    if header is None:
        raise ReplayNotFoundError(f"replay {replay_id} not found")
    return public(header, _single(agent_id, replay_id) if int(header.get("runs") or 0) == 1 else None)


def list_replays(owner: str, agent_id: str, limit: int) -> list[dict[str, Any]]:
    """The agent's replays, newest first."""
    agents.get(owner, agent_id)
    return [public(h, None) for h in repository.replays(agent_id, limit)]


def replay_runs(owner: str, agent_id: str, replay_id: str) -> list[dict[str, Any]]:
    """A replay's runs: each one's original and replay."""
    get_replay(owner, agent_id, replay_id)
    return [
        {k: r.get(k) for k in ("result_id", "thread_id", "original", "replay", "differs")} | {"scheduled_for": clock.iso(r.get("scheduled_for"))}
        for r in repository.replayed_runs(agent_id, replay_id)
    ]


def dry_run(owner: str, agent_id: str, body: DryRunIn) -> dict[str, Any]:
    """A dry run of the agent on the given prompt or message and events; its Outcome."""
    from wakeful.lab import given

    agent = agents.get(owner, agent_id)
    return engine.run(given.input_for(agent, body))
