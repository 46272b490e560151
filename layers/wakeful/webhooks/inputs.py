"""Webhook API input: the management routes' bodies (the records and their public views
are in :mod:`wakeful.webhooks.records`)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from wakeful.events.models import EVENT_TYPE_PATTERN
from wakeful.inputs import Body, Patch, unchanged
from wakeful.webhooks import alerts
from wakeful.webhooks.alerts import ALERT_PROVIDERS, bearer_secret_problem
from wakeful.webhooks.records import ROTATION_OVERLAP_SECONDS

EventType = Annotated[str, Field(pattern=EVENT_TYPE_PATTERN)]
Provider = Literal["wakeful", "standard", "github", "stripe", "raw", "alertmanager", "grafana"]
#: A secret a sender generated or you chose there (its UTF-8 bytes are the HMAC key).
SenderSecret = Annotated[str, Field(min_length=8, max_length=255, pattern=r"^[^\x00-\x1f\x7f]+$")]
MAX_RATE_LIMIT = 1_000_000


class WebhookCreate(Body):
    """``POST /agents/{id}/webhooks`` body."""

    allowed_event_types: list[EventType] | None = Field(
        default=None, max_length=100, description="Event types this webhook may create; null or empty allows all"
    )
    rate_limit_per_hour: int = Field(default=100, ge=1, le=MAX_RATE_LIMIT, description="Accepted requests per clock hour")
    metadata: dict[str, Any] | None = Field(
        default=None,
        description=(
            "Your notes (integration, owner, …). `alertmanager`, `grafana`: `event_map` (alert name to event type, "
            'e.g. `{"HostHighCpu": "cpu_high"}`) and `event_label` (a label whose value is the event type)'
        ),
    )
    provider: Provider = Field(
        default="wakeful",
        description=(
            "Who sends: `wakeful` (either Wakeful scheme; body `{event_type?, priority?, payload}`), `standard` "
            "(Standard Webhooks; the body whole, type from its `type`), `github` (X-Hub-Signature-256; type "
            "`github_<X-GitHub-Event>`), `stripe` (Stripe-Signature; type `stripe_<type>`; give `secret`), `raw` "
            "(either Wakeful scheme; any JSON body whole), `alertmanager` and `grafana` (`Authorization: Bearer "
            "<secret>`; each alert an event, typed by `metadata.event_map`, else `alert_<alertname>`)"
        ),
    )
    secret: SenderSecret | None = Field(
        default=None,
        description="`stripe` (required): the endpoint's signing secret Stripe shows. `github`, `alertmanager`, "
        "`grafana` (optional): a secret you chose there. Other providers get a generated `whsec_` secret.",
    )

    @model_validator(mode="after")
    def _secret_fits_the_provider(self) -> "WebhookCreate":
        if self.provider == "stripe" and not self.secret:
            raise ValueError("a stripe webhook needs secret: the signing secret Stripe shows for the endpoint (whsec_…)")
        if self.secret and self.provider not in ("stripe", "github", *ALERT_PROVIDERS):
            raise ValueError(f"secret cannot be chosen for provider {self.provider}: Wakeful generates it")
        return self

    @model_validator(mode="after")
    def _alert_metadata_is_usable(self) -> "WebhookCreate":
        if self.provider in ALERT_PROVIDERS:
            alerts.check_metadata(self.metadata)
            problem = bearer_secret_problem(self.secret) if self.secret else None
            if problem:
                raise ValueError(problem)
        return self


class WebhookPatch(Patch):
    """``PATCH /agents/{id}/webhooks/{webhook_id}`` body: any subset.
    ``allowed_event_types: null`` allows every type again; the other fields always
    have a value."""

    is_active: bool = unchanged()
    allowed_event_types: list[EventType] | None = Field(default=None, max_length=100)
    rate_limit_per_hour: int = unchanged(ge=1, le=MAX_RATE_LIMIT)


class WebhookRotate(Body):
    """``POST /agents/{id}/webhooks/{webhook_id}/rotate`` body (optional)."""

    overlap_seconds: int = Field(
        default=ROTATION_OVERLAP_SECONDS,
        ge=0,
        le=ROTATION_OVERLAP_SECONDS,
        description="How long the old secret stays valid (default 24 h; 0 revokes it at once, e.g. after a leak)",
    )
    secret: SenderSecret | None = Field(
        default=None,
        description="`stripe` (required); `github`, `alertmanager`, `grafana` (optional): the new secret the sender signs or sends",
    )
