from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="WebhookAccepted")


@_attrs_define
class WebhookAccepted:
    """ The event a delivery appended (``duplicate: true`` for the same delivery again).

        Attributes:
            event_id (str):
            seq (int):
            duplicate (bool | None | Unset):
     """

    event_id: str
    seq: int
    duplicate: bool | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        event_id = self.event_id

        seq = self.seq

        duplicate: bool | None | Unset
        if isinstance(self.duplicate, Unset):
            duplicate = UNSET
        else:
            duplicate = self.duplicate


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "event_id": event_id,
            "seq": seq,
        })
        if duplicate is not UNSET:
            field_dict["duplicate"] = duplicate

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        event_id = d.pop("event_id")

        seq = d.pop("seq")

        def _parse_duplicate(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        duplicate = _parse_duplicate(d.pop("duplicate", UNSET))


        webhook_accepted = cls(
            event_id=event_id,
            seq=seq,
            duplicate=duplicate,
        )


        webhook_accepted.additional_properties = d
        return webhook_accepted

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
