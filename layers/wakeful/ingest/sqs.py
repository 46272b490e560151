"""The SQS ingest queue: each message becomes one event in the named agent's log.

The SQS ingest queue (docs/webhooks.md): a body ``{agent_id, event_type, payload, priority?,
source? (default "sqs"), metadata?, idempotency_key?}`` is appended once (keyed by its
``idempotency_key``, else by its SQS message id, so a redelivered message appends
nothing new). A message that can never be valid — bad JSON, a wrong shape, a bad event
type, an unknown agent, an event DynamoDB cannot store — is copied to the ingest DLQ at once with a ``reason`` message
attribute and reported as done, so SQS deletes it instead of retrying it
``QUEUE_MAX_RECEIVES`` times. Anything else that fails (throttling, contention) is
reported as a batch item failure and retried by SQS.

A batch's valid messages for one agent are appended together, in batch order, in one
transaction (:func:`wakeful.events.store.append_each`: one counter move, each message
still under its own key), so a sender that batches pays one append per agent per batch,
not one per message. If that transaction cannot be made (a value DynamoDB refuses, say),
the group's messages are appended one by one, so one bad message fails only itself.
"""

from __future__ import annotations

import logging
from typing import Any, Callable, Iterable, Iterator

from wakeful import aws
from wakeful.config import get_settings
from wakeful.events import store
from wakeful.events.exceptions import EventAgentNotFoundError, EventNotStorableError
from wakeful.events.models import NewEvent
from wakeful.ingest import payload as checks
from wakeful.ingest.exceptions import IngestMessageInvalidError
from wakeful.structs import Struct

logger = logging.getLogger(__name__)

MESSAGE_FIELDS = frozenset({"agent_id", "event_type", "payload", "priority", "source", "metadata", "idempotency_key"})
DEFAULT_SOURCE = "sqs"
_MAX_MESSAGE_ATTRIBUTES = 10  # SQS allows 10 attributes per message
#: Bodies one coalesced append carries at most (a transaction holds 4 MB in all).
_MAX_GROUP_BYTES = 2 * 1024 * 1024


class IngestMessage(Struct):
    """A validated ingest-queue message."""

    agent_id: str
    event: NewEvent
    idempotency_key: str | None


class BatchResult:
    """What happened to one batch: message ids per outcome."""

    def __init__(self) -> None:
        self.appended: list[str] = []
        self.duplicates: list[str] = []
        self.dead_lettered: list[str] = []
        self.failed: list[str] = []

    def response(self) -> dict[str, Any]:
        """The Lambda partial batch response: only failed messages are retried."""
        return {"batchItemFailures": [{"itemIdentifier": message_id} for message_id in self.failed]}


def parse(body: str) -> IngestMessage:
    """Validate a message body. Raises IngestMessageInvalidError with a reason code."""
    message = checks.loads(body)
    if not isinstance(message, dict):
        raise IngestMessageInvalidError("the message body must be a JSON object", code="invalid_shape")
    checks.only_keys(message, MESSAGE_FIELDS, "the message")
    agent_id = checks.text(message.get("agent_id"), "agent_id", max_length=100)
    if agent_id is None:
        raise IngestMessageInvalidError("agent_id is required", code="invalid_shape")
    if "event_type" not in message:
        raise IngestMessageInvalidError("event_type is required", code="bad_event_type")
    event_type = checks.event_type(message["event_type"])
    event_payload = checks.obj(message.get("payload"), "payload", required=True)
    metadata = checks.obj(message.get("metadata"), "metadata", required=False)
    checks.check_storable({"payload": event_payload, "metadata": metadata}, "the message")
    event = NewEvent(
        event_type=event_type,
        payload=event_payload,  # type: ignore[arg-type]  # required=True: never None
        priority=checks.priority(message.get("priority")),
        source=checks.text(message.get("source"), "source", default=DEFAULT_SOURCE, max_length=100),  # type: ignore[arg-type]  # it has a default
        metadata=metadata,
    )
    return IngestMessage(agent_id, event, checks.text(message.get("idempotency_key"), "idempotency_key"))


def message_idempotency_key(message_id: str) -> str:
    """The append key of a message sent without ``idempotency_key``."""
    return f"sqs-message:{message_id}"


def process_batch(records: Iterable[dict[str, Any]]) -> BatchResult:
    """Append each record of a Lambda SQS event; return what happened to each.

    Invalid records go to the DLQ first; the valid ones are grouped by agent (in batch
    order) and each group appended in one transaction (:func:`_append_group`).
    """
    result = BatchResult()
    groups: dict[str, list[tuple[dict[str, Any], IngestMessage]]] = {}
    for record in records:
        message_id = record["messageId"]
        try:
            message = parse(record.get("body") or "")
        except IngestMessageInvalidError as error:
            _settle(result, record, _dead_letter_action(record, error.reason_code, error.message))
            continue
        except Exception:  # noqa: BLE001 - one bad record must not fail the batch; SQS retries it
            logger.exception("ingest message failed; SQS will retry it", extra={"message_id": message_id})
            result.failed.append(message_id)
            continue
        groups.setdefault(message.agent_id, []).append((record, message))
    for agent_id, members in groups.items():
        for chunk in _chunks(members):
            _append_group(agent_id, chunk, result)
    return result


