"""Slack: ``POST {base}/chat.postMessage`` with ``Authorization: Bearer <bot_token>``.

The message is Block Kit (mrkdwn sections of at most 3000 characters, built with
slack_sdk's block models, which check Slack's limits) with the plain ``text`` as the
fallback notifications and screen readers use; a message longer than Slack keeps in one
post is split into several, each under 40,000 characters. A message with buttons ends
with an actions block (an approval request's: Approve, ``value: approve:<ref>``, and
Deny, ``deny:<ref>``; a button that opens a form is not shown: Slack threads already
take replies). A reply
to a thread started in Slack carries its ``thread_ts``. A 2xx answer is a success
unless it says ``{"ok": false}`` (``ratelimited`` is retried, like HTTP 429 and 5xx;
any other error is final); its ``ts``, when it has one, links the message to its
thread.

Its requests (Events API and interactivity) are checked over the raw body bytes before
anything of them is read: ``X-Slack-Signature`` is ``v0=`` + hex HMAC-SHA256(signing
secret, ``v0:{X-Slack-Request-Timestamp}:{raw body}``), checked with slack_sdk's
``SignatureVerifier`` (constant time), the timestamp within 300 s of now.
"""

from __future__ import annotations

import json
import re
from typing import Any, Mapping
from urllib.parse import parse_qs

from wakeful import clock
from wakeful.backoff import parse_retry_after
from wakeful.channels import buttons, models
from wakeful.channels.platforms.render import actions_of
from wakeful.channels.platforms.base import BadBody, Check, ConfigField, Outcome, Platform, Reading, answer_json, call, http_failure, id_text, message_text, said_not_ok, split
from wakeful.channels.platforms.reading import MAX_TEXT, USER, checked_id, fresh, ignored, json_object, not_allowed
from wakeful.channels.records import Channel, ChannelDelivery, secrets_of
from wakeful.config import get_settings

NAME = "slack"

#: One post's text (Slack truncates past 40,000 characters) and one section's.
TEXT_LIMIT = 39_000
SECTION_LIMIT = 3000
#: The config field of the default conversation, and what it holds: a Slack channel id
#: or name (``C0123``, ``#general``, ``@user``).
CONVERSATION_FIELD = "channel"
CONVERSATION = r"^[#@]?[A-Za-z0-9._-]{1,80}$"
#: A message's ``ts`` (and a thread's ``thread_ts``): seconds, a dot, a counter.
TS_PATTERN = r"^[0-9]{1,20}(\.[0-9]{1,10})?$"
#: Button styles: Slack has a primary (green) and a danger (red) one, else its default.
_STYLES = {"primary": "primary", "success": "primary", "danger": "danger", "default": None}

#: The headers a request is signed with.
SIGNATURE = "x-slack-signature"
TIMESTAMP = "x-slack-request-timestamp"
_CONVERSATION = re.compile(CONVERSATION)
_TS = re.compile(TS_PATTERN)
_LEADING_MENTIONS = re.compile(r"^\s*(?:<@[A-Z0-9]+(?:\|[^>]*)?>[\s,:]*)+")
#: Slack message subtypes that are a person's message (the others are edits, joins, ...).
_PERSON_SUBTYPES = frozenset({None, "thread_broadcast", "file_share"})


