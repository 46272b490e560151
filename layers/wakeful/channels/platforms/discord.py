"""Discord: ``POST {base}/channels/{channel_id}/messages`` with ``Authorization: Bot
<bot_token>``, or, for the answer to a slash command, the interaction's own webhook:
the deferred answer (``{"type": 5}``) is edited by the thread's first message (``PATCH
{base}/webhooks/{application id}/{token}/messages/@original``) and every later part or
message follows up (``POST {base}/webhooks/{application id}/{token}``), while the
interaction's token is valid (15 minutes; then the channel's bot posts, referring to
nothing).

A message is ``content`` of at most 2000 characters a part (longer ones are split), no
mentions parsed (a model's ``@everyone`` pings nobody); an approval request's last part
carries an action row of two buttons, ``custom_id`` ``approve:<ref>`` and ``deny:<ref>``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from wakeful import clock, secrets
from wakeful.channels import link_repository
from wakeful.channels.platforms.base import Outcome, answer_json, call, http_failure, id_text, message_text, split
from wakeful.channels.records import Channel, ChannelDelivery, ChannelLink, secret_context, secrets_of
from wakeful.config import get_settings

LIMIT = 2000
#: How long an interaction's token may still be used (Discord: 15 minutes).
INTERACTION_SECONDS = 14 * 60


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
        approval = message.get("approval")
        if approval and index == len(pieces) - 1:
            ref = approval["ref"]
            body["components"] = [
                {
                    "type": 1,
                    "components": [
                        {"type": 2, "style": 3, "label": "Approve", "custom_id": f"approve:{ref}"},
                        {"type": 2, "style": 4, "label": "Deny", "custom_id": f"deny:{ref}"},
                    ],
                }
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
    return link, secrets.unseal(link.token_sealed, context=secret_context(channel.channel_id))


def post(channel: Channel, delivery: ChannelDelivery, part: dict[str, Any], index: int) -> Outcome:
    """Post one part."""
    base = get_settings().discord_api_url
    interaction = _interaction(channel, delivery)
    edit = False
    if interaction is not None:
        link, token = interaction
        hidden: tuple[str, ...] = (token,)
        # The command's deferred answer ("thinking…") is edited once, by the first
        # message of its thread; every later part or message follows up.
        edit = link.message_id is None and index == 0
        webhook = f"{base}/webhooks/{link.application_id}/{token}"
        method, url = ("PATCH", f"{webhook}/messages/@original") if edit else ("POST", webhook)
        headers = {"Content-Type": "application/json"}
        part = {k: v for k, v in part.items() if k != "message_reference"}
    else:
        bot_token = secrets_of(channel)["bot_token"]
        hidden = (bot_token,)
        conversation = (delivery.message.get("reply") or {}).get("channel_id") or delivery.conversation or channel.conversation()
        method, url = "POST", f"{base}/channels/{conversation}/messages"
        headers = {"Authorization": f"Bot {bot_token}", "Content-Type": "application/json"}
    response, failed = call(method, url, headers=headers, body=part, secrets=hidden)
    if response is None:
        return failed  # type: ignore[return-value]
    answer = answer_json(response)
    if response.ok:
        if edit and interaction is not None:
            link_repository.put(replace(interaction[0], message_id=str(answer.get("id") or "original")))
        return Outcome(True, status_code=response.status, message_id=id_text(answer.get("id")), conversation=id_text(answer.get("channel_id")))
    retry_after = answer.get("retry_after")
    failure = http_failure(response, "Discord", float(retry_after) if isinstance(retry_after, (int, float)) else None)
    detail = answer.get("message")
    if detail and not failure.retry:
        return Outcome(False, error=f"Discord answered HTTP {response.status}: {str(detail)[:200]}", status_code=response.status)
    return failure
