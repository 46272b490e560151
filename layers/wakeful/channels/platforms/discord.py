"""Discord: ``POST {base}/channels/{channel_id}/messages`` with ``Authorization: Bot
<bot_token>``, or, for the answer to a slash command, the interaction's own webhook:
the deferred answer (``{"type": 5}``) is edited by the thread's first message (``PATCH
{base}/webhooks/{application id}/{token}/messages/@original``) and every later part or
message follows up (``POST {base}/webhooks/{application id}/{token}``), while the
interaction's token is valid (15 minutes; then the channel's bot posts, referring to
nothing). When the webhook refuses (a 4xx other than 429: an unknown or expired token,
a proxy without the route), the bot posts the answer to the command's channel instead,
and the thread's later messages too.

A message is ``content`` of at most 2000 characters a part (longer ones are split), no
mentions parsed (a model's ``@everyone`` pings nobody); a message's buttons (an approval
request's ``approve:<ref>`` and ``deny:<ref>``, the ``reply:<thread>`` of an answer) are
an action row on its last part, each ``custom_id`` the button's value.

Its interactions are checked over the raw body bytes before anything of them is read:
``X-Signature-Ed25519`` is the Ed25519 signature of ``X-Signature-Timestamp + raw body``
by the application's public key (PyNaCl); the timestamp must be within 300 s of now too
(a replayed interaction is refused even before its id is seen again).
"""

from __future__ import annotations

import logging
import re
from dataclasses import replace
from typing import Any, Mapping

from wakeful import clock, outbound, secrets
from wakeful.channels import buttons, link_repository, models
from wakeful.channels.platforms.render import actions_of
from wakeful.channels.platforms.base import Check, ConfigField, Outcome, Platform, Reading, answer_json, call, http_failure, id_text, message_text, redact, split
from wakeful.channels.platforms.reading import MAX_TEXT, USER, checked_id, fresh, ignored, json_object, not_allowed
from wakeful.channels.records import Channel, ChannelDelivery, ChannelLink, secret_context, secrets_of
from wakeful.config import get_settings

NAME = "discord"

logger = logging.getLogger(__name__)

#: The config field of the default conversation, and what it holds: a channel id (a
#: snowflake), which goes into a URL path.
CONVERSATION_FIELD = "channel_id"
CONVERSATION = models.path_segment_pattern(100)
#: An interaction's ``application_id`` and ``token`` go into its webhook's URL path
#: (``/webhooks/{application_id}/{token}``): checked like the config's ids.
APPLICATION_PATTERN = models.path_segment_pattern(100)
TOKEN_PATTERN = models.path_segment_pattern(1000)
PUBLIC_KEY_PATTERN = r"^[0-9a-fA-F]{64}$"
LIMIT = 2000
#: Discord has forms: a button may open a modal (a Reply button does).
FORMS = True
#: Button styles: primary (blurple), secondary (grey), success (green), danger (red).
_STYLES = {"primary": 1, "default": 2, "success": 3, "danger": 4}
#: How long an interaction's token may still be used (Discord: 15 minutes).
INTERACTION_SECONDS = 14 * 60

#: The headers an interaction is signed with.
SIGNATURE = "x-signature-ed25519"
TIMESTAMP = "x-signature-timestamp"
_HEX = re.compile(r"[0-9a-fA-F]+")
_CHANNEL = re.compile(CONVERSATION)
_APPLICATION = re.compile(APPLICATION_PATTERN)
_TOKEN = re.compile(TOKEN_PATTERN)
_DENIED = {"type": 4, "data": {"content": "You are not allowed to talk to this agent.", "flags": 64}}
#: The one text field of a form a button opens.
FORM_FIELD = "text"


def parts(channel: Channel, delivery: ChannelDelivery) -> list[dict[str, Any]]:
    """The message bodies of a delivery, in order."""
    message = delivery.message
    reply = message.get("reply") or {}
    pieces = split(message_text(message), LIMIT)
    bodies: list[dict[str, Any]] = []
    for index, piece in enumerate(pieces):
        body: dict[str, Any] = {"content": piece, "allowed_mentions": {"parse": []}}
        if index == 0 and reply.get("message_id"):
            body["message_reference"] = {"message_id": str(reply["message_id"]), "fail_if_not_exists": False}
        actions = actions_of(message, forms=FORMS)
        if actions and index == len(pieces) - 1:
            body["components"] = [
                {"type": 1, "components": [{"type": 2, "style": _STYLES[a["style"]], "label": a["label"], "custom_id": a["value"]} for a in actions[:5]]}
            ]
        bodies.append(body)
    return bodies


