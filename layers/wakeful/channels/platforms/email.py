"""Email: SES ``SendEmail`` from the channel's ``from`` to its ``to`` (or the target's
address), a plain-text body, the title (or the first line) as the subject. An approval
request cannot carry buttons here: the email says where to decide it.

The sender must be an identity SES has verified (docs/channels.md); in ``wakeful dev``
(moto's SES) the channel verifies it itself when it is created, as a person would in
the SES console.
"""

from __future__ import annotations

from typing import Any

from wakeful import aws
from wakeful.channels import models
from wakeful.channels.platforms.base import ConfigField, Outcome, Platform, message_text
from wakeful.channels.records import Channel, ChannelDelivery
from wakeful.config import get_settings

#: An email address.
ADDRESS = models.EMAIL_PATTERN
SUBJECT_LIMIT = 120
#: SES errors worth another attempt (throttled, or SES itself failing).
_RETRIED = frozenset({"Throttling", "ThrottlingException", "ServiceUnavailable", "InternalFailure", "RequestTimeout"})


def prepare_sender(address: str) -> None:
    """In dev mode, verify the sender in the emulator's SES (a deployment's sender is
    verified by its operator)."""
    if get_settings().dev_mode:
        aws.client("ses").verify_email_identity(EmailAddress=address)


def _subject(message: dict[str, Any]) -> str:
    lines = str(message.get("title") or message.get("text") or "").strip().splitlines()
    first = lines[0] if lines else "Wakeful"
    return first if len(first) <= SUBJECT_LIMIT else first[: SUBJECT_LIMIT - 1] + "…"


def parts(channel: Channel, delivery: ChannelDelivery) -> list[dict[str, Any]]:
    """The one email of a delivery."""
    message = dict(delivery.message)
    text = message_text(message)
    approval = message.get("approval")
    if approval:
        text += (
            "\n\nApprove or deny it in the Wakeful console (the thread's approvals), or with "
            "POST /agents/{agent_id}/threads/{thread_id}/approvals/{tool_call_id} {\"decision\": \"approve\" | \"deny\"}"
            f"\n(thread {delivery.thread_id}, tool call {approval.get('tool_call_id')})"
        )
    to = [delivery.conversation] if delivery.conversation else list(channel.config.get("to") or [])
    return [{"from": channel.config.get("from"), "to": to, "subject": _subject(message), "text": text}]


def post(channel: Channel, delivery: ChannelDelivery, part: dict[str, Any], index: int) -> Outcome:
    """Send the email through SES."""
    ses = aws.client("ses")
    try:
        answer = ses.send_email(
            Source=part["from"],
            Destination={"ToAddresses": part["to"]},
            Message={
                "Subject": {"Data": part["subject"], "Charset": "UTF-8"},
                "Body": {"Text": {"Data": part["text"], "Charset": "UTF-8"}},
            },
        )
    except Exception as error:  # noqa: BLE001 - botocore's errors, judged by their code
        code = (getattr(error, "response", None) or {}).get("Error", {}).get("Code") or type(error).__name__
        message = (getattr(error, "response", None) or {}).get("Error", {}).get("Message") or str(error)
        return Outcome(False, retry=code in _RETRIED or "Connect" in code, error=f"SES {code}: {message[:300]}")
    return Outcome(True, message_id=answer.get("MessageId"))


class Email(Platform):
    """Email through SES: a way out only (nobody writes back to a thread by email)."""

    name = "email"
    chat = False
    config = (
        ConfigField("sender", "The sender address (verified in SES)", pattern=ADDRESS, alias="from", max_length=320),
        ConfigField("to", "The recipients", pattern=ADDRESS, many=True, min_items=1, max_items=50, max_length=320),
    )
    conversation_field = "to"
    conversation_pattern = ADDRESS
    conversation_hint = "an email address"
    dryrun_kind = "email"

    def prepare(self, channel: Channel) -> None:
        prepare_sender(str(channel.config.get("from")))

    def parts(self, channel: Channel, delivery: ChannelDelivery) -> list[dict[str, Any]]:
        return parts(channel, delivery)

    def post(self, channel: Channel, delivery: ChannelDelivery, part: dict[str, Any], index: int) -> Outcome:
        return post(channel, delivery, part, index)
