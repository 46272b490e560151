"""Response models of the webhooks' routes."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from wakeful.apikit.responses import Page, View
from wakeful.webhooks.inputs import EventType


class Webhook(View):
    """An inbound webhook (never its secret)."""

    id: str
    agent_id: str
    url: str = Field(description="Where senders POST: it carries the webhook id, never the secret")
    provider: str
    is_active: bool
    allowed_event_types: list[str] | None
    rate_limit_per_hour: int
    metadata: dict[str, Any] | None
    secret_rotated_at: str | None
    previous_secret_expires_at: str | None
    created_at: str | None
    updated_at: str | None


class WebhookCreated(Webhook):
    """A new webhook and its secret (shown only in this answer)."""

    secret: str


class WebhookPage(Page):
    """A page of webhooks, newest first."""

    items: list[Webhook]


class WebhookRotated(View):
    """The new secret; the previous one stays valid until previous_secret_expires_at."""

    id: str
    secret: str
    previous_secret_expires_at: str | None


class WebhookRequest(View):
    """One request the webhook received, accepted or not; or the requests of one minute
    and status past that minute's rows, counted."""

    id: str
    webhook_id: str
    status: str = Field(description="ACCEPTED, REJECTED, RATE_LIMITED, INVALID_SIGNATURE or DUPLICATE")
    http_status: int | None
    rejection_reason: str | None
    event_type: str | None
    event_id: str | None
    seq: int | None
    signature_valid: bool
    scheme: str | None
    delivery_id: str | None
    source_ip: str | None
    body_bytes: int | None
    received_at: str | None = Field(description="When it came (of a counted item: the first it counts)")
    count: int = Field(
        description=(
            "1 for a request's own row. Past the first 20 requests of a minute that were not accepted, the rest of "
            "that minute are counted instead: one item per status, with how many came (the latest's reason and address)"
        )
    )
    last_received_at: str | None = Field(description="When the last request it counts came (a row: received_at)")
    event_count: int | None = Field(
        default=None, description="How many events an accepted request appended (alertmanager, grafana: one per new alert)"
    )


class WebhookRequestPage(Page):
    """Requests, newest first."""

    items: list[WebhookRequest]


class AlertEvent(View):
    """The event of one alert of a notification."""

    event_id: str
    seq: int
    event_type: str
    duplicate: bool = Field(description="True when this alert, in this state, was accepted before")


class WebhookAccepted(View):
    """The event a delivery appended (``duplicate: true`` for the same delivery again).
    An alert notification (alertmanager, grafana) answers its first new event here and
    every alert's event in ``events``."""

    event_id: str
    seq: int
    duplicate: bool | None = None
    events: list[AlertEvent] | None = Field(default=None, description="alertmanager, grafana: each allowed alert's event, in order")
    not_allowed: list[str] | None = Field(default=None, description="alertmanager, grafana: event types left out (allowed_event_types)")


class WebhookDeliveryDoc(BaseModel):
    """The body of ``POST /webhooks/{webhook_id}``, for the OpenAPI document only: the
    webhook-ingest function checks it by hand, after the signature
    (:mod:`wakeful.webhooks.receive`)."""

    model_config = ConfigDict(extra="forbid", title="WebhookDelivery")

    event_type: EventType = Field(default="WEBHOOK_TRIGGER", description="A letter, then letters, digits or underscores (case-sensitive); must be allowed by the webhook")
    priority: int = Field(default=5, ge=1, le=10, description="1 is the most urgent, 10 the least")
    payload: dict[str, Any] = Field(description="The event's data (a JSON object)")
