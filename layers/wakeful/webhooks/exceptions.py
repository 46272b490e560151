"""Errors about webhooks (management side; the ingest side answers with replies)."""

from __future__ import annotations

from wakeful.exceptions import ConflictError, NotFoundError, WakefulError


class WebhookError(WakefulError):
    """Base of the webhook errors."""


class WebhookNotFoundError(NotFoundError):
    """No such webhook on this agent for this owner."""


class WebhookLimitError(ConflictError):
    """The agent already has as many webhooks as allowed."""
