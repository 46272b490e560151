from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="ConsolidationSpan")


@_attrs_define
class ConsolidationSpan:
    """ What a consolidation read: the log's seqs and the times.

        Attributes:
            after_seq (int):
            up_to_seq (int):
            until (None | str):
            from_ (None | str | Unset):
     """

    after_seq: int
    up_to_seq: int
    until: None | str
    from_: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        after_seq = self.after_seq

        up_to_seq = self.up_to_seq

        until: None | str
        until = self.until

        from_: None | str | Unset
        if isinstance(self.from_, Unset):
            from_ = UNSET
        else:
            from_ = self.from_


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "after_seq": after_seq,
            "up_to_seq": up_to_seq,
            "until": until,
        })
        if from_ is not UNSET:
            field_dict["from"] = from_

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        after_seq = d.pop("after_seq")

        up_to_seq = d.pop("up_to_seq")

        def _parse_until(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        until = _parse_until(d.pop("until"))


        def _parse_from_(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        from_ = _parse_from_(d.pop("from", UNSET))


        consolidation_span = cls(
            after_seq=after_seq,
            up_to_seq=up_to_seq,
            until=until,
            from_=from_,
        )


        consolidation_span.additional_properties = d
        return consolidation_span

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
