"""The one storability check, and which append failures are worth retrying."""

from __future__ import annotations

import pytest

from wakeful import storable
from wakeful.events import repository as events_repository


@pytest.mark.parametrize(
    "value",
    [{"": 1}, {"x": 1e300}, {"x": float("inf")}, {"x": float("nan")}, {"x": 10**40}, {"x": "\ud800"}, {"k\ud800": 1}],
    ids=["empty-key", "1e300", "inf", "nan", "40-digits", "surrogate-value", "surrogate-key"],
)
def test_values_dynamodb_refuses_are_not_storable(value):
    with pytest.raises(storable.NotStorableError):
        storable.check(value)


def test_nesting_deeper_than_the_limit_is_not_storable():
    value: dict = {}
    for _ in range(storable.MAX_DEPTH + 2):
        value = {"a": value}
    with pytest.raises(storable.NotStorableError, match="nested"):
        storable.check(value)


def test_a_value_over_its_limit_is_too_large_with_status_413():
    with pytest.raises(storable.TooLargeError) as raised:
        storable.check({"x": "y" * 2000}, max_bytes=1000)
    assert raised.value.status == 413


def test_ordinary_json_is_storable():
    assert storable.check({"a": [1, 2.5, None, True, "ü"], "b": {"c": -1e-5}}) > 0


def test_a_10000_deep_document_is_malformed_not_a_crash():
    with pytest.raises(storable.MalformedJsonError):
        storable.loads("[" * 10_000 + "]" * 10_000)


def test_bytes_that_are_not_utf8_are_malformed():
    with pytest.raises(storable.MalformedJsonError, match="UTF-8"):
        storable.loads(b'{"a": "\xff"}')


@pytest.mark.parametrize(
    ("codes", "contention"),
    [
        (["None", "ConditionalCheckFailed"], True),
        (["TransactionConflict", "None"], True),
        (["None", "ValidationError"], False),
        (["None", "ItemCollectionSizeLimitExceeded"], False),
    ],
)
def test_only_lost_races_are_retried_by_an_append(codes, contention):
    assert events_repository.is_contention(codes) is contention
