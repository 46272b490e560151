"""Webhook shapes: management API input and the public view (never the secret)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from wakeful.clock import iso
from wakeful.events.models import EVENT_TYPE_PATTERN
from wakeful.webhooks.records import ROTATION_OVERLAP_SECONDS

EventType = Annotated[str, Field(pattern=EVENT_TYPE_PATTERN)]
MAX_RATE_LIMIT = 1_000_000


class WebhookCreate(BaseModel):
    """``POST /agents/{id}/webhooks`` body."""

    model_config = ConfigDict(extra="forbid")

    allowed_event_types: list[EventType] | None = Field(
        default=None, max_length=100, description="Event types this webhook may create; null or empty allows all"
    )
    rate_limit_per_hour: int = Field(default=100, ge=1, le=MAX_RATE_LIMIT, description="Accepted requests per clock hour")
    metadata: dict[str, Any] | None = Field(default=None, description="Your notes (integration, owner, …)")


class WebhookPatch(BaseModel):
    """``PATCH /agents/{id}/webhooks/{webhook_id}`` body: any subset."""

    model_config = ConfigDict(extra="forbid")

    is_active: bool | None = None
    allowed_event_types: list[EventType] | None = Field(default=None, max_length=100)
    rate_limit_per_hour: int | None = Field(default=None, ge=1, le=MAX_RATE_LIMIT)


class WebhookRotate(BaseModel):
    """``POST /agents/{id}/webhooks/{webhook_id}/rotate`` body (optional)."""

    model_config = ConfigDict(extra="forbid")

    overlap_seconds: int = Field(
        default=ROTATION_OVERLAP_SECONDS,
        ge=0,
        le=ROTATION_OVERLAP_SECONDS,
        description="How long the old secret stays valid (default 24 h; 0 revokes it at once, e.g. after a leak)",
    )


def url(base_url: str, webhook_id: str) -> str:
    """The URL senders post to: it carries the webhook id only, never the secret."""
    return f"{base_url.rstrip('/')}/webhooks/{webhook_id}"


def public(item: dict[str, Any], base_url: str) -> dict[str, Any]:
    """The API view of a webhook item."""
    return {
        "id": item["webhook_id"],
        "agent_id": item["agent_id"],
        "url": url(base_url, item["webhook_id"]),
        "is_active": item.get("is_active", True),
        "allowed_event_types": item.get("allowed_event_types"),
        "rate_limit_per_hour": item.get("rate_limit_per_hour", 100),
        "metadata": item.get("metadata"),
        "secret_rotated_at": iso(item.get("secret_rotated_at")),
        "previous_secret_expires_at": iso(item.get("previous_secret_expires_at")),
        "created_at": iso(item.get("created_at")),
        "updated_at": iso(item.get("updated_at")),
    }


class WebhookDeliveryDoc(BaseModel):
    """The body of ``POST /webhooks/{webhook_id}``, for the OpenAPI document only: the
    webhook-ingest function checks it by hand, after the signature
    (:mod:`wakeful.webhooks.receive`)."""

    model_config = ConfigDict(extra="forbid", title="WebhookDelivery")

    event_type: EventType = Field(default="WEBHOOK_TRIGGER", description="A letter, then letters, digits or underscores (case-sensitive); must be allowed by the webhook")
    priority: int = Field(default=5, ge=1, le=10, description="1 is the most urgent, 10 the least")
    payload: dict[str, Any] = Field(description="The event's data (a JSON object)")
