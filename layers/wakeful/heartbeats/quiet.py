"""Quiet heartbeats: a due heartbeat with nothing to do costs one conditional write.

A heartbeat does work when the agent's log has events it has not processed, when a
subscription must run on the heartbeat's own ``HEARTBEAT`` event, or when a hook
listens to ``BEFORE_HEARTBEAT``/``AFTER_HEARTBEAT``. When none of that holds, running
it would append a ``HEARTBEAT`` event nobody reads, match it against no subscription
and complete: about ten AWS requests to learn nothing. The scan decides instead, from
the agent item it reads anyway (one BatchGetItem for every due agent of a shard):

- ``last_seq == processed_seq``: nothing new in the log;
- ``heartbeat_tools`` (kept on the agent by the subscriptions' writer,
  :func:`wakeful.subscriptions.service.sync_heartbeat_tools`: the tools of
  the agent's active ``HEARTBEAT`` subscriptions) is empty, or every tool in it has a
  probe (an extension's, e.g. SnipIn's FeedReader) that says it has nothing to do without being asked;
- ``hook_types`` holds neither ``BEFORE_HEARTBEAT`` nor ``AFTER_HEARTBEAT``;
- the heartbeat was not asked for (``POST /agents/{id}/heartbeats`` marks it
  ``forced``: a requested heartbeat always runs and leaves its record).

Then the pending heartbeat is not claimed: one conditional UpdateItem moves it to the
next interval and counts it (``quiet_heartbeats``, ``last_quiet_heartbeat_at`` on the
pending heartbeat, carried to the next one and to the agent when a heartbeat runs).
The audit trail stays honest: a quiet heartbeat is a count, not a record, and the
record that finally runs says how many quiet ones it stood for. What it saved this
month is that count since the month's first quiet heartbeat (noted on the agent once a
month), summed over an owner's agents when the owner's savings are read.

Races are benign. An event appended after the agent was read is in the log with a seq
above ``processed_seq``: the next heartbeat's window takes it (no event is missed),
exactly as if it had arrived just after a heartbeat ran. A subscription created after
the read is seen by the next heartbeat, as if created just after this one.
"""

from __future__ import annotations

import logging

from wakeful import capabilities, clock
from wakeful.agents import repository as agents_repository
from wakeful.agents.records import Agent
from wakeful.heartbeats import repository
from wakeful.heartbeats.records import HeartbeatKey

logger = logging.getLogger(__name__)

#: Hook types that make every heartbeat of the agent observable: never quiet.
HEARTBEAT_HOOK_TYPES = frozenset({"BEFORE_HEARTBEAT", "AFTER_HEARTBEAT"})

#: Probes of built-in tools subscribed to ``HEARTBEAT`` come from the capabilities'
#: manifests (:func:`wakeful.capabilities.heartbeat_probes`): ``probe(owner, agent_id) ->
#: True`` when the tool would find nothing to do. A manifest's probe imports its module
#: only when an agent needs it, so the scan stays small.


def is_quiet(agent: Agent | None) -> bool:
    """Whether a due heartbeat of this agent (as read now) would do nothing."""
    if agent is None or not agent.is_active or agent.requested_heartbeat_id:
        return False
    if agent.last_seq != agent.processed_seq:
        return False
    tools = agent.heartbeat_tools
    if tools is None:  # not known yet (an agent older than the flag): run, and learn
        return False
    if HEARTBEAT_HOOK_TYPES & set(agent.hook_types or ()):
        return False
    return all(_probe_says_idle(tool, agent) for tool in tools)


def _probe_says_idle(tool: str, agent: Agent) -> bool:
    probe = capabilities.heartbeat_probes().get(tool)
    if probe is None:
        return False  # a tool we cannot ask: it runs
    try:
        return bool(probe(agent.owner, agent.agent_id))
    except Exception:  # a probe must never cost a heartbeat: when in doubt, run it
        logger.exception("heartbeat probe failed; running the heartbeat", extra={"tool": tool, "agent_id": agent.agent_id})
        return False


def record(key: HeartbeatKey, agent: Agent, now: float) -> bool:
    """Count a quiet heartbeat and move the pending heartbeat to the next interval, in
    one conditional write. False if it is no longer due, was asked for, or changed.

    What the agent did not spend this month (``saved.quiet_heartbeats``) is its count
    since the month's first quiet heartbeat, whose base the agent item notes once a
    month (:func:`month_saved`): nothing more is written for it."""
    scheduled = now + agent.heartbeat_interval_seconds
    count = repository.skip_quiet(key.agent_id, key.heartbeat_id, scheduled, now)
    if count is None:
        return False
    month = clock.month(now)
    if (agent.quiet_base or {}).get("month") != month:
        agents_repository.set_quiet_base(key.agent_id, month, count - 1)
    return True


def month_saved(agent: Agent, now: float) -> int:
    """The agent's quiet heartbeats this UTC month (``agent`` as the API shows it: its
    count read from the pending heartbeat)."""
    base = agent.quiet_base or {}
    if base.get("month") != clock.month(now):
        return 0
    return max(0, agent.quiet_heartbeats - int(base.get("count") or 0))
