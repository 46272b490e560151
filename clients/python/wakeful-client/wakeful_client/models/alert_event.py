from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset


T = TypeVar("T", bound="AlertEvent")


@_attrs_define
class AlertEvent:
    """ The event of one alert of a notification.

        Attributes:
            event_id (str):
            seq (int):
            event_type (str):
            duplicate (bool): True when this alert, in this state, was accepted before
     """

    event_id: str
    seq: int
    event_type: str
    duplicate: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        event_id = self.event_id

        seq = self.seq

        event_type = self.event_type

        duplicate = self.duplicate


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "event_id": event_id,
            "seq": seq,
            "event_type": event_type,
            "duplicate": duplicate,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        event_id = d.pop("event_id")

        seq = d.pop("seq")

        event_type = d.pop("event_type")

        duplicate = d.pop("duplicate")

        alert_event = cls(
            event_id=event_id,
            seq=seq,
            event_type=event_type,
            duplicate=duplicate,
        )


        alert_event.additional_properties = d
        return alert_event

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
