from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.schedule_active_hours import ScheduleActiveHours
  from ..models.schedule_config_view import ScheduleConfigView
  from ..models.schedule_counts import ScheduleCounts
  from ..models.schedule_probe_type_0 import ScheduleProbeType0


T = TypeVar("T", bound="Schedule")


@_attrs_define
class Schedule:
    """ A cron schedule of an agent.

        Attributes:
            id (str):
            agent_id (str):
            prompt (str):
            cron_expression (str):
            timezone (str):
            config (ScheduleConfigView): The run's kind and, for heartbeats, what to check.
            active_hours (None | ScheduleActiveHours):
            is_active (bool):
            next_run_at (None | str):
            last_run_at (None | str):
            last_status (None | str):
            running_result_id (None | str):
            counts (ScheduleCounts): How the schedule's runs went.
            created_at (None | str):
            updated_at (None | str):
            notify (list[str] | None | Unset): Channels its results go to (null: the agent's notify)
            probe (None | ScheduleProbeType0 | Unset): {url?, path?, events?, timeout_ms}: read before each run; nothing new
                -> skipped
     """

    id: str
    agent_id: str
    prompt: str
    cron_expression: str
    timezone: str
    config: ScheduleConfigView
    active_hours: None | ScheduleActiveHours
    is_active: bool
    next_run_at: None | str
    last_run_at: None | str
    last_status: None | str
    running_result_id: None | str
    counts: ScheduleCounts
    created_at: None | str
    updated_at: None | str
    notify: list[str] | None | Unset = UNSET
    probe: None | ScheduleProbeType0 | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.schedule_active_hours import ScheduleActiveHours # noqa: PLC0415
        from ..models.schedule_config_view import ScheduleConfigView # noqa: PLC0415
        from ..models.schedule_counts import ScheduleCounts # noqa: PLC0415
        from ..models.schedule_probe_type_0 import ScheduleProbeType0 # noqa: PLC0415
        id = self.id

        agent_id = self.agent_id

        prompt = self.prompt

        cron_expression = self.cron_expression

        timezone = self.timezone

        config = self.config.to_dict()

        active_hours: dict[str, Any] | None
        if isinstance(self.active_hours, ScheduleActiveHours):
            active_hours = self.active_hours.to_dict()
        else:
            active_hours = self.active_hours

        is_active = self.is_active

        next_run_at: None | str
        next_run_at = self.next_run_at

        last_run_at: None | str
        last_run_at = self.last_run_at

        last_status: None | str
        last_status = self.last_status

        running_result_id: None | str
        running_result_id = self.running_result_id

        counts = self.counts.to_dict()

        created_at: None | str
        created_at = self.created_at

        updated_at: None | str
        updated_at = self.updated_at

        notify: list[str] | None | Unset
        if isinstance(self.notify, Unset):
            notify = UNSET
        elif isinstance(self.notify, list):
            notify = self.notify


        else:
            notify = self.notify

        probe: dict[str, Any] | None | Unset
        if isinstance(self.probe, Unset):
            probe = UNSET
        elif isinstance(self.probe, ScheduleProbeType0):
            probe = self.probe.to_dict()
        else:
            probe = self.probe


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "agent_id": agent_id,
            "prompt": prompt,
            "cron_expression": cron_expression,
            "timezone": timezone,
            "config": config,
            "active_hours": active_hours,
            "is_active": is_active,
            "next_run_at": next_run_at,
            "last_run_at": last_run_at,
            "last_status": last_status,
            "running_result_id": running_result_id,
            "counts": counts,
            "created_at": created_at,
            "updated_at": updated_at,
        })
        if notify is not UNSET:
            field_dict["notify"] = notify
        if probe is not UNSET:
            field_dict["probe"] = probe

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.schedule_active_hours import ScheduleActiveHours # noqa: PLC0415
        from ..models.schedule_config_view import ScheduleConfigView # noqa: PLC0415
        from ..models.schedule_counts import ScheduleCounts # noqa: PLC0415
        from ..models.schedule_probe_type_0 import ScheduleProbeType0 # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        agent_id = d.pop("agent_id")

        prompt = d.pop("prompt")

        cron_expression = d.pop("cron_expression")

        timezone = d.pop("timezone")

        config = ScheduleConfigView.from_dict(d.pop("config"))


        def _parse_active_hours(data: object) -> None | ScheduleActiveHours:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                active_hours_type_0 = ScheduleActiveHours.from_dict(data)


                return active_hours_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ScheduleActiveHours, data)

        active_hours = _parse_active_hours(d.pop("active_hours"))


        is_active = d.pop("is_active")

        def _parse_next_run_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_run_at = _parse_next_run_at(d.pop("next_run_at"))


        def _parse_last_run_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_run_at = _parse_last_run_at(d.pop("last_run_at"))


        def _parse_last_status(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_status = _parse_last_status(d.pop("last_status"))


        def _parse_running_result_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        running_result_id = _parse_running_result_id(d.pop("running_result_id"))


        counts = ScheduleCounts.from_dict(d.pop("counts"))


        def _parse_created_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        created_at = _parse_created_at(d.pop("created_at"))


        def _parse_updated_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        updated_at = _parse_updated_at(d.pop("updated_at"))


        def _parse_notify(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                notify_type_0 = cast(list[str], data)

                return notify_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        notify = _parse_notify(d.pop("notify", UNSET))


        def _parse_probe(data: object) -> None | ScheduleProbeType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                probe_type_0 = ScheduleProbeType0.from_dict(data)


                return probe_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ScheduleProbeType0 | Unset, data)

        probe = _parse_probe(d.pop("probe", UNSET))


        schedule = cls(
            id=id,
            agent_id=agent_id,
            prompt=prompt,
            cron_expression=cron_expression,
            timezone=timezone,
            config=config,
            active_hours=active_hours,
            is_active=is_active,
            next_run_at=next_run_at,
            last_run_at=last_run_at,
            last_status=last_status,
            running_result_id=running_result_id,
            counts=counts,
            created_at=created_at,
            updated_at=updated_at,
            notify=notify,
            probe=probe,
        )


        schedule.additional_properties = d
        return schedule

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
