"""The channel worker: a verified platform request's work, after its acknowledgement.

- ``message`` (a Slack message or mention, a Telegram message, a Discord slash command):
  a reply in a conversation that belongs to a thread (a Slack thread's ``thread_ts``, a
  reply to one of the bot's Telegram messages) goes to that thread as a user message;
  anything else starts a thread on the channel's agent (``source`` the platform,
  ``source_id`` the channel), which remembers where it came from so its answer goes
  back there (:mod:`wakeful.channels.answers`).
- ``button``: what the button's handler does (:mod:`wakeful.channels.buttons`): Approve
  or Deny decides the tool call it stands for, once (a second press, or a press after
  the API decided it, changes nothing); a reply form's text goes to its thread.

Each outcome is written on the request's row (``GET /channels/{id}/requests``). A job
done again (SQS redelivers) starts the same thread (its id derives from the request)
and decides nothing twice.
"""

from __future__ import annotations

import logging
from typing import Any

from wakeful import clock
from wakeful.agents.exceptions import AgentNotFoundError
from wakeful.channels import buttons, link_repository, models, platforms, repository, request_repository
from wakeful.channels.records import Channel, ChannelLink
from wakeful.threads.exceptions import ThreadNotFoundError, ThreadStateError

logger = logging.getLogger(__name__)


def handle(job: dict[str, Any]) -> str:
    """Do one job; returns its outcome (also written on the request's row)."""
    channel = repository.get(str(job.get("channel_id") or ""))
    thread_id: str | None = None
    if channel is None:
        outcome = "the channel was deleted: nothing done"
    elif job.get("work") == "button":
        outcome, thread_id = buttons.press(channel, job)
    else:
        try:
            outcome, thread_id = _message(channel, job)
        except AgentNotFoundError:
            outcome = "the channel's agent was deleted: nothing done"
    if job.get("request_id"):
        request_repository.set_outcome(str(job.get("channel_id")), job["request_id"], outcome, thread_id)
    logger.info("channel work done", extra={"channel_id": job.get("channel_id"), "work": job.get("work"), "outcome": outcome[:80]})
    return outcome


# -- messages ------------------------------------------------------------------------
def _message(channel: Channel, job: dict[str, Any]) -> tuple[str, str | None]:
    from wakeful.threads import service as threads

    conversation = str(job.get("conversation") or "")
    ref = job.get("thread_ref")
    link = link_repository.get(channel.channel_id, models.message_link(conversation, str(ref))) if ref else None
    if link is not None:
        try:
            threads.post_message(channel.owner, link.agent_id, link.thread_id, str(job["text"]), created_by="user")
            _link_last(channel, link.agent_id, link.thread_id, job)
            return f"message posted to thread {link.thread_id}", link.thread_id
        except (ThreadStateError, ThreadNotFoundError, AgentNotFoundError):
            pass  # that thread ended (or is gone): the message starts a new one, in the same place
    thread_id = _start(channel, job)
    return f"thread {thread_id} started", thread_id


def origin_of(channel: Channel, job: dict[str, Any]) -> dict[str, Any]:
    """Where a thread started from a platform message answers: the channel, the
    conversation, and the platform's way of replying (a Slack thread's ``thread_ts``, a
    Telegram ``reply_to_message_id``, a Discord interaction's follow-up)."""
    kind = channel.kind
    origin: dict[str, Any] = {"channel_id": channel.channel_id, "channel": channel.name, "kind": kind, "conversation": job.get("conversation"), "user": job.get("user")}
    origin.update(platforms.of(kind).origin(channel, job))
    return origin


def _start(channel: Channel, job: dict[str, Any]) -> str:
    from wakeful.threads import records as thread_records
    from wakeful.threads import service as threads

    received = float(job.get("received_at") or clock.now())
    thread_id = thread_records.derived_thread_id(received, "channel", channel.channel_id, str(job.get("request_id") or job.get("message_id")))
    origin = origin_of(channel, job)
    _link_origin(channel, job, thread_id, origin, received)
    threads.start_thread(
        channel.owner,
        channel.agent_id,
        str(job["text"]),
        source=channel.kind,
        source_id=channel.channel_id,
        attributes={"origin": origin},
        thread_id=thread_id,
        created_by="user",
    )
    return thread_id


def _link_origin(channel: Channel, job: dict[str, Any], thread_id: str, origin: dict[str, Any], now: float) -> None:
    """Links to a new thread: its first message (a reply in its Slack thread, or to it in
    Telegram, continues it), and a Discord interaction's token for the answer."""
    expires = int(now + models.LINK_DAYS * 86400)
    conversation = str(job.get("conversation") or "")
    anchor = origin.get("thread_ts") or origin.get("reply_to_message_id")
    if anchor:
        link_repository.put(ChannelLink(channel.channel_id, models.message_link(conversation, str(anchor)), channel.agent_id, thread_id, created_at=now, expires_at=expires))
    interaction = job.get("interaction") or {}
    if origin.get("interaction") and interaction.get("token_sealed"):
        link_repository.put(
            ChannelLink(
                channel.channel_id,
                origin["interaction"],
                channel.agent_id,
                thread_id,
                token_sealed=interaction["token_sealed"],
                application_id=str(interaction.get("application_id") or ""),
                created_at=now,
                expires_at=int(now + 86400),
            )
        )


def _link_last(channel: Channel, agent_id: str, thread_id: str, job: dict[str, Any]) -> None:
    """The person's latest message to a thread: its next answer replies to that one (and,
    for Telegram, a reply to the bot's answer continues the thread)."""
    if not platforms.of(channel.kind).links_last_message or not job.get("message_id"):
        return
    now = clock.now()
    link_repository.put(
        ChannelLink(channel.channel_id, models.last_message_link(thread_id), agent_id, thread_id, message_id=str(job["message_id"]), created_at=now, expires_at=int(now + models.LINK_DAYS * 86400))
    )
