"""Reading a verified platform request: what it asks for, and the answer the platform
expects at once (pure functions; :mod:`wakeful.channels.inbound` runs them after the
signature check).

Each reader returns a :class:`Reading`: the answer (status and body), how the request
is recorded (``status``, ``reason``), and, when there is work, the work for the channel
worker and the platform event ids that make it unique (a retried or replayed request is
taken once). Work is ``{"work": "message", ...}`` (a thread message: ``text``, ``user``,
``conversation``, ``message_id``, ``thread_ref``) or ``{"work": "button", ...}`` (a
button pressed, or a form it opened submitted: ``decision`` (the button's prefix),
``ref``, ``user``, and a form's ``text``; :mod:`wakeful.channels.buttons`).
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import parse_qs

from wakeful.channels import buttons, models
from wakeful.channels.platforms.base import BadBody, Reading
from wakeful.channels.records import Channel

_LEADING_MENTIONS = re.compile(r"^\s*(?:<@[A-Z0-9]+(?:\|[^>]*)?>[\s,:]*)+")
#: Slack message subtypes that are a person's message (the others are edits, joins, ...).
_PERSON_SUBTYPES = frozenset({None, "thread_broadcast", "file_share"})
MAX_TEXT = 20_000


def _json(body: bytes) -> dict[str, Any]:
    try:
        value = json.loads(body)
    except (ValueError, UnicodeDecodeError) as error:
        raise BadBody("the body is not JSON") from error
    if not isinstance(value, dict):
        raise BadBody("the body is not a JSON object")
    return value


def _ignored(body: Any, reason: str, **fields: Any) -> Reading:
    return Reading(200, body, models.IGNORED, reason=reason, **fields)


def _not_allowed(channel: Channel, user: str | None, body: Any, **fields: Any) -> Reading | None:
    if channel.allows(user):
        return None
    return Reading(200, body, models.REJECTED, reason=f"user {user} is not in the channel's allowed_users: nothing changed", user=user, **fields)


_SLACK_CONVERSATION = re.compile(models.SLACK_CONVERSATION_PATTERN)
_SLACK_TS = re.compile(models.SLACK_TS_PATTERN)
_USER = re.compile(models.USER_ID_PATTERN)
_DISCORD_CHANNEL = re.compile(models.DISCORD_CHANNEL_PATTERN)
_DISCORD_APPLICATION = re.compile(models.DISCORD_APPLICATION_PATTERN)
_DISCORD_TOKEN = re.compile(models.DISCORD_TOKEN_PATTERN)
_TELEGRAM_CHAT = re.compile(models.TELEGRAM_CHAT_PATTERN)


def _id(value: Any, pattern: re.Pattern[str], name: str) -> str:
    """A platform id the work carries, as text: checked before it goes into a URL path or
    a platform request, as the channel's config ids are (an empty one is absent).

    Raises:
        BadBody: naming the field, never repeating the value.
    """
    text = "" if value is None else str(value)
    if text and not pattern.fullmatch(text):
        raise BadBody(f"{name} is not an id of the form the platform uses (it would go into a URL path or a request as it is)")
    return text


def _number(value: Any, name: str) -> str | None:
    """A Telegram integer id (a message's, a user's) as text; None when absent.

    Raises:
        BadBody: a value that is not an integer.
    """
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadBody(f"{name} is not an integer")
    return str(value)


# -- Slack ---------------------------------------------------------------------------
def slack_events(channel: Channel, body: bytes) -> Reading:
    """An Events API request: the URL check, or a person's message."""
    data = _json(body)
    kind = data.get("type")
    if kind == "url_verification":
        return Reading(200, {"challenge": data.get("challenge")}, models.ACCEPTED, reason="url_verification", event_type="url_verification")
    if kind != "event_callback" or not isinstance(data.get("event"), dict):
        return _ignored({}, f"an Events API request of type {str(kind)[:40]!r}: nothing to do", event_type=str(kind)[:40])
    event, event_id = data["event"], str(data.get("event_id") or "")[:100]
    fields: dict[str, Any] = {"event_type": str(event.get("type"))[:40], "event_id": event_id or None}
    if event.get("type") not in ("message", "app_mention"):
        return _ignored({}, "not a message or an app_mention event", **fields)
    if event.get("bot_id") or event.get("subtype") == "bot_message" or not event.get("user"):
        return _ignored({}, "a bot's message (the agent's own among them)", **fields)
    if event.get("subtype") not in _PERSON_SUBTYPES:
        return _ignored({}, f"a message of subtype {str(event.get('subtype'))[:40]}, not a person's new message", **fields)
    user = _id(event["user"], _USER, "event.user")
    conversation, ts = _id(event.get("channel"), _SLACK_CONVERSATION, "event.channel"), _id(event.get("ts"), _SLACK_TS, "event.ts")
    thread_ts = _id(event.get("thread_ts"), _SLACK_TS, "event.thread_ts") or None
    refused = _not_allowed(channel, user, {}, **fields)
    if refused:
        return refused
    text = _LEADING_MENTIONS.sub("", str(event.get("text") or "")).strip()[:MAX_TEXT]
    if not text:
        return _ignored({}, "an empty message", user=user, **fields)
    work = {"work": "message", "platform": channel.kind, "user": user, "text": text, "conversation": conversation, "message_id": ts, "thread_ref": thread_ts}
    keys = [f"event:{event_id}"] if event_id else []
    if ts:  # a mention arrives as two events, message and app_mention, with one ts
        keys.append(f"msg:{conversation}:{ts}")
    return Reading(200, {}, models.ACCEPTED, user=user, work=work, keys=keys, **fields)


