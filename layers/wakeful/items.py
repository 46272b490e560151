"""Between DynamoDB items and the typed records: the conversions every record shares.

:mod:`wakeful.ddb` reads numbers as ``int`` or ``float`` already; these helpers keep an
absent attribute ``None`` (a record's "not set") and build the item a record writes.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import MISSING, fields
from typing import Any


def value_or(item: Mapping[str, Any], name: str, default: Any) -> Any:
    """An attribute that always has a value: ``default`` when the item lacks it or holds
    null (an item an older version wrote, or one a bad write left without it)."""
    value = item.get(name)
    return default if value is None else value


def opt_float(value: Any) -> float | None:
    """``value`` as a float, ``None`` if the item does not have it."""
    return None if value is None else float(value)


def opt_int(value: Any) -> int | None:
    """``value`` as an int, ``None`` if the item does not have it."""
    return None if value is None else int(value)


def opt_strings(value: Any) -> tuple[str, ...] | None:
    """A list (or set) attribute as a tuple, ``None`` if the item does not have it."""
    return None if value is None else tuple(value)


def item_of(record: Any, sparse: frozenset[str] = frozenset()) -> dict[str, Any]:
    """The item a record (a dataclass, a named tuple or a :class:`~wakeful.structs.Struct`) writes: ``None`` fields, and
    ``sparse`` fields at their default, are left out; tuples become lists (their
    mappings dicts), frozensets sets (DynamoDB string sets), mappings dicts."""
    item: dict[str, Any] = {}
    for name, default in _fields(record):
        value = getattr(record, name)
        if value is None or (name in sparse and value == default):
            continue
        if isinstance(value, tuple):
            value = [dict(v) if isinstance(v, Mapping) else v for v in value]
        elif isinstance(value, frozenset):
            value = set(value)
        elif isinstance(value, Mapping):
            value = dict(value)
        item[name] = value
    return item


def _fields(record: Any) -> Iterator[tuple[str, Any]]:
    """A record's field names with their defaults (``MISSING`` where it has none)."""
    defaults = getattr(type(record), "_field_defaults", None)
    if defaults is not None:  # a named tuple or a Struct
        return ((name, defaults.get(name, MISSING)) for name in record._fields)
    return ((spec.name, spec.default) for spec in fields(record))
