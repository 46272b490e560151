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
from typing import Any

from wakeful.channels import models
from wakeful.channels.platforms.base import Outcome, actions_of, answer_json, call, http_failure, id_text, redact, said_not_ok, split
from wakeful.channels.records import Channel, ChannelDelivery, secrets_of
from wakeful.config import get_settings

LIMIT = 4000  # Telegram's is 4096 characters; room for the title's markup


def _chat(value: Any) -> Any:
    text = str(value)
    return int(text) if text.lstrip("-").isdigit() else text


def parts(channel: Channel, delivery: ChannelDelivery) -> list[dict[str, Any]]:
    """The ``sendMessage`` bodies of a delivery, in order."""
    message = delivery.message
    chat = _chat(delivery.conversation or channel.conversation())
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
    url = f"{get_settings().telegram_api_url}/bot{token}/sendMessage"
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
