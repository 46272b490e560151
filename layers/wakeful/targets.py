"""Notify targets: where a notification, a schedule's result or an approval request
goes — a channel name (its default conversation) or ``name:conversation``.

Agents, schedules and threads name targets; the channels own them. This module holds
what the namers need (the pattern, the limit) and a slot the channels fill with the
check that a target names one of the owner's channels (:data:`wakeful.slots.TARGETS`), so that nothing
below the channels imports them. Light: no pydantic, no AWS client at import.
"""

from __future__ import annotations

from collections.abc import Sequence

from wakeful import slots

#: A target: a channel name, or ``name:conversation``.
TARGET_PATTERN = r"^[a-z][a-z0-9_-]{0,31}(:[^\s]{1,254})?$"
#: At most this many targets in one ``notify``.
MAX_TARGETS = 10


def check(owner: str, targets: Sequence[str] | None) -> None:
    """Every target names one of ``owner``'s channels.

    Raises:
        ValidationError: naming the first target that does not.
    """
    if targets:
        for installed in slots.TARGETS.installed():
            installed.check(owner, targets)
