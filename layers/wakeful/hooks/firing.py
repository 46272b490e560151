"""Firing hooks from the heartbeat and action lifecycle.

Firing never fails a heartbeat: errors are logged and swallowed. The agent record
carries ``hook_types`` (the types it has active hooks for) so that an agent with no
hooks costs no extra request. A delivery's first attempt is made here, in the firing
function, when its invocation has the time (docs/hooks.md, "Firing"), except inside
:func:`wakeful.hooks.deferral.deferred` (the scan and the API: their time belongs to others).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from wakeful import dryrun

if TYPE_CHECKING:
    from wakeful.agents.records import Agent
    from wakeful.hooks.events import HookEvent

logger = logging.getLogger(__name__)



def wants(agent: Agent, hook_type: str) -> bool:
    """Whether ``agent`` has an active hook of ``hook_type`` (from the agent item: no
    request). A call site may ask before it builds (and imports) the event."""
    return hook_type in set(agent.hook_types or ())


def fire(
    agent: Agent,
    event: HookEvent,
    *,
    heartbeat_id: str | None = None,
    action_id: str | None = None,
    context: dict[str, Any] | None = None,
    delivery_key: str | None = None,
) -> None:
    """Fire every active hook of ``agent`` for ``event``'s hook type.

    Args:
        agent: the agent (its ``hook_types`` says whether to look further).
        event: the typed hook event (:mod:`wakeful.hooks.events`), e.g.
            ``AfterHeartbeat(...)``; its hook type (``event.name``, e.g.
            ``BEFORE_SNIP_CREATE`` for a tool's) says which hooks, its ``data()`` is the
            HookPayload's ``data``.
        heartbeat_id: the heartbeat this belongs to, if any.
        action_id: the action this belongs to, if any.
        context: the payload's ``context`` (e.g. ``{"triggered_by": "FEED_SUMMARIZED"}``).
        delivery_key: makes the delivery id deterministic, so that firing the same
            lifecycle point again (a redelivered message) never delivers twice.
    """
    hook_type = event.name
    if not wants(agent, hook_type) or dryrun.capture("hook", hook_type, event.data()):
        return
    try:
        from wakeful.hooks import outbox

        outbox.start_deliveries(
            agent,
            hook_type,
            event.data(),
            heartbeat_id=heartbeat_id,
            action_id=action_id,
            context=context or {},
            delivery_key=delivery_key,
        )
    except Exception:  # noqa: BLE001 - a hook must never break the heartbeat
        logger.exception("hook firing failed", extra={"agent_id": agent.agent_id, "hook_type": hook_type})
