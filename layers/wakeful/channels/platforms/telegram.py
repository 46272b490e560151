"""Telegram: ``POST {base}/bot<bot_token>/sendMessage`` with ``{chat_id, text,
parse_mode: "HTML", reply_markup?, reply_to_message_id?}``.

The text is HTML-escaped (a title in bold), at most 4096 characters a message (longer
ones are split). A message's buttons are an inline keyboard on its last part, each
``callback_data`` the button's value (an approval request's ``approve:<ref>`` or
``deny:<ref>``: 32 bytes; the limit is 64; a button that opens a form is not shown). A reply to a message started in Telegram replies to it. A 2xx answer is
a success unless it says ``{"ok": false}``; its ``result.message_id``, when it has one,
links the message to its thread. The token is in the URL's path: errors never show the
URL (nor the token, should an answer repeat it).
"""

from __future__ import annotations

import html
from typing import Any, Mapping

from wakeful.channels import models
from wakeful.channels.platforms.render import actions_of
from wakeful.channels.platforms.base import Check, ConfigField, Outcome, Platform, Reading, answer_json, call, http_failure, id_text, redact, said_not_ok, split
from wakeful.channels.records import Channel, ChannelDelivery, secrets_of
from wakeful.config import get_settings

NAME = "telegram"

#: A chat id or ``@channelusername``: it goes into a request as it is.
#: The config field of the default conversation.
CONVERSATION_FIELD = "chat_id"
CONVERSATION = models.TELEGRAM_CHAT_PATTERN
CHAT_ID_DOC = "A chat id (an integer, or its text; kept as text) or @channelusername: 1-100 characters, no / ? # % \\ or spaces"
LIMIT = 4000  # Telegram's is 4096 characters; room for the title's markup


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


class Telegram(Platform):
    """A Telegram bot: its webhook's updates, carrying the ``secret_token`` given to
    ``setWebhook``; messages sent with its token."""

    name = NAME
    config = (
        ConfigField(
            "bot_token",
            "<digits>:<token> as BotFather gives it; 1-256 characters that may stand in a URL path (no / ? # % \\ or spaces)",
            pattern=models.TELEGRAM_TOKEN_PATTERN,
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
        from wakeful.channels import verify

        return verify.telegram(secrets_of(channel)["secret_token"], headers)

    def read(self, channel: Channel, route: str, body: bytes) -> Reading:
        from wakeful.channels import readers

        return readers.telegram(channel, body)

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
