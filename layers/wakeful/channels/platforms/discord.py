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
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

from wakeful import clock, outbound, secrets
from wakeful.channels import link_repository, models
from wakeful.channels.platforms.base import Outcome, actions_of, answer_json, call, http_failure, id_text, message_text, redact, split
from wakeful.channels.records import Channel, ChannelDelivery, ChannelLink, secret_context, secrets_of
from wakeful.config import get_settings

logger = logging.getLogger(__name__)

LIMIT = 2000
#: Discord has forms: a button may open a modal (a Reply button does).
FORMS = True
#: Button styles: primary (blurple), secondary (grey), success (green), danger (red).
_STYLES = {"primary": 1, "default": 2, "success": 3, "danger": 4}
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
    webhook = f"{get_settings().discord_api_url}/webhooks/{link.application_id}/{token}"
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
    conversation = (delivery.message.get("reply") or {}).get("channel_id") or delivery.conversation or channel.conversation()
    if not models.path_segment(conversation):
        return Outcome(False, error="the Discord channel id cannot stand in a URL path as it is: nothing was posted")
    url = f"{get_settings().discord_api_url}/channels/{conversation}/messages"
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
