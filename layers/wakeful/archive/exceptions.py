"""The archive's errors."""

from __future__ import annotations


class ArchiveError(Exception):
    """Base error of the archive."""


class ArchiveNotConfiguredError(ArchiveError):
    """No archive bucket is named (``WAKEFUL_ARCHIVE_BUCKET``)."""


class ArchiveUnknownTableError(ArchiveError):
    """A stream record comes from a table this process was not given."""
