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
"""

from __future__ import annotations

from typing import Any, Mapping

from wakeful import clock
from wakeful.backoff import parse_retry_after
from wakeful.channels import models
from wakeful.channels.platforms.render import actions_of
from wakeful.channels.platforms.base import Check, ConfigField, Outcome, Platform, Reading, answer_json, call, http_failure, id_text, message_text, said_not_ok, split
from wakeful.channels.records import Channel, ChannelDelivery, secrets_of
from wakeful.config import get_settings

NAME = "slack"

#: One post's text (Slack truncates past 40,000 characters) and one section's.
TEXT_LIMIT = 39_000
SECTION_LIMIT = 3000
#: A Slack channel id or name (``C0123``, ``#general``, ``@user``).
#: The config field of the default conversation.
CONVERSATION_FIELD = "channel"
CONVERSATION = models.SLACK_CONVERSATION_PATTERN
#: Button styles: Slack has a primary (green) and a danger (red) one, else its default.
_STYLES = {"primary": "primary", "success": "primary", "danger": "danger", "default": None}


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
        from wakeful.channels import verify

        return verify.slack(secrets_of(channel)["signing_secret"], headers, body, now)

    def read(self, channel: Channel, route: str, body: bytes) -> Reading:
        from wakeful.channels import readers

        return readers.slack_interactions(channel, body) if route.endswith("/interactions") else readers.slack_events(channel, body)

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