def escape(text: str) -> str:
    """Text as Slack's mrkdwn reads it literally (``&``, ``<`` and ``>`` escaped)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _action_id(action: dict[str, str], index: int, approval: Any) -> str:
    """A button's ``action_id`` (unique in its block): an approval's two are ``approve``
    and ``deny``, any other its prefix and place."""
    prefix = action["value"].split(":", 1)[0]
    return prefix if approval and index < 2 else f"{prefix}-{index}"


def parts(channel: Channel, delivery: ChannelDelivery) -> list[dict[str, Any]]:
    """The ``chat.postMessage`` bodies of a delivery, in order."""
    from slack_sdk.models.blocks import ActionsBlock, Block, ButtonElement, MarkdownTextObject, SectionBlock

    message = delivery.message
    conversation = delivery.conversation or channel.config.get(CONVERSATION_FIELD)
    thread_ts = (message.get("reply") or {}).get("thread_ts")
    pieces = split(message_text(message), TEXT_LIMIT)
    bodies: list[dict[str, Any]] = []
    for index, piece in enumerate(pieces):
        blocks: list[Block] = [SectionBlock(text=MarkdownTextObject(text=escape(section))) for section in split(piece, SECTION_LIMIT)]
        actions = actions_of(message)
        if actions and index == len(pieces) - 1:
            approval = message.get("approval")
            elements = [ButtonElement(text=a["label"], action_id=_action_id(a, n, approval), value=a["value"], style=_STYLES[a["style"]]) for n, a in enumerate(actions[:25])]
            blocks.append(ActionsBlock(block_id=f"approval-{approval['ref']}" if approval else None, elements=elements))
        body: dict[str, Any] = {"channel": conversation, "text": escape(piece), "blocks": [b.to_dict() for b in blocks]}
        if thread_ts:
            body["thread_ts"] = thread_ts
        bodies.append(body)
    return bodies


def post(channel: Channel, delivery: ChannelDelivery, part: dict[str, Any], index: int) -> Outcome:
    """Post one part."""
    token = secrets_of(channel)["bot_token"]
    url = f"{get_settings().api_url(NAME)}/chat.postMessage"
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json; charset=utf-8"}
    response, failed = call("POST", url, headers=headers, body=part, secrets=(token,))
    if response is None:
        return failed  # type: ignore[return-value]
    if not response.ok:
        return http_failure(response, "Slack")
    answer = answer_json(response)
    if not said_not_ok(answer):
        return Outcome(True, status_code=response.status, message_id=id_text(answer.get("ts")), conversation=id_text(answer.get("channel")))
    error = str(answer.get("error") or "ok: false")[:200]
    if error == "ratelimited":
        retry_after = parse_retry_after(response.headers.get("Retry-After"), clock.now())
        return Outcome(False, retry=True, retry_after=retry_after, error="Slack: ratelimited", status_code=response.status)
    return Outcome(False, error=f"Slack: {error}", status_code=response.status)


# -- its requests ----------------------------------------------------------------------
def verify(signing_secret: str, headers: Mapping[str, str], body: bytes, now: float) -> Check:
    """A Slack request (Events API or interactivity)."""
    signature = headers.get(SIGNATURE)
    if signature is None:
        return Check(False, "missing X-Slack-Signature")
    stale = fresh(headers.get(TIMESTAMP), "X-Slack-Request-Timestamp", now)
    if stale:
        return Check(False, stale)
    from slack_sdk.signature import SignatureVerifier

    class _Now:
        @staticmethod
        def now() -> float:
            return now

    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return Check(False, "the body is not UTF-8 (Slack signs UTF-8 text)")
    verifier = SignatureVerifier(signing_secret, clock=_Now())  # type: ignore[arg-type]
    if not verifier.is_valid(body=text, timestamp=headers[TIMESTAMP].strip(), signature=signature.strip()):
        return Check(False, "X-Slack-Signature does not match the body (wrong signing secret, or the body was changed)")
    return Check(True)


def read_events(channel: Channel, body: bytes) -> Reading:
    """An Events API request: the URL check, or a person's message."""
    data = json_object(body)
    kind = data.get("type")
    if kind == "url_verification":
        return Reading(200, {"challenge": data.get("challenge")}, models.ACCEPTED, reason="url_verification", event_type="url_verification")
    if kind != "event_callback" or not isinstance(data.get("event"), dict):
        return ignored({}, f"an Events API request of type {str(kind)[:40]!r}: nothing to do", event_type=str(kind)[:40])
    event, event_id = data["event"], str(data.get("event_id") or "")[:100]
    fields: dict[str, Any] = {"event_type": str(event.get("type"))[:40], "event_id": event_id or None}
    if event.get("type") not in ("message", "app_mention"):
        return ignored({}, "not a message or an app_mention event", **fields)
    if event.get("bot_id") or event.get("subtype") == "bot_message" or not event.get("user"):
        return ignored({}, "a bot's message (the agent's own among them)", **fields)
    if event.get("subtype") not in _PERSON_SUBTYPES:
        return ignored({}, f"a message of subtype {str(event.get('subtype'))[:40]}, not a person's new message", **fields)
    user = checked_id(event["user"], USER, "event.user")
    conversation, ts = checked_id(event.get("channel"), _CONVERSATION, "event.channel"), checked_id(event.get("ts"), _TS, "event.ts")
    thread_ts = checked_id(event.get("thread_ts"), _TS, "event.thread_ts") or None
    refused = not_allowed(channel, user, {}, **fields)
    if refused:
        return refused
    text = _LEADING_MENTIONS.sub("", str(event.get("text") or "")).strip()[:MAX_TEXT]
    if not text:
        return ignored({}, "an empty message", user=user, **fields)
    work = {"work": "message", "platform": channel.kind, "user": user, "text": text, "conversation": conversation, "message_id": ts, "thread_ref": thread_ts}
    keys = [f"event:{event_id}"] if event_id else []
    if ts:  # a mention arrives as two events, message and app_mention, with one ts
        keys.append(f"msg:{conversation}:{ts}")
    return Reading(200, {}, models.ACCEPTED, user=user, work=work, keys=keys, **fields)