def _interaction(channel: Channel, delivery: ChannelDelivery) -> tuple[ChannelLink, str] | None:
    """The link of the interaction this delivery answers and its token, while valid."""
    key = (delivery.message.get("reply") or {}).get("interaction")
    link = link_repository.get(channel.channel_id, key) if key else None
    if link is None or not link.token_sealed or not link.application_id:
        return None
    if clock.now() - float(link.created_at or 0) > INTERACTION_SECONDS:
        return None
    token = secrets.unseal(link.token_sealed, context=secret_context(channel.channel_id))
    if not (models.path_segment(link.application_id) and models.path_segment(token)):
        return None  # checked when the interaction came; never put into a URL unchecked
    return link, token


def post(channel: Channel, delivery: ChannelDelivery, part: dict[str, Any], index: int) -> Outcome:
    """Post one part: through the interaction's webhook while it is open, else (or when
    the webhook refuses) to the channel."""
    interaction = _interaction(channel, delivery)
    if interaction is None:
        return _to_channel(channel, delivery, part)
    outcome = _to_interaction(interaction, part, index)
    if not _refused(outcome):
        return outcome
    # The webhook refused (an expired or unknown token, a proxy without the route): the
    # answer goes to the channel instead, and so does every later message of the
    # thread (the token is forgotten, so the webhook is not asked again).
    link = interaction[0]
    link_repository.put(replace(link, token_sealed=None))
    logger.info("discord interaction webhook refused; posting to the channel", extra={"channel_id": channel.channel_id, "status_code": outcome.status_code})
    posted = _to_channel(channel, delivery, part)
    if posted.ok or not posted.error:
        return posted
    return replace(posted, error=f"{posted.error} (after the interaction's webhook: {outcome.error})"[:2000])


def _refused(outcome: Outcome) -> bool:
    """A 4xx other than 429: asking the webhook again would not help."""
    return not outcome.ok and outcome.status_code is not None and 400 <= outcome.status_code < 500 and outcome.status_code != 429


def _to_interaction(interaction: tuple[ChannelLink, str], part: dict[str, Any], index: int) -> Outcome:
    """The command's deferred answer ("thinking…") is edited once, by the first message
    of its thread; every later part or message follows up."""
    link, token = interaction
    edit = link.message_id is None and index == 0
    webhook = f"{get_settings().api_url(NAME)}/webhooks/{link.application_id}/{token}"
    method, url = ("PATCH", f"{webhook}/messages/@original") if edit else ("POST", webhook)
    body = {k: v for k, v in part.items() if k != "message_reference"}
    outcome = _judge(*call(method, url, headers={"Content-Type": "application/json"}, body=body, secrets=(token,)))
    if outcome.error:  # the token is in the URL: an answer may repeat it
        outcome = replace(outcome, error=redact(outcome.error, (token,)))
    if outcome.ok and edit:
        link_repository.put(replace(link, message_id=outcome.message_id or "original"))
    return outcome


def _to_channel(channel: Channel, delivery: ChannelDelivery, part: dict[str, Any]) -> Outcome:
    """``POST /channels/{id}/messages`` as the bot: the conversation the thread started
    in (an interaction's channel), the target's, or the channel's own."""
    bot_token = secrets_of(channel)["bot_token"]
    conversation = (delivery.message.get("reply") or {}).get("channel_id") or delivery.conversation or channel.config.get(CONVERSATION_FIELD)
    if not models.path_segment(conversation):
        return Outcome(False, error="the Discord channel id cannot stand in a URL path as it is: nothing was posted")
    url = f"{get_settings().api_url(NAME)}/channels/{conversation}/messages"
    headers = {"Authorization": f"Bot {bot_token}", "Content-Type": "application/json"}
    return _judge(*call("POST", url, headers=headers, body=part, secrets=(bot_token,)))


