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
from typing import Any, Mapping

from wakeful import clock, outbound, secrets
from wakeful.channels import link_repository, models
from wakeful.channels.platforms.render import actions_of
from wakeful.channels.platforms.base import Check, ConfigField, Outcome, Platform, Reading, answer_json, call, http_failure, id_text, message_text, redact, split
from wakeful.channels.records import Channel, ChannelDelivery, ChannelLink, secret_context, secrets_of
from wakeful.config import get_settings

NAME = "discord"

logger = logging.getLogger(__name__)

#: A channel id (a snowflake): it goes into a URL path.
#: The config field of the default conversation.
CONVERSATION_FIELD = "channel_id"
CONVERSATION = models.DISCORD_CHANNEL_PATTERN
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


class Discord(Platform):
    """A Discord application: its interactions, signed with its public key (Ed25519);
    messages posted with its bot token, or as an interaction's answer."""

    name = NAME
    config = (
        ConfigField("bot_token", secret=True),
        ConfigField("public_key", "The application's public key (64 hex digits)", pattern=models.DISCORD_PUBLIC_KEY_PATTERN),
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
        from wakeful.channels import verify

        return verify.discord(str(channel.config["public_key"]), headers, body, now)

    def read(self, channel: Channel, route: str, body: bytes) -> Reading:
        from wakeful.channels import readers

        return readers.discord(channel, body)

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