def slack_interactions(channel: Channel, body: bytes) -> Reading:
    """An interactivity request (form field ``payload``): an Approve or Deny press."""
    try:
        payload = json.loads(parse_qs(body.decode("utf-8")).get("payload", [""])[-1])
    except (ValueError, UnicodeDecodeError) as error:
        raise BadBody("the body is not a form with a JSON payload field") from error
    if not isinstance(payload, dict):
        raise BadBody("payload is not a JSON object")
    fields: dict[str, Any] = {"event_type": str(payload.get("type"))[:40]}
    actions = payload.get("actions") if payload.get("type") == "block_actions" else None
    pressed = buttons.parse(actions[0].get("value")) if isinstance(actions, list) and actions and isinstance(actions[0], dict) else None
    if pressed is None:
        return _ignored(None, "not a button of Wakeful's", **fields)
    sender = payload.get("user")
    user = _id(sender.get("id") if isinstance(sender, dict) else None, _USER, "user.id") or None
    action_ts = str(actions[0].get("action_ts") or "")  # type: ignore[index]
    fields["event_id"] = str(payload.get("trigger_id") or action_ts)[:100] or None
    refused = _not_allowed(channel, user, None, **fields)
    if refused:
        return refused
    decision, ref = pressed
    work = {"work": "button", "platform": channel.kind, "user": user, "decision": decision, "ref": ref}
    return Reading(200, None, models.ACCEPTED, user=user, work=work, keys=[f"press:{fields['event_id'] or ref + action_ts}"], **fields)


# -- Discord -------------------------------------------------------------------------
def _discord_user(data: dict[str, Any]) -> str | None:
    member = data.get("member")
    user = (member.get("user") if isinstance(member, dict) else None) or data.get("user") or {}
    if not isinstance(user, dict):
        return None
    return _id(user.get("id"), _USER, "user.id") or None


