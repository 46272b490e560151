"""Telegram: ``POST {base}/bot<bot_token>/sendMessage`` with ``{chat_id, text,
parse_mode: "HTML", reply_markup?, reply_to_message_id?}``.

The text is HTML-escaped (a title in bold), at most 4096 characters a message (longer
ones are split). A message's buttons are an inline keyboard on its last part, each
``callback_data`` the button's value (an approval request's ``approve:<ref>`` or
``deny:<ref>``: 32 bytes; the limit is 64; a button that opens a form is not shown). A reply to a message started in Telegram replies to it. A 2xx answer is
a success unless it says ``{"ok": false}``; its ``result.message_id``, when it has one,
links the message to its thread. The token is in the URL's path: errors never show the
URL (nor the token, should an answer repeat it).

Its updates carry ``X-Telegram-Bot-Api-Secret-Token``, which must equal the channel's
``secret_token`` (compared in constant time) before anything of them is read.
"""

from __future__ import annotations

import hmac
import html
import re
from typing import Any, Mapping

from wakeful.channels import buttons, models
from wakeful.channels.platforms.render import actions_of
from wakeful.channels.platforms.base import BadBody, Check, ConfigField, Outcome, Platform, Reading, answer_json, call, http_failure, id_text, redact, said_not_ok, split
from wakeful.channels.platforms.reading import MAX_TEXT, checked_id, ignored, json_object, not_allowed
from wakeful.channels.records import Channel, ChannelDelivery, secrets_of
from wakeful.config import get_settings

NAME = "telegram"

#: The config field of the default conversation, and what it holds: a chat id or
#: ``@channelusername``, which goes into a request as it is.
CONVERSATION_FIELD = "chat_id"
CONVERSATION = models.path_segment_pattern(100)
#: A bot token goes into the URL path (``/bot<token>/sendMessage``).
TOKEN_PATTERN = models.path_segment_pattern(256)
CHAT_ID_DOC = "A chat id (an integer, or its text; kept as text) or @channelusername: 1-100 characters, no / ? # % \\ or spaces"
LIMIT = 4000  # Telegram's is 4096 characters; room for the title's markup
#: The header an update carries the webhook's secret token in.
SECRET = "x-telegram-bot-api-secret-token"
_CHAT = re.compile(CONVERSATION)


def _chat(value: Any) -> Any:
    text = str(value)
    return int(text) if text.lstrip("-").isdigit() else text


def parts(channel: Channel, delivery: ChannelDelivery) -> list[dict[str, Any]]:
    """The ``sendMessage`` bodies of a delivery, in order."""
    message = delivery.message
    chat = _chat(delivery.conversation or channel.config.get(CONVERSATION_FIELD))
    reply_to = (message.get("reply") or {}).get("reply_to_message_id")
    title = message.get("title")
    pieces = split(str(message.get("text") or ""), LIMIT - (len(title) + 2 if title else 0))
    bodies: list[dict[str, Any]] = []
    for index, piece in enumerate(pieces):
        text = html.escape(piece, quote=False)
        if index == 0 and title:
            text = f"<b>{html.escape(title, quote=False)}</b>\n\n{text}"
        body: dict[str, Any] = {"chat_id": chat, "text": text, "parse_mode": "HTML", "disable_web_page_preview": True}
        if index == 0 and reply_to:
            body["reply_to_message_id"] = int(reply_to)
            body["allow_sending_without_reply"] = True
        actions = actions_of(message)
        if actions and index == len(pieces) - 1:
            body["reply_markup"] = {"inline_keyboard": [[{"text": a["label"], "callback_data": a["value"]} for a in actions[:8]]]}
        bodies.append(body)
    return bodies


def post(channel: Channel, delivery: ChannelDelivery, part: dict[str, Any], index: int) -> Outcome:
    """Post one part."""
    token = secrets_of(channel)["bot_token"]
    if not models.path_segment(token):
        return Outcome(False, error="the bot token cannot stand in a URL path as it is: nothing was posted")
    url = f"{get_settings().api_url(NAME)}/bot{token}/sendMessage"
    response, failed = call("POST", url, headers={"Content-Type": "application/json"}, body=part, secrets=(token,))
    if response is None:
        return failed  # type: ignore[return-value]
    answer = answer_json(response)
    if response.ok and not said_not_ok(answer):
        result = answer.get("result")
        result = result if isinstance(result, dict) else {}
        chat = result.get("chat")
        chat_id = chat.get("id") if isinstance(chat, dict) else None
        return Outcome(True, status_code=response.status, message_id=id_text(result.get("message_id")), conversation=id_text(chat_id))
    parameters = answer.get("parameters") or {}
    retry_after = parameters.get("retry_after") if isinstance(parameters, dict) else None
    description = answer.get("description")
    if response.ok:  # a 2xx that says ok: false
        told = f": {redact(str(description), (token,))[:200]}" if description else ""
        return Outcome(False, error=f"Telegram answered ok: false{told}", status_code=response.status)
    failure = http_failure(response, "Telegram", float(retry_after) if isinstance(retry_after, (int, float)) else None)
    if description and not failure.retry:
        return Outcome(False, error=f"Telegram answered HTTP {response.status}: {redact(str(description), (token,))[:200]}", status_code=response.status)
    return failure


