"""What an agent's threads and schedules send to channels (docs/channels.md, "Targets").

The channels' run-end listener (:mod:`wakeful.channels.manifest`) calls
:func:`run_ended` at every end of every thread's run, and their schedule result listener
calls :func:`result_finished`:

- a run parked for approvals → an approval request per pending tool call, with Approve
  and Deny buttons, to the thread's targets (its schedule's ``notify``, else the
  agent's) and to the conversation the thread started in;
- the ``send_notification`` calls of the run → each to its ``channel``, else to the
  thread's targets (else to the conversation it started in), when the run ends: a
  heartbeat run's are held until then and dropped when it answers ``HEARTBEAT_OK`` (and
  never carry the token), as its hooks are;
- the run's answer → back to the conversation a chat thread started in (the Slack
  thread, a reply to the Telegram message, the Discord command's answer), with a Reply
  button where the platform has forms (its press opens one; what is typed in goes on
  the thread: :mod:`wakeful.channels.buttons`);
- a schedule's finding (``success``) or failure (``error``) → the schedule's ``notify``,
  else the agent's.

Every delivery is keyed by what it answers (``approval:<thread>:<tool call>``,
``notification:<thread>:<tool call>``, ``reply:<run>``, ``schedule:<result>``) and where:
an end told twice posts once.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from wakeful.channels import buttons, link_repository, models, outbox, platforms, repository
from wakeful.channels.records import Channel
from wakeful.threads import records as threads

if TYPE_CHECKING:
    from wakeful.actions.records import Action
    from wakeful.agents.records import Agent
    from wakeful.threads.slots import RunEnd
    from wakeful.threads.records import Thread

logger = logging.getLogger(__name__)

SCHEDULED = "scheduled"
HEARTBEAT = "heartbeat"
#: Messages of a run read to find its notifications (its last ones).
_RUN_WINDOW = 400


# -- where --------------------------------------------------------------------------
def targets_of(agent: Agent, thread: Thread | None = None, schedule_id: str | None = None) -> list[str]:
    """The targets of a thread (or a schedule's result): its schedule's ``notify``, else
    the agent's."""
    from wakeful.schedules import repository as schedules  # its data: a scheduled run's schedule

    schedule_id = schedule_id or (thread.source_id if thread is not None and thread.source == SCHEDULED else None)
    if schedule_id:
        schedule = schedules.get_schedule(agent.agent_id, schedule_id)
        if schedule is not None and schedule.get("notify") is not None:
            return list(schedule["notify"])
    return list(agent.notify or ())


def origin_of(thread: Thread) -> tuple[Channel, dict[str, Any]] | None:
    """The channel and origin a chat thread started from (None for other threads)."""
    origin = thread.attributes.get("origin")
    if thread.source not in platforms.chat_names() or not isinstance(origin, Mapping):
        return None
    channel = repository.get(str(origin.get("channel_id") or ""))
    if channel is None or channel.owner != thread.owner:
        return None
    return channel, dict(origin)


def _reply_fields(channel: Channel, thread: Thread, origin: Mapping[str, Any]) -> dict[str, Any]:
    """How a message answers in the conversation ``origin`` names, per platform (the
    person's latest message, where the platform answers it)."""
    platform = platforms.of(channel.kind)
    last = link_repository.get(channel.channel_id, models.last_message_link(thread.thread_id)) if platform.links_last_message else None
    return platform.reply(origin, last.message_id if last is not None else None)


def _to_origin(thread: Thread, *, kind: str, key: str, message: dict[str, Any]) -> None:
    found = origin_of(thread)
    if found is None:
        return
    channel, origin = found
    conversation = str(origin.get("conversation") or "") or None
    if conversation and platforms.conversation_pattern(channel.kind).fullmatch(conversation) is None:
        conversation = None
    reply = {k: v for k, v in _reply_fields(channel, thread, origin).items() if v}
    target = f"{channel.name}:{conversation}" if conversation else channel.name
    outbox.to_channel(channel, target, conversation, kind=kind, key=key, message={**message, "reply": reply}, thread_id=thread.thread_id, agent_id=thread.agent_id)


# -- a run's end ----------------------------------------------------------------------
def run_ended(end: RunEnd) -> None:
    """Send what the end of a run sends (module docstring)."""
    agent, thread = end.agent, end.thread
    if agent is None or not thread.run_id:
        return
    if thread.status == threads.WAITING_APPROVAL:
        _approvals(agent, thread)
        if not _held(thread):
            _notifications(agent, thread)
        return
    if _held(thread) and _silent(thread):
        return  # a heartbeat run that found nothing: nobody hears of it
    _notifications(agent, thread)
    _reply(thread)


def _held(thread: Thread) -> bool:
    """A heartbeat run's messages wait for its answer."""
    return thread.source == SCHEDULED and thread.prompt_mode == HEARTBEAT


def _silent(thread: Thread) -> bool:
    from wakeful.schedules import answers

    return answers.is_heartbeat_ok(thread.final_text) or (not thread.final_text and answers.is_heartbeat_ok(thread.summary))


def _scrub(text: str, thread: Thread) -> str:
    """A heartbeat run's text without the ``HEARTBEAT_OK`` token."""
    if not _held(thread):
        return text
    from wakeful.schedules import answers

    return answers.without_token(text) if answers.TOKEN in text else text


def _approvals(agent: Agent, thread: Thread) -> None:
    for approval in thread.pending():
        message = outbox.approval_message(thread.thread_id, approval.tool_call_id, approval.tool, dict(approval.arguments), agent.name)
        key = f"approval:{thread.thread_id}:{approval.tool_call_id}"
        _to_origin(thread, kind=models.APPROVAL, key=key, message=message)
        outbox.send(agent.owner, agent.agent_id, targets_of(agent, thread), kind=models.APPROVAL, key=key, message=message, thread_id=thread.thread_id)


def action_parked(action: Action, arguments: Mapping[str, Any]) -> None:
    """A heartbeat's action parked for approval: ask the agent's ``notify`` channels
    (a button decides it as ``POST .../actions/{id}/approval`` would)."""
    from wakeful.agents import repository as agents

    agent = agents.get(action.agent_id)
    if agent is None or not agent.notify:
        return
    message = outbox.approval_message("", action.action_id, action.tool, dict(arguments), agent.name)
    message["approval"]["action_id"] = action.action_id
    outbox.send(agent.owner, agent.agent_id, list(agent.notify), kind=models.APPROVAL, key=f"approval:action:{action.action_id}", message=message)


def _notifications(agent: Agent, thread: Thread) -> None:
    for call_id, text, channel in _notified(thread):
        message = {"title": f"{agent.name}", "text": _scrub(text, thread)}
        key = f"notification:{thread.thread_id}:{call_id}"
        if channel:
            outbox.send(agent.owner, agent.agent_id, [channel], kind=models.NOTIFICATION, key=key, message=message, thread_id=thread.thread_id)
            continue
        to = targets_of(agent, thread)
        if to:
            outbox.send(agent.owner, agent.agent_id, to, kind=models.NOTIFICATION, key=key, message=message, thread_id=thread.thread_id)
        else:
            _to_origin(thread, kind=models.NOTIFICATION, key=key, message=message)


def _notified(thread: Thread) -> list[tuple[str, str, str | None]]:
    """``(tool call id, message, channel)`` of each ``send_notification`` of the run that
    went through (its result is not an error), in order."""
    from wakeful.threads import messages_repository  # its data: the run's messages

    last = thread.last_msg_seq
    messages = [m for m in messages_repository.range_for(thread.thread_id, max(1, last - _RUN_WINDOW), last) if m.get("run_id") == thread.run_id]
    failed = {m.get("tool_call_id") for m in messages if m.get("role") == "tool" and m.get("is_error")}
    answered = {m.get("tool_call_id") for m in messages if m.get("role") == "tool"}
    found = []
    for message in messages:
        for call in message.get("tool_calls") or []:
            if call.get("name") != "send_notification" or call.get("id") in failed or call.get("id") not in answered:
                continue
            arguments = call.get("arguments") or {}
            text = str(arguments.get("message") or "").strip()
            channel = str(arguments.get("channel") or "").strip() or None
            if text:
                found.append((str(call["id"]), text, channel))
    return found


def _reply(thread: Thread) -> None:
    """The run's answer, in the conversation the thread started in."""
    if thread.source not in platforms.chat_names() or thread.ended_by == "cancel" or thread.status == threads.EXPIRED:
        return
    if thread.status == threads.FAILED:
        text = f"Sorry, I could not finish this: {thread.error_message or 'the run failed'}"
    else:
        text = (thread.final_text or "").strip() or (thread.summary or "").strip()
    if text:
        _to_origin(thread, kind=models.REPLY, key=f"reply:{thread.run_id}", message={"text": text, "actions": [buttons.reply_action(thread.thread_id)]})


# -- a schedule's result --------------------------------------------------------------
def notifies(agent: Agent, row: Mapping[str, Any], status: str) -> bool:
    """Whether a result of this status goes to a channel (the result's ``notified``)."""
    return status in ("success", "error") and bool(targets_of(agent, schedule_id=str(row.get("schedule_id") or "")))


def result_finished(agent: Agent, row: Mapping[str, Any]) -> None:
    """A schedule's finding or failure, to the schedule's targets."""
    status = row.get("status")
    if status not in ("success", "error"):
        return
    failed = status == "error"
    text = str((row.get("error_message") if failed else row.get("result_content")) or row.get("result_content") or "").strip()
    message = {
        "title": f"{agent.name}: {'a scheduled run failed' if failed else 'schedule result'}",
        "text": text or ("the run failed" if failed else "(no content)"),
    }
    kind = models.SCHEDULE_FAILED if failed else models.SCHEDULE_RESULT
    to = targets_of(agent, schedule_id=str(row.get("schedule_id") or ""))
    outbox.send(agent.owner, agent.agent_id, to, kind=kind, key=f"schedule:{row['result_id']}", message=message, thread_id=row.get("thread_id"))
    logger.info("schedule result sent to channels", extra={"result_id": row["result_id"], "targets": len(to), "status": status, "size": len(json.dumps(message))})
