"""Creating, reading, changing, rotating and deleting webhooks, owner-scoped.

Every call first resolves the owner's agent (another owner's agent is not found), then
the webhook under that agent, so another owner's webhook answers 404 (tenants are
isolated). The secret (``whsec_`` + base64 of 32 random bytes from :mod:`secrets`)
is returned only by :func:`create` and :func:`rotate`, stored sealed with KMS, and
never logged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wakeful import clock, ids, secrets, signing
from wakeful.agents import service as agents
from wakeful.ingest import payload as checks
from wakeful.ingest.exceptions import IngestMessageInvalidError
from wakeful.exceptions import ValidationError
from wakeful.webhooks import alerts, providers, records, repository
from wakeful.webhooks.exceptions import WebhookLimitError, WebhookNotFoundError
from wakeful.webhooks.records import Webhook, WebhookRequest

if TYPE_CHECKING:
    from wakeful.webhooks.inputs import WebhookCreate, WebhookPatch, WebhookRotate

MAX_WEBHOOKS_PER_AGENT = 50
MAX_METADATA_BYTES = 10_000


def create(owner: str, agent_id: str, body: WebhookCreate) -> tuple[Webhook, str]:
    """Create a webhook on the owner's agent. Returns the webhook and its secret, which
    is shown only here."""
    agents.get(owner, agent_id)
    _check_metadata(body.metadata)
    if len(repository.agent_webhook_ids(agent_id)) >= MAX_WEBHOOKS_PER_AGENT:
        raise WebhookLimitError(f"an agent can have at most {MAX_WEBHOOKS_PER_AGENT} webhooks")
    now = clock.now()
    webhook_id = ids.new_id("whk", now)
    secret = body.secret or signing.new_secret()
    webhook = Webhook(
        webhook_id=webhook_id,
        agent_id=agent_id,
        owner=owner,
        secret_sealed=secrets.seal(secret, context=records.secret_context(webhook_id)),
        provider=body.provider,
        is_active=True,
        allowed_event_types=None if body.allowed_event_types is None else tuple(body.allowed_event_types),
        rate_limit_per_hour=body.rate_limit_per_hour,
        metadata=body.metadata,
        created_at=now,
        updated_at=now,
    )
    repository.create(webhook)
    return webhook, secret


def get(owner: str, agent_id: str, webhook_id: str) -> Webhook:
    """The owner's webhook on that agent."""
    agents.get(owner, agent_id)
    webhook = repository.get(webhook_id)
    if webhook is None or webhook.owner != owner or webhook.agent_id != agent_id:
        raise WebhookNotFoundError(f"webhook {webhook_id} not found")
    return webhook


def list_page(owner: str, agent_id: str, limit: int, cursor: str | None) -> tuple[list[Webhook], str | None]:
    """An agent's webhooks, newest first."""
    agents.get(owner, agent_id)
    return repository.agent_page(agent_id, limit, cursor)


def patch(owner: str, agent_id: str, webhook_id: str, body: WebhookPatch) -> Webhook:
    """Change ``is_active``, ``allowed_event_types`` or ``rate_limit_per_hour``."""
    get(owner, agent_id, webhook_id)
    changes = body.model_dump(exclude_unset=True)
    if changes.get("is_active", True) is None:
        del changes["is_active"]
    if "rate_limit_per_hour" in changes and changes["rate_limit_per_hour"] is None:
        del changes["rate_limit_per_hour"]
    changes["updated_at"] = clock.now()
    repository.update(webhook_id, owner, agent_id, changes)
    return get(owner, agent_id, webhook_id)


def rotate(owner: str, agent_id: str, webhook_id: str, body: WebhookRotate | None = None) -> tuple[Webhook, str]:
    """Give the webhook a new secret; the old one stays valid for ``overlap_seconds``
    (default 24 h) so senders can switch without losing requests. A second rotation
    within the overlap replaces the older secret. Returns the webhook and the new secret."""
    if body is None:
        from wakeful.webhooks.inputs import WebhookRotate  # pydantic: only on this path

        body = WebhookRotate()
    webhook = get(owner, agent_id, webhook_id)
    provider = webhook.provider
    if provider == "stripe" and not body.secret:
        raise ValidationError("a stripe webhook's new secret comes from Stripe: send it as secret")
    if body.secret and provider not in providers.CHOSEN_SECRET_PROVIDERS:
        raise ValidationError(f"secret cannot be chosen for provider {provider}: Wakeful generates it")
    problem = alerts.bearer_secret_problem(body.secret) if body.secret and provider in providers.ALERT_PROVIDERS else None
    if problem:
        raise ValidationError(problem)
    overlap = body.overlap_seconds
    now = clock.now()
    secret = body.secret or signing.new_secret()
    sealed = secrets.seal(secret, context=records.secret_context(webhook_id))
    repository.rotate_secret(webhook_id, owner, agent_id, sealed, now + overlap, now)
    return get(owner, agent_id, webhook_id), secret


def delete(owner: str, agent_id: str, webhook_id: str) -> None:
    """Delete a webhook; its URL answers 404 from now on. Its request rows expire."""
    get(owner, agent_id, webhook_id)
    repository.delete(webhook_id, owner, agent_id)


def requests_page(
    owner: str, agent_id: str, webhook_id: str, limit: int, cursor: str | None
) -> tuple[list[WebhookRequest], str | None]:
    """The webhook's recorded requests, newest first."""
    get(owner, agent_id, webhook_id)
    return repository.requests_page(webhook_id, records.REQUEST_PREFIX, limit, cursor)


def _check_metadata(metadata: dict[str, Any] | None) -> None:
    if metadata is None:
        return
    try:
        size = checks.check_storable(metadata, "metadata")
    except IngestMessageInvalidError as error:
        raise ValidationError(error.message) from error
    if size > MAX_METADATA_BYTES:
        raise ValidationError(f"metadata is too large ({size} bytes > {MAX_METADATA_BYTES})")
