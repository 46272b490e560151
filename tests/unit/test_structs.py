"""The light immutable record every cold start defines its records with."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from wakeful.structs import Struct


class Point(Struct):
    x: int
    y: int = 0
    label: str | None = None


class Checked(Struct):
    value: int

    def __post_init__(self) -> None:
        if self.value < 0:
            raise ValueError("negative")
        object.__setattr__(self, "value", self.value * 2)


def test_a_record_is_built_by_position_or_keyword_with_its_defaults():
    assert Point(1) == Point(x=1, y=0, label=None)
    assert Point(1, 2, "a").label == "a"
    assert Point(1, label="b").y == 0
    assert Point._fields == ("x", "y", "label")


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        ((), {}, "missing the argument 'x'"),
        ((1, 2, "a", 4), {}, "takes 3 arguments, 4 given"),
        ((1,), {"x": 2}, "multiple values for 'x'"),
        ((1,), {"z": 2}, "has no field 'z'"),
    ],
)
def test_a_wrong_call_is_a_type_error_naming_the_field(args: tuple[Any, ...], kwargs: dict[str, Any], message: str):
    with pytest.raises(TypeError, match=message):
        Point(*args, **kwargs)


def test_a_record_cannot_be_changed_in_place():
    point = Point(1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        point.x = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del point.y  # type: ignore[misc]
    assert point._replace(y=5) == Point(1, 5)
    assert point == Point(1)


def test_records_compare_and_hash_by_their_type_and_values():
    assert Point(1, 2) == Point(1, 2)
    assert Point(1, 2) != Point(2, 1)
    assert len({Point(1, 2), Point(1, 2), Point(3)}) == 2
    assert Point(1) != (1, 0, None)
    assert repr(Point(1, label="a")) == "Point(x=1, y=0, label='a')"


def test_post_init_checks_and_may_set_its_fields():
    assert Checked(2).value == 4
    with pytest.raises(ValueError, match="negative"):
        Checked(-1)


def test_a_field_without_a_default_after_one_with_a_default_is_refused():
    with pytest.raises(TypeError, match="field 'b' without a default"):

        class _Bad(Struct):
            a: int = 0
            b: int
