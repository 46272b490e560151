"""What channels are made of, as plain values (no pydantic: the inbound, worker and
delivery functions read these too).

A channel has a ``kind`` and a ``config`` whose fields are either public (shown in the
API: where messages go) or secret (write-only: sealed at rest, never in an answer, a
log line or a stream event).
"""

from __future__ import annotations

import re

from wakeful import targets

# The platforms (a channel's ``kind``), their config fields and conversations:
# :mod:`wakeful.channels.platforms` (one module each, and the registry every list of
# them derives from).

NAME_PATTERN = r"^[a-z][a-z0-9_-]{0,31}$"


def path_segment_pattern(max_length: int) -> str:
    """Text that may stand as one segment of a URL's path, as it is: 1 to ``max_length``
    of the characters RFC 3986 allows there unencoded (letters, digits, ``-._~``,
    ``!$&'()*+,;=``, ``:`` and ``@``), and not ``.`` or ``..``. So never ``/``, ``?``,
    ``#``, ``%``, ``\\``, a space or a control character: a value can only name its own
    segment, never reach another path, a query or another host."""
    plain = "A-Za-z0-9_~!$&'()*+,;=:@-"  # every allowed character but the dot ("-" last)
    any_ = "." + plain
    # The first character is not a dot; or the second is not; or a third follows "..".
    # (Written without a look-ahead: pydantic's regex engine has none.)
    return (
        rf"^(?:[{plain}][{any_}]{{0,{max_length - 1}}}"
        rf"|\.[{plain}][{any_}]{{0,{max_length - 2}}}"
        rf"|\.\.[{any_}]{{1,{max_length - 2}}})$"
    )


# A platform's conversations and the ids its requests carry are checked by its own
# module (``channels/platforms/``): only what is needed to use them safely (an id that
# goes into a URL path: :func:`path_segment_pattern`), not each platform's exact
# format: the platform itself refuses an id it does not know.

#: An email address.
EMAIL_PATTERN = r"^[^@\s<>(),;:\"\[\]\\]{1,64}@[A-Za-z0-9.-]{1,253}\.[A-Za-z]{2,63}$"
#: A platform user id in ``allowed_users`` (Slack ``U0123``, Discord and Telegram numbers).
USER_ID_PATTERN = r"^[A-Za-z0-9_.@-]{1,64}$"
#: A target: a channel name, or ``name:conversation`` (:mod:`wakeful.targets`).
TARGET_PATTERN = targets.TARGET_PATTERN

MAX_CHANNELS_PER_OWNER = 100
MAX_ALLOWED_USERS = 500
MAX_TARGETS = targets.MAX_TARGETS

# -- deliveries ----------------------------------------------------------------------
NOTIFICATION = "notification"
SCHEDULE_RESULT = "schedule_result"
SCHEDULE_FAILED = "schedule_failed"
APPROVAL = "approval"
REPLY = "reply"
#: The spend guard's alerts and pauses (with an ``extend:`` button).
BUDGET = "budget"
DELIVERY_KINDS = (NOTIFICATION, SCHEDULE_RESULT, SCHEDULE_FAILED, APPROVAL, REPLY, BUDGET)

PENDING = "pending"
DELIVERED = "delivered"
FAILED = "failed"
DELIVERY_STATUSES = (PENDING, DELIVERED, FAILED)

#: Attempts of one delivery before it fails (the first and its retries).
MAX_ATTEMPTS = 6
#: How long one platform request may take, all of it (connect to the last body byte).
REQUEST_TIMEOUT_SECONDS = 10.0
#: The most of a platform's answer read.
MAX_ANSWER_BYTES = 256 * 1024
#: Deliveries and inbound request rows expire after this (unless WAKEFUL_RETENTION_DAYS).
RETENTION_DAYS = 30
#: Links (a platform message -> its thread; a button -> its tool call) live this long.
LINK_DAYS = 90

# -- inbound requests ----------------------------------------------------------------
ACCEPTED = "accepted"  # verified and queued (or answered, for a ping or a challenge)
DUPLICATE = "duplicate"  # the same platform event again: acknowledged, not queued
IGNORED = "ignored"  # verified, nothing to do (a bot's message, an edit, an unknown update)
REJECTED = "rejected"  # verified, refused (a user not in allowed_users, a bad body)
UNAUTHORIZED = "unauthorized"  # the platform's signature is missing, wrong or stale
NOT_FOUND = "not_found"  # no such channel (or not of this platform)
REQUEST_STATUSES = (ACCEPTED, DUPLICATE, IGNORED, REJECTED, UNAUTHORIZED, NOT_FOUND)

#: The prefixes of the approval buttons' values, ``approve:<ref>`` and ``deny:<ref>``
#: (every button's value: :mod:`wakeful.channels.buttons`).
APPROVE = "approve"
DENY = "deny"


_SEGMENT = re.compile(path_segment_pattern(1000))


def path_segment(value: object) -> bool:
    """Whether ``value`` is text that may stand as one segment of a URL's path, as it is
    (:func:`path_segment_pattern`): checked again where an id is put into a URL."""
    return isinstance(value, str) and _SEGMENT.fullmatch(value) is not None


def message_link(conversation: str, message_id: str) -> str:
    """The link key of a platform message in a conversation (a Slack thread's root
    ``ts``, a Telegram message id): the thread a reply to it continues."""
    return f"msg#{conversation}#{message_id}"


def approval_link(ref: str) -> str:
    """The link key of an approval's buttons in a channel."""
    return f"approval#{ref}"


def last_message_link(thread_id: str) -> str:
    """The link key of the last platform message a person sent a thread."""
    return f"last#{thread_id}"
