from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast


T = TypeVar("T", bound="HeartbeatWindow")


@_attrs_define
class HeartbeatWindow:
    """ The events a heartbeat processes: seq in (after_seq, up_to_seq].

        Attributes:
            after_seq (int | None):
            up_to_seq (int | None):
     """

    after_seq: int | None
    up_to_seq: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        after_seq: int | None
        after_seq = self.after_seq

        up_to_seq: int | None
        up_to_seq = self.up_to_seq


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "after_seq": after_seq,
            "up_to_seq": up_to_seq,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_after_seq(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        after_seq = _parse_after_seq(d.pop("after_seq"))


        def _parse_up_to_seq(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        up_to_seq = _parse_up_to_seq(d.pop("up_to_seq"))


        heartbeat_window = cls(
            after_seq=after_seq,
            up_to_seq=up_to_seq,
        )


        heartbeat_window.additional_properties = d
        return heartbeat_window

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
