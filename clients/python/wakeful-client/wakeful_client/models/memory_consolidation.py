from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.memory_consolidation_mode import MemoryConsolidationMode
from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="MemoryConsolidation")


@_attrs_define
class MemoryConsolidation:
    """ How an agent's memories are consolidated while it is idle.

        Attributes:
            mode (MemoryConsolidationMode | Unset): "on_quiet": after activity, once the agent is quiet again; "nightly":
                once a night (UTC) Default: MemoryConsolidationMode.OFF.
            max_per_day (int | Unset): At most this many consolidations a UTC day Default: 1.
            quiet_seconds (int | Unset): on_quiet: how long quiet counts as quiet Default: 900.
            at (None | str | Unset): nightly: the UTC time "HH:MM" (default 03:00 plus a few minutes per agent)
     """

    mode: MemoryConsolidationMode | Unset = MemoryConsolidationMode.OFF
    max_per_day: int | Unset = 1
    quiet_seconds: int | Unset = 900
    at: None | str | Unset = UNSET


    def to_dict(self) -> dict[str, Any]:
        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode.value


        max_per_day = self.max_per_day

        quiet_seconds = self.quiet_seconds

        at: None | str | Unset
        if isinstance(self.at, Unset):
            at = UNSET
        else:
            at = self.at


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if mode is not UNSET:
            field_dict["mode"] = mode
        if max_per_day is not UNSET:
            field_dict["max_per_day"] = max_per_day
        if quiet_seconds is not UNSET:
            field_dict["quiet_seconds"] = quiet_seconds
        if at is not UNSET:
            field_dict["at"] = at

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _mode = d.pop("mode", UNSET)
        mode: MemoryConsolidationMode | Unset
        if isinstance(_mode,  Unset):
            mode = UNSET
        else:
            mode = MemoryConsolidationMode(_mode)


        max_per_day = d.pop("max_per_day", UNSET)

        quiet_seconds = d.pop("quiet_seconds", UNSET)

        def _parse_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        at = _parse_at(d.pop("at", UNSET))


        memory_consolidation = cls(
            mode=mode,
            max_per_day=max_per_day,
            quiet_seconds=quiet_seconds,
            at=at,
        )

        return memory_consolidation
