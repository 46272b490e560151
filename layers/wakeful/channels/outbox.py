"""Sending to channels: one delivery per (channel, what it answers), then a job.

:func:`send` is what the rest of Wakeful calls (a schedule's result, an approval
request, a ``send_notification``, a thread's answer): for each target it records a
delivery whose id is derived from the channel and ``key`` (what the message answers:
``approval:<thread>:<tool call>``, ``schedule:<result>``, ``reply:<run>``, ...) and
queues its first attempt. Calling it again for the same key (a redelivered step, a
repeated end of a run) finds the delivery and posts nothing more; a delivery that was
recorded but never attempted (the caller died before queueing it) is queued again.

A message is ``{text, title?, approval?: {ref, tool, arguments}, reply?: {...}}``;
:mod:`wakeful.channels.platforms` formats it for each platform when it is sent.
"""

from __future__ import annotations

import hashlib
import logging
import uuid
from collections.abc import Iterable
from typing import Any

from wakeful import clock, dryrun, retention
from wakeful.channels import delivery_repository, link_repository, models, platforms, targets
from wakeful.channels.records import Channel, ChannelDelivery, ChannelLink
from wakeful.channels.queue import send_channel_delivery

logger = logging.getLogger(__name__)

_NAMESPACE = uuid.UUID("5d3c1a7e-0f6b-4c2d-9e8a-7b1f2c3d4e5f")


def delivery_id(channel_id: str, key: str) -> str:
    """The delivery of ``key`` (what it answers, and where) in a channel: the same id
    every time (one post per key)."""
    return "chd_" + uuid.uuid5(_NAMESPACE, f"{channel_id}:{key}").hex


def approval_ref(thread_id: str, tool_call_id: str) -> str:
    """A short reference to a pending tool call, for buttons (Telegram's
    ``callback_data`` holds 64 bytes: ``approve:<ref>`` is 32)."""
    return hashlib.sha256(f"{thread_id}:{tool_call_id}".encode()).hexdigest()[:24]


def send(
    owner: str,
    agent_id: str,
    to: Iterable[str],
    *,
    kind: str,
    key: str,
    message: dict[str, Any],
    thread_id: str | None = None,
) -> list[str]:
    """Deliver ``message`` to each of the targets ``to`` (channel names, or
    ``name:conversation``), once per target and ``key``. Targets naming no channel of the
    owner (deleted since) are skipped. Returns the delivery ids."""
    sent: list[str] = []
    for target in dict.fromkeys(to):
        found = targets.resolve(owner, target)
        if found is None:
            logger.warning("channel target skipped: no such channel", extra={"agent_id": agent_id, "target": target[:40]})
            continue
        channel, conversation = found
        if channel.owner != owner:
            continue
        sent.append(to_channel(channel, target, conversation, kind=kind, key=key, message=message, thread_id=thread_id, agent_id=agent_id))
    return sent


def to_channel(
    channel: Channel,
    target: str,
    conversation: str | None,
    *,
    kind: str,
    key: str,
    message: dict[str, Any],
    thread_id: str | None,
    agent_id: str | None = None,
) -> str:
    """Deliver ``message`` to one channel (``conversation``: another than its default);
    returns the delivery id."""
    platform = platforms.of(channel.kind)
    where = conversation or platform.conversation(channel)
    if dryrun.capture(platform.dryrun_kind, f"{channel.name}:{where}", message):
        return "dry"
    now = clock.now()
    # One delivery per (what it answers, where): an approval goes once to a Slack thread
    # and once to another channel's conversation, never twice to one place.
    the_id = delivery_id(channel.channel_id, f"{key}@{where}")
    approval = message.get("approval")
    if approval and (thread_id or approval.get("action_id")):
        _link_approval(channel, agent_id or channel.agent_id, thread_id or "", approval, now)
    delivery = ChannelDelivery(
        delivery_id=the_id,
        channel_id=channel.channel_id,
        owner=channel.owner,
        agent_id=agent_id or channel.agent_id,
        kind=kind,
        target=target,
        message=message,
        conversation=conversation,
        thread_id=thread_id,
        created_at=now,
        updated_at=now,
        expires_at=retention.expiry(now, default_days=models.RETENTION_DAYS),
    )
    if not delivery_repository.create(delivery):
        existing = delivery_repository.get(the_id)
        if existing is None or existing.status != models.PENDING or existing.attempts > 0:
            return the_id  # under way or done: nothing more to send
    send_channel_delivery(the_id, delivery.agent_id)
    return the_id


def _link_approval(channel: Channel, agent_id: str, thread_id: str, approval: dict[str, Any], now: float) -> None:
    """The tool call a button of this channel decides (looked up when it is pressed): a
    thread's, or (no thread) a heartbeat's action, whose tool call id is its id."""
    link_repository.put(
        ChannelLink(
            channel_id=channel.channel_id,
            link_key=models.approval_link(approval["ref"]),
            agent_id=agent_id,
            thread_id=thread_id,
            tool_call_id=approval["tool_call_id"],
            created_at=now,
            expires_at=int(now + models.LINK_DAYS * 86400),
        )
    )


def approval_message(thread_id: str, tool_call_id: str, tool: str, arguments: dict[str, Any], agent_name: str) -> dict[str, Any]:
    """The message of an approval request: what the agent wants to run, and two buttons."""
    import json

    from wakeful.stream.redact import redact  # values under secret-named keys never leave

    shown = json.dumps(redact(arguments), sort_keys=True, default=str)
    if len(shown) > 1500:
        shown = shown[:1500] + "…"
    return {
        "title": f"{agent_name} asks for approval",
        "text": f"{agent_name} wants to run {tool} with {shown}",
        "approval": {"ref": approval_ref(thread_id, tool_call_id), "tool_call_id": tool_call_id, "tool": tool},
    }


def test(channel: Channel, text: str | None, conversation: str | None) -> str:
    """``POST /channels/{id}/test``: a test message, now; returns its delivery id.

    Raises:
        ChannelConfigError: ``conversation`` is not one of the channel's kind.
    """
    from wakeful import ids
    from wakeful.channels.exceptions import ChannelConfigError

    problem = targets.conversation_error(channel, conversation) if conversation else None
    if problem:
        raise ChannelConfigError(problem)
    message = {"title": "Wakeful", "text": text or "A test message from Wakeful: this channel works."}
    target = f"{channel.name}:{conversation}" if conversation else channel.name
    return to_channel(channel, target, conversation, kind=models.NOTIFICATION, key=f"test:{ids.ulid()}", message=message, thread_id=None)
