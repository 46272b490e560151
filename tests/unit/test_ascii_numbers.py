"""Numbers read from user text are ASCII digits: ``\\d``, ``str.isdigit`` and ``int()``
also take other scripts' digits (Arabic-Indic ``٣٠``, full-width ``３０``) and ``int()``
and ``float()`` take ``1_000``; every parser of user or peer text refuses them."""

from __future__ import annotations

import hashlib
import hmac
import time

import pytest

from wakeful.backoff import parse_retry_after
from wakeful.ops.exceptions import OpsSinceInvalidError
from wakeful.ops.service import parse_since
from wakeful.schedules.cron import parse_hhmm
from wakeful.schedules.exceptions import ScheduleInvalidError
from wakeful.stream.exceptions import StreamCursorError
from wakeful.stream.models import parse_after
from wakeful.threads.matching import parse_delay
from wakeful.webhooks.providers import verify

OTHER_DIGITS = ["\u0663\u0660", "\uff13\uff10", "\u0969\u0966", "3_0"]


@pytest.mark.parametrize("digits", OTHER_DIGITS)
def test_a_wake_delay_in_other_digits_is_refused(digits: str) -> None:
    with pytest.raises(ValueError, match="not a number followed by"):
        parse_delay(f"{digits}m")


@pytest.mark.parametrize(("text", "seconds"), [("30m", 1800), (" 90s ", 90), ("2h", 7200), ("1d", 86400)])
def test_a_wake_delay_in_ascii_digits_is_read(text: str, seconds: int) -> None:
    assert parse_delay(text) == seconds


@pytest.mark.parametrize("digits", OTHER_DIGITS)
def test_a_retry_after_in_other_digits_is_no_delay(digits: str) -> None:
    assert parse_retry_after(digits, time.time()) is None
    assert parse_retry_after("30", time.time()) == 30.0


@pytest.mark.parametrize("since", [*OTHER_DIGITS, "1e9", "nan", "1_700_000_000"])
def test_a_since_in_other_digits_or_notation_is_refused(since: str) -> None:
    with pytest.raises(OpsSinceInvalidError):
        parse_since(since, time.time())


def test_a_since_in_epoch_seconds_or_iso_is_read() -> None:
    now = time.time()
    assert parse_since("1700000000", now) == 1700000000.0
    assert parse_since("1700000000.5", now) == 1700000000.5
    assert parse_since("2026-01-01T00:00:00Z", now) == 1767225600.0


@pytest.mark.parametrize("raw", [*OTHER_DIGITS, "+3", "1" * 30])
def test_a_stream_resume_point_in_other_digits_is_refused(raw: str) -> None:
    with pytest.raises(StreamCursorError):
        parse_after(raw)


def test_a_stream_resume_point_in_ascii_digits_is_read() -> None:
    assert parse_after(" 12 ") == 12 and parse_after(None) == 0
    with pytest.raises(StreamCursorError, match="never negative"):
        parse_after("-1")


@pytest.mark.parametrize("text", ["08:00\n", "\u0660\u0668:00", "8:00"])
def test_active_hours_are_matched_whole_in_ascii_digits(text: str) -> None:
    with pytest.raises(ScheduleInvalidError):
        parse_hhmm(text, "start")


def test_a_stripe_timestamp_in_other_digits_is_refused() -> None:
    now = time.time()
    stamp = "".join(chr(0x0660 + int(d)) for d in str(int(now)))  # now, in Arabic-Indic digits
    secret = "whsec_test_secret"
    body = b'{"type": "ping"}'
    signature = hmac.new(secret.encode(), stamp.encode() + b"." + body, hashlib.sha256).hexdigest()
    checked = verify("stripe", {"stripe-signature": f"t={stamp},v1={signature}"}, body, [secret], now)
    assert not checked.valid and "t=" in (checked.reason or "")