def discord(channel: Channel, body: bytes) -> Reading:
    """An interaction: a PING, a slash command with a ``message`` option, a button, or
    the submit of a form a button opened (a modal)."""
    data = _json(body)
    kind, interaction_id = data.get("type"), str(data.get("id") or "")[:40] or None
    fields: dict[str, Any] = {"event_type": f"interaction_{kind}"[:40], "event_id": interaction_id, "user": _discord_user(data)}
    if kind == 1:
        return Reading(200, {"type": 1}, models.ACCEPTED, reason="ping", **fields)
    if kind == 2:
        return _discord_command(channel, data, fields)
    if kind == 5:
        return _discord_submit(channel, data, fields)
    if kind == 3:
        pressed = buttons.parse((data.get("data") or {}).get("custom_id"), forms=True)
        if pressed is None:
            return _ignored({"type": 6}, "not a button of Wakeful's", **fields)
        if buttons.form_of(pressed[0]):
            return _discord_form(channel, pressed, fields)
        refused = _not_allowed(channel, fields["user"], {"type": 6}, **{k: v for k, v in fields.items() if k != "user"})
        if refused:
            return refused
        work = {"work": "button", "platform": channel.kind, "user": fields["user"], "decision": pressed[0], "ref": pressed[1]}
        return Reading(200, {"type": 6}, models.ACCEPTED, work=work, keys=_interaction_keys(interaction_id), **fields)
    return Reading(400, {"error": {"code": "bad_request", "message": "unsupported interaction type"}}, models.REJECTED, reason=f"interaction type {str(kind)[:10]} is not handled", **fields)


def _discord_command(channel: Channel, data: dict[str, Any], fields: dict[str, Any]) -> Reading:
    options = (data.get("data") or {}).get("options") or []
    text = next((o.get("value") for o in options if isinstance(o, dict) and o.get("name") == "message"), None)
    if not isinstance(text, str) or not text.strip():
        answer = {"type": 4, "data": {"content": "Send your request as the message option.", "flags": 64}}
        return Reading(200, answer, models.REJECTED, reason="a command without a string option named message", **fields)
    refused = _not_allowed(channel, fields["user"], _DENIED, **{k: v for k, v in fields.items() if k != "user"})
    if refused:
        return refused
    # The channel, the application and the token go into URL paths (the bot's post to
    # the channel, the interaction's webhook): each is checked before anything is taken.
    channel_object = data.get("channel")
    given_channel = data.get("channel_id") or (channel_object.get("id") if isinstance(channel_object, dict) else None)
    work = {
        "work": "message",
        "platform": channel.kind,
        "user": fields["user"],
        "text": text.strip()[:MAX_TEXT],
        "conversation": _id(given_channel, _DISCORD_CHANNEL, "channel_id"),
        "message_id": fields["event_id"],
        "interaction": {
            "application_id": _id(data.get("application_id"), _DISCORD_APPLICATION, "application_id"),
            "token": _id(data.get("token"), _DISCORD_TOKEN, "token"),
        },
    }
    return Reading(200, {"type": 5}, models.ACCEPTED, work=work, keys=_interaction_keys(fields["event_id"]), **fields)


_DENIED = {"type": 4, "data": {"content": "You are not allowed to talk to this agent.", "flags": 64}}
#: The one text field of a form a button opens.
FORM_FIELD = "text"


def _discord_form(channel: Channel, pressed: tuple[str, str], fields: dict[str, Any]) -> Reading:
    """A button that opens a form: answered at once with a modal (type 9) of one text
    field, its ``custom_id`` the button's value; nothing to do until it is submitted."""
    refused = _not_allowed(channel, fields["user"], _DENIED, **{k: v for k, v in fields.items() if k != "user"})
    if refused:
        return refused
    value = f"{pressed[0]}:{pressed[1]}"
    field_ = {"type": 4, "custom_id": FORM_FIELD, "label": "Message", "style": 2, "min_length": 1, "max_length": 4000, "required": True}
    modal = {"type": 9, "data": {"custom_id": value, "title": buttons.form_of(pressed[0]), "components": [{"type": 1, "components": [field_]}]}}
    return Reading(200, modal, models.ACCEPTED, reason="a form opened", **fields)


def _form_text(data: dict[str, Any]) -> str | None:
    """The value of the form's text field in a modal submit."""
    for row in data.get("components") or ():
        for item in (row.get("components") or ()) if isinstance(row, dict) else ():
            if isinstance(item, dict) and item.get("custom_id") == FORM_FIELD and isinstance(item.get("value"), str):
                return item["value"]
    return None