def _chunks(members: list[tuple[dict[str, Any], IngestMessage]]) -> Iterator[list[tuple[dict[str, Any], IngestMessage]]]:
    """One agent's messages in appends of at most ``store.MAX_KEYED_PER_APPEND`` and
    :data:`_MAX_GROUP_BYTES` of bodies, in order."""
    chunk: list[tuple[dict[str, Any], IngestMessage]] = []
    size = 0
    for member in members:
        body = len((member[0].get("body") or "").encode("utf-8", "surrogatepass"))
        if chunk and (len(chunk) >= store.MAX_KEYED_PER_APPEND or size + body > _MAX_GROUP_BYTES):
            yield chunk
            chunk, size = [], 0
        chunk.append(member)
        size += body
    if chunk:
        yield chunk


def _key(record: dict[str, Any], message: IngestMessage) -> str:
    return message.idempotency_key or message_idempotency_key(record["messageId"])


def _append_group(agent_id: str, members: list[tuple[dict[str, Any], IngestMessage]], result: BatchResult) -> None:
    """Append one agent's messages in one transaction; if that cannot be made (anything
    but an unknown agent), one by one, so that only the messages that fail are retried."""
    try:
        appended = store.append_each(agent_id, [(message.event, _key(record, message)) for record, message in members])
    except EventAgentNotFoundError as error:
        for record, _ in members:
            _settle(result, record, _dead_letter_action(record, "unknown_agent", error.message))
        return
    except Exception as error:  # noqa: BLE001 - e.g. a value DynamoDB refuses: find which message, one by one
        if len(members) == 1 and isinstance(error, EventNotStorableError):
            # Refused as it is, it can never be appended: the DLQ with the reason, no retries.
            record = members[0][0]
            _settle(result, record, _dead_letter_action(record, "too_large" if error.status == 413 else "not_storable", error.message))
            return
        if len(members) == 1:
            record = members[0][0]
            logger.exception("ingest message failed; SQS will retry it", extra={"message_id": record["messageId"]})
            result.failed.append(record["messageId"])
            return
        logger.warning("coalesced ingest append failed; appending its messages one by one", extra={"agent_id": agent_id}, exc_info=True)
        for member in members:
            _append_group(agent_id, [member], result)
        return
    for (record, message), outcome in zip(members, appended, strict=True):
        getattr(result, _outcome(record, message, outcome)).append(record["messageId"])


def _outcome(record: dict[str, Any], message: IngestMessage, appended: store.AppendResult) -> str:
    """"appended" or "duplicates" for one message's append result."""
    if appended.body_differs:
        # The queue is trusted and its contract is "once per key": the first event
        # stands, and the sender's reuse of a key for another body is made visible here.
        logger.warning(
            "ingest idempotency_key reused for a different body; the first event stands",
            extra={"message_id": record["messageId"], "agent_id": message.agent_id, "event_id": appended.events[0].id},
        )
    return "appended" if appended.created else "duplicates"


def _dead_letter_action(record: dict[str, Any], code: str, reason: str) -> Callable[[], str]:
    def action() -> str:
        dead_letter(record, code, reason)
        return "dead_lettered"

    return action


def _settle(result: BatchResult, record: dict[str, Any], action: Callable[[], str]) -> None:
    """Run ``action`` for a record and file its outcome; a failure is retried by SQS."""
    try:
        outcome = action()
    except Exception:  # noqa: BLE001 - one bad record must not fail the batch; SQS retries it
        logger.exception("ingest message failed; SQS will retry it", extra={"message_id": record["messageId"]})
        result.failed.append(record["messageId"])
        return
    getattr(result, outcome).append(record["messageId"])


def dead_letter(record: dict[str, Any], code: str, reason: str) -> None:
    """Copy a message to the ingest DLQ with why it can never be ingested."""
    dlq = get_settings().queue("ingest_dlq")
    if not dlq:
        raise RuntimeError("the ingest DLQ is not configured (WAKEFUL_QUEUE_INGEST_DLQ_URL)")
    attributes: dict[str, Any] = {
        "reason": {"DataType": "String", "StringValue": f"{code}: {reason}"[:1000]},
        "reason_code": {"DataType": "String", "StringValue": code},
        "source_message_id": {"DataType": "String", "StringValue": record["messageId"]},
    }
    for name, value in (record.get("messageAttributes") or {}).items():
        if len(attributes) >= _MAX_MESSAGE_ATTRIBUTES:
            break
        if name not in attributes and value.get("stringValue") is not None:
            attributes[name] = {"DataType": value.get("dataType", "String"), "StringValue": value["stringValue"]}
    aws.client("sqs").send_message(QueueUrl=dlq, MessageBody=record.get("body") or "(empty)", MessageAttributes=attributes)
    logger.warning("ingest message dead-lettered", extra={"message_id": record["messageId"], "reason_code": code})
