"""Buttons on chat messages, and what pressing one does.

A message may carry ``actions``: ``[{label, value, style}]`` (``style`` one of
``primary``, ``success``, ``danger``, ``default``); every platform that can show
buttons renders them (:func:`wakeful.channels.platforms.render.actions_of`), and an
approval request's Approve and Deny are two of them. A button's ``value`` is
``<prefix>:<ref>``; the prefix picks its handler in :data:`HANDLERS`:

- ``approve`` / ``deny``: the tool call (or heartbeat action) the ref stands for is
  decided, once;
- ``reply``: opens a form with one text field where the platform has forms (Discord's
  modal); what is typed in is a message to the thread the ref names, from that person.

- ``extend`` (the spend guard's): raises a budget's limit for its period by the amount
  the button names, once, and resumes what that limit paused.

The channels' own prefixes are in :data:`HANDLERS`; a capability above the channels adds
its prefix through the slot :data:`wakeful.channels.slots.BUTTONS`. The channel worker
calls the handler's ``press`` with the channel and the job (``decision`` is the prefix,
``ref``, ``user``, and ``text`` for a form's submit).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Callable, NamedTuple

from wakeful.channels import link_repository, models

if TYPE_CHECKING:
    from wakeful.channels.records import Channel

#: ``<prefix>:<ref>``: short enough for Telegram's 64-byte callback data.
VALUE = re.compile(r"^([a-z][a-z_]{0,19}):([A-Za-z0-9_-]{1,40})$")
STYLES = ("primary", "success", "danger", "default")


class ButtonHandler(NamedTuple):
    """What a press of a button of one prefix does.

    ``press(channel, job) -> (outcome, thread_id | None)`` is the channel worker's part.
    ``form``: the title of a one-field text form the press opens first (only platforms
    with forms show such a button); its submit is the press, with ``job["text"]``.
    """

    press: Callable[[Channel, dict[str, Any]], tuple[str, str | None]]
    form: str | None = None


def parse(value: Any, *, forms: bool = False) -> tuple[str, str] | None:
    """``(prefix, ref)`` of a button value with a handler (one that opens a form only
    when ``forms``); None for anything else."""
    match = VALUE.fullmatch(value) if isinstance(value, str) else None
    if match is None:
        return None
    handler = handler_of(match.group(1))
    if handler is None or (handler.form and not forms):
        return None
    return match.group(1), match.group(2)


def handler_of(prefix: str) -> ButtonHandler | None:
    """The handler of a prefix: the channels' own, else an installed capability's."""
    handler = HANDLERS.get(prefix)
    if handler is not None:
        return handler
    from wakeful.channels.slots import BUTTONS

    button = next((b for b in BUTTONS.installed() if b.name == prefix), None)
    return ButtonHandler(button.press) if button is not None else None


def form_of(prefix: str) -> str | None:
    """The form title a button of ``prefix`` opens (None: it opens none)."""
    handler = handler_of(prefix)
    return handler.form if handler else None


def press(channel: Channel, job: dict[str, Any]) -> tuple[str, str | None]:
    """Do what a pressed button (or a submitted form) asks."""
    handler = handler_of(str(job.get("decision") or ""))
    if handler is None:
        return "no handler for this button: nothing changed", None
    return handler.press(channel, job)


# -- approve / deny -------------------------------------------------------------------
_PAST = {models.APPROVE: "approved", models.DENY: "denied"}


def _decide_action(channel: Channel, agent_id: str, action_id: str, decision: str, note: str) -> tuple[str, str | None]:
    """A button of a heartbeat's action parked for approval."""
    from wakeful.actions import approvals
    from wakeful.actions.records import ActionNotFoundError
    from wakeful.agents.exceptions import AgentNotFoundError

    try:
        approvals.decide(channel.owner, agent_id, action_id, decision, note)
    except approvals.ActionNotWaitingError:
        return f"action {action_id} was already decided: nothing changed", None
    except (ActionNotFoundError, AgentNotFoundError):
        return f"action {action_id} waits for no decision any more: nothing changed", None
    return f"action {action_id} {_PAST[decision]}", None


def _decide(channel: Channel, job: dict[str, Any]) -> tuple[str, str | None]:
    from wakeful.agents.exceptions import AgentNotFoundError
    from wakeful.threads import service as threads
    from wakeful.threads.exceptions import ThreadApprovalNotFoundError, ThreadNotFoundError, ThreadStateError

    link = link_repository.get(channel.channel_id, models.approval_link(str(job.get("ref"))))
    if link is None or not link.tool_call_id:
        return "no approval of this channel has this button: nothing changed", None
    decision = models.APPROVE if job.get("decision") == models.APPROVE else models.DENY
    note = f"{_PAST[decision]} in {channel.kind} ({channel.name}) by user {job.get('user')}"
    if not link.thread_id:
        return _decide_action(channel, link.agent_id, link.tool_call_id, decision, note)
    try:
        by = f"user {job['user']} in {channel.kind} ({channel.name})" if job.get("user") else f"a person in {channel.kind} ({channel.name})"
        threads.decide_approval(channel.owner, link.agent_id, link.thread_id, link.tool_call_id, decision, note, by=by)
    except ThreadStateError:
        return f"tool call {link.tool_call_id} was already decided: nothing changed", link.thread_id
    except (ThreadApprovalNotFoundError, ThreadNotFoundError, AgentNotFoundError):
        return f"tool call {link.tool_call_id} waits for no decision any more: nothing changed", link.thread_id
    return f"tool call {link.tool_call_id} {_PAST[decision]}", link.thread_id


# -- reply ----------------------------------------------------------------------------
REPLY = "reply"


def reply_action(thread_id: str) -> dict[str, str]:
    """The Reply button on an answer in a chat conversation: its press opens a form
    whose text goes to ``thread_id``."""
    return {"label": "Reply", "value": f"{REPLY}:{thread_id}", "style": "primary"}


def _reply(channel: Channel, job: dict[str, Any]) -> tuple[str, str | None]:
    """A reply form's text: a message to the thread the button names, if that thread
    is this channel's (it started here, on the channel's agent)."""
    from wakeful.agents.exceptions import AgentNotFoundError
    from wakeful.threads import repository as thread_repository
    from wakeful.threads import service as threads
    from wakeful.threads.exceptions import ThreadNotFoundError, ThreadStateError

    thread_id, text = str(job.get("ref") or ""), str(job.get("text") or "").strip()
    thread = thread_repository.get(channel.agent_id, thread_id)
    if thread is None or thread.owner != channel.owner or thread.source_id != channel.channel_id:
        return "no thread of this channel has this button: nothing posted", None
    if not text:
        return "the reply was empty: nothing posted", thread_id
    try:
        threads.post_message(channel.owner, channel.agent_id, thread_id, text, created_by="user")
    except (ThreadStateError, ThreadNotFoundError, AgentNotFoundError):
        return f"thread {thread_id} takes no messages any more: nothing posted", thread_id
    return f"message posted to thread {thread_id}", thread_id


HANDLERS: dict[str, ButtonHandler] = {
    models.APPROVE: ButtonHandler(_decide),
    models.DENY: ButtonHandler(_decide),
    REPLY: ButtonHandler(_reply, form="Reply"),
}
