from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.schedule_config_schedule_type import ScheduleConfigScheduleType
from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="ScheduleConfig")


@_attrs_define
class ScheduleConfig:
    """ ``config``: the run's kind and, for heartbeats, what to check.

        Attributes:
            schedule_type (ScheduleConfigScheduleType | Unset): heartbeat: check the checklist and stay silent
                (HEARTBEAT_OK) when nothing needs attention; scheduled: a plain run whose answer is always delivered Default:
                ScheduleConfigScheduleType.SCHEDULED.
            heartbeat_checklist (list[str] | None | Unset): Plain-English items the agent checks with its tools (appended to
                the prompt)
     """

    schedule_type: ScheduleConfigScheduleType | Unset = ScheduleConfigScheduleType.SCHEDULED
    heartbeat_checklist: list[str] | None | Unset = UNSET


    def to_dict(self) -> dict[str, Any]:
        schedule_type: str | Unset = UNSET
        if not isinstance(self.schedule_type, Unset):
            schedule_type = self.schedule_type.value


        heartbeat_checklist: list[str] | None | Unset
        if isinstance(self.heartbeat_checklist, Unset):
            heartbeat_checklist = UNSET
        elif isinstance(self.heartbeat_checklist, list):
            heartbeat_checklist = self.heartbeat_checklist


        else:
            heartbeat_checklist = self.heartbeat_checklist


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if schedule_type is not UNSET:
            field_dict["schedule_type"] = schedule_type
        if heartbeat_checklist is not UNSET:
            field_dict["heartbeat_checklist"] = heartbeat_checklist

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _schedule_type = d.pop("schedule_type", UNSET)
        schedule_type: ScheduleConfigScheduleType | Unset
        if isinstance(_schedule_type,  Unset):
            schedule_type = UNSET
        else:
            schedule_type = ScheduleConfigScheduleType(_schedule_type)


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


        schedule_config = cls(
            schedule_type=schedule_type,
            heartbeat_checklist=heartbeat_checklist,
        )

        return schedule_config
