from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="ScheduleConfigView")


@_attrs_define
class ScheduleConfigView:
    """ The run's kind and, for heartbeats, what to check.

        Attributes:
            schedule_type (str): heartbeat or scheduled
            heartbeat_checklist (list[str] | None | Unset):
     """

    schedule_type: str
    heartbeat_checklist: list[str] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        schedule_type = self.schedule_type

        heartbeat_checklist: list[str] | None | Unset
        if isinstance(self.heartbeat_checklist, Unset):
            heartbeat_checklist = UNSET
        elif isinstance(self.heartbeat_checklist, list):
            heartbeat_checklist = self.heartbeat_checklist


        else:
            heartbeat_checklist = self.heartbeat_checklist


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "schedule_type": schedule_type,
        })
        if heartbeat_checklist is not UNSET:
            field_dict["heartbeat_checklist"] = heartbeat_checklist

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        schedule_type = d.pop("schedule_type")

        def _parse_heartbeat_checklist(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                heartbeat_checklist_type_0 = cast(list[str], data)

                return heartbeat_checklist_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        heartbeat_checklist = _parse_heartbeat_checklist(d.pop("heartbeat_checklist", UNSET))


        schedule_config_view = cls(
            schedule_type=schedule_type,
            heartbeat_checklist=heartbeat_checklist,
        )


        schedule_config_view.additional_properties = d
        return schedule_config_view

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
