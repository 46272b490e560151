from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.dry_run_in_kind import DryRunInKind
from ..models.dry_run_in_schedule_type_type_0 import DryRunInScheduleTypeType0
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.dry_run_event_in import DryRunEventIn
  from ..models.dry_run_in_tool_results_type_0 import DryRunInToolResultsType0


T = TypeVar("T", bound="DryRunIn")


@_attrs_define
class DryRunIn:
    """ ``POST /agents/{id}/dry-runs`` body.

        Attributes:
            kind (DryRunInKind):
            prompt (None | str | Unset):
            message (None | str | Unset):
            heartbeat_checklist (list[str] | None | Unset):
            schedule_type (DryRunInScheduleTypeType0 | None | Unset):
            events (list[DryRunEventIn] | None | Unset):
            tool_results (DryRunInToolResultsType0 | None | Unset):
     """

    kind: DryRunInKind
    prompt: None | str | Unset = UNSET
    message: None | str | Unset = UNSET
    heartbeat_checklist: list[str] | None | Unset = UNSET
    schedule_type: DryRunInScheduleTypeType0 | None | Unset = UNSET
    events: list[DryRunEventIn] | None | Unset = UNSET
    tool_results: DryRunInToolResultsType0 | None | Unset = UNSET


    def to_dict(self) -> dict[str, Any]:
        from ..models.dry_run_event_in import DryRunEventIn # noqa: PLC0415
        from ..models.dry_run_in_tool_results_type_0 import DryRunInToolResultsType0 # noqa: PLC0415
        kind = self.kind.value

        prompt: None | str | Unset
        if isinstance(self.prompt, Unset):
            prompt = UNSET
        else:
            prompt = self.prompt

        message: None | str | Unset
        if isinstance(self.message, Unset):
            message = UNSET
        else:
            message = self.message

        heartbeat_checklist: list[str] | None | Unset
        if isinstance(self.heartbeat_checklist, Unset):
            heartbeat_checklist = UNSET
        elif isinstance(self.heartbeat_checklist, list):
            heartbeat_checklist = self.heartbeat_checklist


        else:
            heartbeat_checklist = self.heartbeat_checklist

        schedule_type: None | str | Unset
        if isinstance(self.schedule_type, Unset):
            schedule_type = UNSET
        elif isinstance(self.schedule_type, DryRunInScheduleTypeType0):
            schedule_type = self.schedule_type.value
        else:
            schedule_type = self.schedule_type

        events: list[dict[str, Any]] | None | Unset
        if isinstance(self.events, Unset):
            events = UNSET
        elif isinstance(self.events, list):
            events = []
            for events_type_0_item_data in self.events:
                events_type_0_item = events_type_0_item_data.to_dict()
                events.append(events_type_0_item)


        else:
            events = self.events

        tool_results: dict[str, Any] | None | Unset
        if isinstance(self.tool_results, Unset):
            tool_results = UNSET
        elif isinstance(self.tool_results, DryRunInToolResultsType0):
            tool_results = self.tool_results.to_dict()
        else:
            tool_results = self.tool_results


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "kind": kind,
        })
        if prompt is not UNSET:
            field_dict["prompt"] = prompt
        if message is not UNSET:
            field_dict["message"] = message
        if heartbeat_checklist is not UNSET:
            field_dict["heartbeat_checklist"] = heartbeat_checklist
        if schedule_type is not UNSET:
            field_dict["schedule_type"] = schedule_type
        if events is not UNSET:
            field_dict["events"] = events
        if tool_results is not UNSET:
            field_dict["tool_results"] = tool_results

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.dry_run_event_in import DryRunEventIn # noqa: PLC0415
        from ..models.dry_run_in_tool_results_type_0 import DryRunInToolResultsType0 # noqa: PLC0415
        d = dict(src_dict)
        kind = DryRunInKind(d.pop("kind"))


        def _parse_prompt(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        prompt = _parse_prompt(d.pop("prompt", UNSET))


        def _parse_message(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        message = _parse_message(d.pop("message", UNSET))


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


        def _parse_schedule_type(data: object) -> DryRunInScheduleTypeType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                schedule_type_type_0 = DryRunInScheduleTypeType0(data)


                return schedule_type_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DryRunInScheduleTypeType0 | None | Unset, data)

        schedule_type = _parse_schedule_type(d.pop("schedule_type", UNSET))


        def _parse_events(data: object) -> list[DryRunEventIn] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                events_type_0 = []
                _events_type_0 = data
                for events_type_0_item_data in (_events_type_0):
                    events_type_0_item = DryRunEventIn.from_dict(events_type_0_item_data)


                    events_type_0.append(events_type_0_item)

                return events_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[DryRunEventIn] | None | Unset, data)

        events = _parse_events(d.pop("events", UNSET))


        def _parse_tool_results(data: object) -> DryRunInToolResultsType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                tool_results_type_0 = DryRunInToolResultsType0.from_dict(data)


                return tool_results_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DryRunInToolResultsType0 | None | Unset, data)

        tool_results = _parse_tool_results(d.pop("tool_results", UNSET))


        dry_run_in = cls(
            kind=kind,
            prompt=prompt,
            message=message,
            heartbeat_checklist=heartbeat_checklist,
            schedule_type=schedule_type,
            events=events,
            tool_results=tool_results,
        )

        return dry_run_in