def _discord_submit(channel: Channel, data: dict[str, Any], fields: dict[str, Any]) -> Reading:
    """A modal submit (type 5): the form of a button of Wakeful's, its text the work;
    answered with the text itself, so the conversation shows what was said."""
    form = data.get("data") or {}
    pressed = buttons.parse(form.get("custom_id"), forms=True) if isinstance(form, dict) else None
    if pressed is None or not buttons.form_of(pressed[0]):
        return _ignored({"type": 6}, "not a form of Wakeful's", **fields)
    refused = _not_allowed(channel, fields["user"], _DENIED, **{k: v for k, v in fields.items() if k != "user"})
    if refused:
        return refused
    text = (_form_text(form) or "").strip()
    if not text:
        answer = {"type": 4, "data": {"content": "Write a message first.", "flags": 64}}
        return Reading(200, answer, models.REJECTED, reason="a form submitted without text", **fields)
    work = {"work": "button", "platform": channel.kind, "user": fields["user"], "decision": pressed[0], "ref": pressed[1], "text": text[:MAX_TEXT]}
    echo = {"type": 4, "data": {"content": text[:2000], "allowed_mentions": {"parse": []}}}
    return Reading(200, echo, models.ACCEPTED, work=work, keys=_interaction_keys(fields["event_id"]), **fields)


def _interaction_keys(interaction_id: str | None) -> list[str]:
    """What makes an interaction unique: its id (one without an id is taken as it comes)."""
    return [f"interaction:{interaction_id}"] if interaction_id else []


# -- Telegram ------------------------------------------------------------------------
def telegram(channel: Channel, body: bytes) -> Reading:
    """An update: a message (a reply to the bot's continues its thread), or a button."""
    data = _json(body)
    update_id = data.get("update_id")
    if not isinstance(update_id, int) or isinstance(update_id, bool):
        raise BadBody("update_id is missing or not an integer")
    fields: dict[str, Any] = {"event_id": str(update_id)}
    if isinstance(data.get("callback_query"), dict):
        return _telegram_button(channel, data["callback_query"], fields)
    message = data.get("message")
    if not isinstance(message, dict):
        return _ignored({}, "an update without a new message or a button press", event_type="update", **fields)
    fields["event_type"] = "message"
    sender = message.get("from") or {}
    user = _number(sender.get("id"), "message.from.id") if isinstance(sender, dict) else None
    chat = message.get("chat")
    conversation = _id(chat.get("id") if isinstance(chat, dict) else None, _TELEGRAM_CHAT, "message.chat.id")
    message_id = _number(message.get("message_id"), "message.message_id")
    reply_to = message.get("reply_to_message")
    thread_ref = _number(reply_to.get("message_id"), "message.reply_to_message.message_id") if isinstance(reply_to, dict) else None
    if isinstance(sender, dict) and sender.get("is_bot"):
        return _ignored({}, "a bot's message", user=user, **fields)
    refused = _not_allowed(channel, user, {}, **fields)
    if refused:
        return refused
    text = message.get("text")
    if not isinstance(text, str) or not text.strip():
        return _ignored({}, "a message without text", user=user, **fields)
    work = {
        "work": "message",
        "platform": channel.kind,
        "user": user,
        "text": text.strip()[:MAX_TEXT],
        "conversation": conversation,
        "message_id": message_id or "",
        "thread_ref": thread_ref,
    }
    return Reading(200, {}, models.ACCEPTED, user=user, work=work, keys=[f"update:{update_id}"], **fields)


def _telegram_button(channel: Channel, query: dict[str, Any], fields: dict[str, Any]) -> Reading:
    fields["event_type"] = "callback_query"
    sender = query.get("from") or {}
    user = _number(sender.get("id"), "callback_query.from.id") if isinstance(sender, dict) else None
    # The answer stops the button's spinner (a method call in the webhook's answer).
    answered = {"method": "answerCallbackQuery", "callback_query_id": str(query.get("id") or "")}
    pressed = buttons.parse(query.get("data"))
    if pressed is None:
        return _ignored(answered, "not a button of Wakeful's", user=user, **fields)
    refused = _not_allowed(channel, user, {**answered, "text": "You may not decide this."}, **fields)
    if refused:
        return refused
    work = {"work": "button", "platform": channel.kind, "user": user, "decision": pressed[0], "ref": pressed[1]}
    return Reading(200, answered, models.ACCEPTED, user=user, work=work, keys=[f"update:{fields['event_id']}"], **fields)
