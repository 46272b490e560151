"""The conversions every record shares between DynamoDB items and typed records."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from wakeful.items import item_of, opt_float, opt_int, opt_strings


@dataclass(frozen=True)
class _Record:
    key: str
    missing: str | None = None
    count: int = 0
    names: tuple[str, ...] = ()
    rules: tuple[Mapping[str, str], ...] = ()
    members: frozenset[str] = frozenset()
    settings: Mapping[str, int] | None = None


def test_absent_attributes_stay_none_and_present_ones_take_the_type():
    assert (opt_float(None), opt_int(None), opt_strings(None)) == (None, None, None)
    assert opt_float(3) == 3.0 and isinstance(opt_float(3), float)
    assert opt_int(7.0) == 7 and isinstance(opt_int(7.0), int)
    assert opt_strings(["a", "b"]) == ("a", "b")


def test_an_item_leaves_out_none_and_sparse_defaults_and_writes_plain_collections():
    record = _Record(
        key="k",
        names=("a",),
        rules=(MappingProxyType({"x": "y"}),),
        members=frozenset({"m"}),
        settings=MappingProxyType({"n": 1}),
    )
    item = item_of(record, frozenset({"count"}))
    assert item == {"key": "k", "names": ["a"], "rules": [{"x": "y"}], "members": {"m"}, "settings": {"n": 1}}
    assert type(item["rules"][0]) is dict and type(item["settings"]) is dict


def test_a_field_left_at_its_default_is_written_unless_it_is_sparse():
    assert item_of(_Record(key="k"))["count"] == 0
    assert "count" not in item_of(_Record(key="k"), frozenset({"count"}))
    assert item_of(_Record(key="k", count=2), frozenset({"count"}))["count"] == 2
