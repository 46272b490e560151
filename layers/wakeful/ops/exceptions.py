"""Errors of the operations endpoints."""

from __future__ import annotations

from wakeful.exceptions import ValidationError


class OpsSinceInvalidError(ValidationError):
    """``since`` is not an ISO 8601 time or epoch seconds."""
