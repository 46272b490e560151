"""What the chat platforms share to check and read a request (pure functions; no I/O;
:mod:`wakeful.channels.inbound` runs a platform's ``verify``, then its ``read``).

A check answers a :class:`~.base.Check` whose ``reason`` says what was wrong (never a
secret or a signature); a signed timestamp is accepted within
:data:`TOLERANCE_SECONDS` of now (:func:`fresh`).

A reader answers a :class:`~.base.Reading`: the answer (status and body), how the
request is recorded (``status``, ``reason``), and, when there is work, the work for the
channel worker and the platform event ids that make it unique (a retried or replayed
request is taken once). Work is ``{"work": "message", ...}`` (a thread message:
``text``, ``user``, ``conversation``, ``message_id``, ``thread_ref``) or
``{"work": "button", ...}`` (a button pressed, or a form it opened submitted:
``decision`` (the button's prefix), ``ref``, ``user``, and a form's ``text``;
:mod:`wakeful.channels.buttons`).
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from wakeful.channels import models
from wakeful.channels.platforms.base import BadBody, Reading

if TYPE_CHECKING:
    from wakeful.channels.records import Channel

#: How far a signed timestamp may be from now, either way.
TOLERANCE_SECONDS = 300
#: The longest text a message's work carries.
MAX_TEXT = 20_000
#: A platform's user id.
USER = re.compile(models.USER_ID_PATTERN)
_TIMESTAMP = re.compile(r"[0-9]{1,12}")


def fresh(stamp: str | None, header: str, now: float) -> str | None:
    """Why a timestamp header is not acceptable, or None."""
    if stamp is None:
        return f"missing {header}"
    if not _TIMESTAMP.fullmatch(stamp.strip()):
        return f"{header} is not a number of unix seconds"
    skew = now - int(stamp.strip())
    if abs(skew) > TOLERANCE_SECONDS:
        when = "old" if skew > 0 else "in the future"
        return f"{header} is {int(abs(skew))} s {when} (tolerance {TOLERANCE_SECONDS} s): a stale or replayed request"
    return None


def json_object(body: bytes) -> dict[str, Any]:
    """The body as a JSON object.

    Raises:
        BadBody: not JSON, or not an object.
    """
    try:
        value = json.loads(body)
    except (ValueError, UnicodeDecodeError) as error:
        raise BadBody("the body is not JSON") from error
    if not isinstance(value, dict):
        raise BadBody("the body is not a JSON object")
    return value


def ignored(body: Any, reason: str, **fields: Any) -> Reading:
    """A request with nothing to do, answered with ``body``."""
    return Reading(200, body, models.IGNORED, reason=reason, **fields)


def not_allowed(channel: Channel, user: str | None, body: Any, **fields: Any) -> Reading | None:
    """The refusal of a user not in the channel's ``allowed_users`` (None: allowed)."""
    if channel.allows(user):
        return None
    return Reading(200, body, models.REJECTED, reason=f"user {user} is not in the channel's allowed_users: nothing changed", user=user, **fields)


def checked_id(value: Any, pattern: re.Pattern[str], name: str) -> str:
    """A platform id the work carries, as text: checked before it goes into a URL path or
    a platform request, as the channel's config ids are (an empty one is absent).

    Raises:
        BadBody: naming the field, never repeating the value.
    """
    text = "" if value is None else str(value)
    if text and not pattern.fullmatch(text):
        raise BadBody(f"{name} is not an id of the form the platform uses (it would go into a URL path or a request as it is)")
    return text