def _judge(response: outbound.Response | None, failed: Outcome | None) -> Outcome:
    """Discord's answer, judged (a 2xx is a success; 429 and 5xx are retried)."""
    if response is None:
        return failed or Outcome(False, retry=True, error="no answer from Discord")
    answer = answer_json(response)
    if response.ok:
        return Outcome(True, status_code=response.status, message_id=id_text(answer.get("id")), conversation=id_text(answer.get("channel_id")))
    retry_after = answer.get("retry_after")
    failure = http_failure(response, "Discord", float(retry_after) if isinstance(retry_after, (int, float)) else None)
    detail = answer.get("message")
    if detail and not failure.retry:
        return Outcome(False, error=f"Discord answered HTTP {response.status}: {str(detail)[:200]}", status_code=response.status)
    return failure


# -- its requests ----------------------------------------------------------------------
def verify(public_key: str, headers: Mapping[str, str], body: bytes, now: float) -> Check:
    """A Discord interaction."""
    signature = headers.get(SIGNATURE)
    stamp = headers.get(TIMESTAMP)
    if signature is None:
        return Check(False, "missing X-Signature-Ed25519")
    if stamp is None:
        return Check(False, "missing X-Signature-Timestamp")
    signature = signature.strip()
    if len(signature) != 128 or not _HEX.fullmatch(signature):
        return Check(False, "X-Signature-Ed25519 is not 64 bytes of hex")
    from nacl.exceptions import BadSignatureError
    from nacl.signing import VerifyKey

    try:
        VerifyKey(bytes.fromhex(public_key)).verify(stamp.encode("utf-8", "surrogatepass") + body, bytes.fromhex(signature))
    except (BadSignatureError, ValueError):
        return Check(False, "X-Signature-Ed25519 does not match (wrong public key, or the body or timestamp was changed)")
    stale = fresh(stamp, "X-Signature-Timestamp", now)
    if stale:
        return Check(False, stale)
    return Check(True)


def _user(data: dict[str, Any]) -> str | None:
    member = data.get("member")
    user = (member.get("user") if isinstance(member, dict) else None) or data.get("user") or {}
    if not isinstance(user, dict):
        return None
    return checked_id(user.get("id"), USER, "user.id") or None


def read(channel: Channel, body: bytes) -> Reading:
    """An interaction: a PING, a slash command with a ``message`` option, a button, or
    the submit of a form a button opened (a modal)."""
    data = json_object(body)
    kind, interaction_id = data.get("type"), str(data.get("id") or "")[:40] or None
    fields: dict[str, Any] = {"event_type": f"interaction_{kind}"[:40], "event_id": interaction_id, "user": _user(data)}
    if kind == 1:
        return Reading(200, {"type": 1}, models.ACCEPTED, reason="ping", **fields)
    if kind == 2:
        return _command(channel, data, fields)
    if kind == 5:
        return _submit(channel, data, fields)
    if kind == 3:
        pressed = buttons.parse((data.get("data") or {}).get("custom_id"), forms=True)
        if pressed is None:
            return ignored({"type": 6}, "not a button of Wakeful's", **fields)
        if buttons.form_of(pressed[0]):
            return _form(channel, pressed, fields)
        refused = not_allowed(channel, fields["user"], {"type": 6}, **{k: v for k, v in fields.items() if k != "user"})
        if refused:
            return refused
        work = {"work": "button", "platform": channel.kind, "user": fields["user"], "decision": pressed[0], "ref": pressed[1]}
        return Reading(200, {"type": 6}, models.ACCEPTED, work=work, keys=_interaction_keys(interaction_id), **fields)
    return Reading(400, {"error": {"code": "bad_request", "message": "unsupported interaction type"}}, models.REJECTED, reason=f"interaction type {str(kind)[:10]} is not handled", **fields)