# -- its requests ----------------------------------------------------------------------
def verify(secret_token: str, headers: Mapping[str, str]) -> Check:
    """A Telegram update."""
    given = headers.get(SECRET)
    if given is None:
        return Check(False, "missing X-Telegram-Bot-Api-Secret-Token")
    if not hmac.compare_digest(given.strip().encode("utf-8", "surrogatepass"), secret_token.encode()):
        return Check(False, "X-Telegram-Bot-Api-Secret-Token does not match the channel's secret_token")
    return Check(True)


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


def read(channel: Channel, body: bytes) -> Reading:
    """An update: a message (a reply to the bot's continues its thread), or a button."""
    data = json_object(body)
    update_id = data.get("update_id")
    if not isinstance(update_id, int) or isinstance(update_id, bool):
        raise BadBody("update_id is missing or not an integer")
    fields: dict[str, Any] = {"event_id": str(update_id)}
    if isinstance(data.get("callback_query"), dict):
        return _button(channel, data["callback_query"], fields)
    message = data.get("message")
    if not isinstance(message, dict):
        return ignored({}, "an update without a new message or a button press", event_type="update", **fields)
    fields["event_type"] = "message"
    sender = message.get("from") or {}
    user = _number(sender.get("id"), "message.from.id") if isinstance(sender, dict) else None
    chat = message.get("chat")
    conversation = checked_id(chat.get("id") if isinstance(chat, dict) else None, _CHAT, "message.chat.id")
    message_id = _number(message.get("message_id"), "message.message_id")
    reply_to = message.get("reply_to_message")
    thread_ref = _number(reply_to.get("message_id"), "message.reply_to_message.message_id") if isinstance(reply_to, dict) else None
    if isinstance(sender, dict) and sender.get("is_bot"):
        return ignored({}, "a bot's message", user=user, **fields)
    refused = not_allowed(channel, user, {}, **fields)
    if refused:
        return refused
    text = message.get("text")
    if not isinstance(text, str) or not text.strip():
        return ignored({}, "a message without text", user=user, **fields)
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


def _button(channel: Channel, query: dict[str, Any], fields: dict[str, Any]) -> Reading:
    fields["event_type"] = "callback_query"
    sender = query.get("from") or {}
    user = _number(sender.get("id"), "callback_query.from.id") if isinstance(sender, dict) else None
    # The answer stops the button's spinner (a method call in the webhook's answer).
    answered = {"method": "answerCallbackQuery", "callback_query_id": str(query.get("id") or "")}
    pressed = buttons.parse(query.get("data"))
    if pressed is None:
        return ignored(answered, "not a button of Wakeful's", user=user, **fields)
    refused = not_allowed(channel, user, {**answered, "text": "You may not decide this."}, **fields)
    if refused:
        return refused
    work = {"work": "button", "platform": channel.kind, "user": user, "decision": pressed[0], "ref": pressed[1]}
    return Reading(200, answered, models.ACCEPTED, user=user, work=work, keys=[f"update:{fields['event_id']}"], **fields)


class Telegram(Platform):
    """A Telegram bot: its webhook's updates, carrying the ``secret_token`` given to
    ``setWebhook``; messages sent with its token."""

    name = NAME
    config = (
        ConfigField(
            "bot_token",
            "<digits>:<token> as BotFather gives it; 1-256 characters that may stand in a URL path (no / ? # % \\ or spaces)",
            pattern=TOKEN_PATTERN,
            secret=True,
        ),
        ConfigField("secret_token", "The setWebhook secret_token (Telegram takes 1-256 of A-Z a-z 0-9 _ -)", secret=True, max_length=256),
        ConfigField("chat_id", CHAT_ID_DOC, pattern=CONVERSATION, integer_as_text=True),
    )
    conversation_field = CONVERSATION_FIELD
    conversation_pattern = CONVERSATION
    conversation_hint = "a chat id (digits, maybe with a leading -) or @channelusername, with no / ? # % \\ or spaces"
    links_last_message = True

    def verify(self, channel: Channel, route: str, headers: Mapping[str, str], body: bytes, now: float) -> Check:
        return verify(secrets_of(channel)["secret_token"], headers)

    def read(self, channel: Channel, route: str, body: bytes) -> Reading:
        return read(channel, body)

    def origin(self, channel: Channel, job: Mapping[str, Any]) -> dict[str, Any]:
        return {"reply_to_message_id": job.get("message_id")}

    def parts(self, channel: Channel, delivery: ChannelDelivery) -> list[dict[str, Any]]:
        return parts(channel, delivery)

    def post(self, channel: Channel, delivery: ChannelDelivery, part: dict[str, Any], index: int) -> Outcome:
        return post(channel, delivery, part, index)

    def reply(self, origin: Mapping[str, Any], last: str | None) -> dict[str, Any]:
        return {"reply_to_message_id": last or origin.get("reply_to_message_id")}

    def reply_ref(self, delivery: ChannelDelivery, outcome: Outcome) -> str | None:
        return outcome.message_id

    def openapi(self) -> tuple[dict[str, Any], tuple[type, ...]]:
        from wakeful.channels import responses

        return responses.telegram_operations(), (responses.TelegramUpdateAnswer,)
