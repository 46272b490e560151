"""The ingest queue: events to append to agents' logs (see :mod:`wakeful.ingest.sqs`)."""

from __future__ import annotations

from typing import Any, Iterable

from wakeful import queues


def send_ingest(messages: Iterable[dict[str, Any]]) -> int:
    """Queue events for the ingest queue (``{agent_id, event_type, payload, ...,
    idempotency_key}`` each; see :mod:`wakeful.ingest.sqs`)."""
    return queues.send_batch("ingest", messages)