def _command(channel: Channel, data: dict[str, Any], fields: dict[str, Any]) -> Reading:
    options = (data.get("data") or {}).get("options") or []
    text = next((o.get("value") for o in options if isinstance(o, dict) and o.get("name") == "message"), None)
    if not isinstance(text, str) or not text.strip():
        answer = {"type": 4, "data": {"content": "Send your request as the message option.", "flags": 64}}
        return Reading(200, answer, models.REJECTED, reason="a command without a string option named message", **fields)
    refused = not_allowed(channel, fields["user"], _DENIED, **{k: v for k, v in fields.items() if k != "user"})
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
        "conversation": checked_id(given_channel, _CHANNEL, "channel_id"),
        "message_id": fields["event_id"],
        "interaction": {
            "application_id": checked_id(data.get("application_id"), _APPLICATION, "application_id"),
            "token": checked_id(data.get("token"), _TOKEN, "token"),
        },
    }
    return Reading(200, {"type": 5}, models.ACCEPTED, work=work, keys=_interaction_keys(fields["event_id"]), **fields)


def _form(channel: Channel, pressed: tuple[str, str], fields: dict[str, Any]) -> Reading:
    """A button that opens a form: answered at once with a modal (type 9) of one text
    field, its ``custom_id`` the button's value; nothing to do until it is submitted."""
    refused = not_allowed(channel, fields["user"], _DENIED, **{k: v for k, v in fields.items() if k != "user"})
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


def _submit(channel: Channel, data: dict[str, Any], fields: dict[str, Any]) -> Reading:
    """A modal submit (type 5): the form of a button of Wakeful's, its text the work;
    answered with the text itself, so the conversation shows what was said."""
    form = data.get("data") or {}
    pressed = buttons.parse(form.get("custom_id"), forms=True) if isinstance(form, dict) else None
    if pressed is None or not buttons.form_of(pressed[0]):
        return ignored({"type": 6}, "not a form of Wakeful's", **fields)
    refused = not_allowed(channel, fields["user"], _DENIED, **{k: v for k, v in fields.items() if k != "user"})
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


class Discord(Platform):
    """A Discord application: its interactions, signed with its public key (Ed25519);
    messages posted with its bot token, or as an interaction's answer."""

    name = NAME
    config = (
        ConfigField("bot_token", secret=True),
        ConfigField("public_key", "The application's public key (64 hex digits)", pattern=PUBLIC_KEY_PATTERN),
        ConfigField(
            "channel_id",
            "A channel id (a snowflake); 1-100 characters that may stand in a URL path (no / ? # % \\ or spaces)",
            pattern=CONVERSATION,
        ),
    )
    conversation_field = CONVERSATION_FIELD
    conversation_pattern = CONVERSATION
    conversation_hint = "a channel id (digits), with no / ? # % \\ or spaces"

    def verify(self, channel: Channel, route: str, headers: Mapping[str, str], body: bytes, now: float) -> Check:
        return verify(str(channel.config["public_key"]), headers, body, now)

    def read(self, channel: Channel, route: str, body: bytes) -> Reading:
        return read(channel, body)

    def origin(self, channel: Channel, job: Mapping[str, Any]) -> dict[str, Any]:
        if not job.get("interaction"):
            return {}
        return {"interaction": f"interaction#{job.get('message_id') or job.get('request_id')}"}

    def seal(self, channel: Channel, work: dict[str, Any]) -> dict[str, Any]:
        """An interaction's token (it can answer for 15 minutes) is sealed."""
        interaction = work.get("interaction")
        if interaction and interaction.get("token"):
            token = secrets.seal(interaction["token"], context=secret_context(channel.channel_id))
            work = {**work, "interaction": {"application_id": interaction.get("application_id"), "token_sealed": token}}
        return work

    def parts(self, channel: Channel, delivery: ChannelDelivery) -> list[dict[str, Any]]:
        return parts(channel, delivery)

    def post(self, channel: Channel, delivery: ChannelDelivery, part: dict[str, Any], index: int) -> Outcome:
        return post(channel, delivery, part, index)

    def reply(self, origin: Mapping[str, Any], last: str | None) -> dict[str, Any]:
        return {"interaction": origin.get("interaction"), "channel_id": origin.get("conversation")}

    def openapi(self) -> tuple[dict[str, Any], tuple[type, ...]]:
        from wakeful.channels import responses

        return responses.discord_operations(), (responses.DiscordInteractionAnswer,)
