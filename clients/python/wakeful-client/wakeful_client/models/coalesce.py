from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="Coalesce")


@_attrs_define
class Coalesce:
    """ Matching events (with equal ``key`` values) go to one run, together.

        Attributes:
            quiet_seconds (int): the run starts this long after the last event of the group
            key (None | str | Unset): a dotted payload path: events group by its value
            max_wait_seconds (int | None | Unset): at the latest this long after the first (default 10 x quiet_seconds)
            max_events (int | Unset): or at once when this many are held Default: 50.
     """

    quiet_seconds: int
    key: None | str | Unset = UNSET
    max_wait_seconds: int | None | Unset = UNSET
    max_events: int | Unset = 50


    def to_dict(self) -> dict[str, Any]:
        quiet_seconds = self.quiet_seconds

        key: None | str | Unset
        if isinstance(self.key, Unset):
            key = UNSET
        else:
            key = self.key

        max_wait_seconds: int | None | Unset
        if isinstance(self.max_wait_seconds, Unset):
            max_wait_seconds = UNSET
        else:
            max_wait_seconds = self.max_wait_seconds

        max_events = self.max_events


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "quiet_seconds": quiet_seconds,
        })
        if key is not UNSET:
            field_dict["key"] = key
        if max_wait_seconds is not UNSET:
            field_dict["max_wait_seconds"] = max_wait_seconds
        if max_events is not UNSET:
            field_dict["max_events"] = max_events

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        quiet_seconds = d.pop("quiet_seconds")

        def _parse_key(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        key = _parse_key(d.pop("key", UNSET))


        def _parse_max_wait_seconds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_wait_seconds = _parse_max_wait_seconds(d.pop("max_wait_seconds", UNSET))


        max_events = d.pop("max_events", UNSET)

        coalesce = cls(
            quiet_seconds=quiet_seconds,
            key=key,
            max_wait_seconds=max_wait_seconds,
            max_events=max_events,
        )

        return coalesce
