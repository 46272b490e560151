"""The SQS ingest message, as a pydantic model for the OpenAPI document only (a
document model, as the response models are).

The ingest function validates messages by hand (:func:`wakeful.ingest.sqs.parse`), so
it does not need this module; a test keeps the two in agreement.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from wakeful.events.models import EVENT_TYPE_PATTERN


class IngestMessageDoc(BaseModel):
    """The body of a message sent to the ingest queue (stack output ``IngestQueueUrl``)."""

    model_config = ConfigDict(extra="forbid", title="IngestMessage")

    agent_id: str = Field(min_length=1, max_length=100, description="The agent whose log receives the event")
    event_type: str = Field(pattern=EVENT_TYPE_PATTERN)
    payload: dict[str, Any]
    priority: int = Field(default=5, ge=1, le=10)
    source: str = Field(default="sqs", min_length=1, max_length=100)
    metadata: dict[str, Any] | None = None
    idempotency_key: str | None = Field(
        default=None, min_length=1, max_length=255, description="Appended once per key (else once per SQS message id)"
    )
