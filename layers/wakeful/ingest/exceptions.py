"""Errors of event ingestion (the SQS ingest queue, and webhook bodies)."""

from __future__ import annotations

from wakeful.exceptions import BadRequestError


class IngestError(Exception):
    """Base of the ingestion errors."""


class IngestMessageInvalidError(IngestError, BadRequestError):
    """A message or body that can never become an event; ``code`` says why
    (bad_json, invalid_shape, bad_event_type, not_storable, too_large, unknown_agent)."""

    def __init__(self, message: str, *, code: str = "invalid_shape") -> None:
        super().__init__(message)
        self.reason_code = code