def read_interactions(channel: Channel, body: bytes) -> Reading:
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
        return ignored(None, "not a button of Wakeful's", **fields)
    sender = payload.get("user")
    user = checked_id(sender.get("id") if isinstance(sender, dict) else None, USER, "user.id") or None
    action_ts = str(actions[0].get("action_ts") or "")  # type: ignore[index]
    fields["event_id"] = str(payload.get("trigger_id") or action_ts)[:100] or None
    refused = not_allowed(channel, user, None, **fields)
    if refused:
        return refused
    decision, ref = pressed
    work = {"work": "button", "platform": channel.kind, "user": user, "decision": decision, "ref": ref}
    return Reading(200, None, models.ACCEPTED, user=user, work=work, keys=[f"press:{fields['event_id'] or ref + action_ts}"], **fields)


class Slack(Platform):
    """A Slack app: its Events API and interactivity requests, signed with its signing
    secret; messages posted with its bot token."""

    name = NAME
    config = (
        ConfigField("bot_token", secret=True),
        ConfigField("signing_secret", secret=True),
        ConfigField("channel", "A channel id (C0123…) or #name", pattern=CONVERSATION),
    )
    conversation_field = CONVERSATION_FIELD
    conversation_pattern = CONVERSATION
    conversation_hint = "a channel id such as C0123ABCD, or #name"

    def verify(self, channel: Channel, route: str, headers: Mapping[str, str], body: bytes, now: float) -> Check:
        return verify(secrets_of(channel)["signing_secret"], headers, body, now)

    def read(self, channel: Channel, route: str, body: bytes) -> Reading:
        return read_interactions(channel, body) if route.endswith("/interactions") else read_events(channel, body)

    def origin(self, channel: Channel, job: Mapping[str, Any]) -> dict[str, Any]:
        return {"thread_ts": job.get("thread_ref") or job.get("message_id")}

    def urls(self, channel: Channel, base: str) -> dict[str, str | None]:
        return {"inbound_url": f"{base}/slack/events", "interactions_url": f"{base}/slack/interactions"}

    def parts(self, channel: Channel, delivery: ChannelDelivery) -> list[dict[str, Any]]:
        return parts(channel, delivery)

    def post(self, channel: Channel, delivery: ChannelDelivery, part: dict[str, Any], index: int) -> Outcome:
        return post(channel, delivery, part, index)

    def reply(self, origin: Mapping[str, Any], last: str | None) -> dict[str, Any]:
        return {"thread_ts": origin.get("thread_ts")}

    def reply_ref(self, delivery: ChannelDelivery, outcome: Outcome) -> str | None:
        return (delivery.message.get("reply") or {}).get("thread_ts") or outcome.message_id

    def openapi(self) -> tuple[dict[str, Any], tuple[type, ...]]:
        from wakeful.channels import responses

        return responses.slack_operations(), (responses.SlackEventsAnswer,)
