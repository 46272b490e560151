from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.active_hours_in import ActiveHoursIn
  from ..models.probe_in import ProbeIn
  from ..models.schedule_config import ScheduleConfig


T = TypeVar("T", bound="SchedulePatch")


@_attrs_define
class SchedulePatch:
    """ ``PATCH /agents/{id}/schedules/{schedule_id}`` body; only the fields sent change.
    ``active_hours: null`` removes the window; the other fields always have a value.

        Attributes:
            prompt (str | Unset):
            cron_expression (str | Unset):
            timezone (str | Unset):
            config (ScheduleConfig | Unset): ``config``: the run's kind and, for heartbeats, what to check.
            active_hours (ActiveHoursIn | None | Unset):
            is_active (bool | Unset):
            notify (list[str] | None | Unset): null: the agent's notify again
            probe (None | ProbeIn | Unset): null: no probe
     """

    prompt: str | Unset = UNSET
    cron_expression: str | Unset = UNSET
    timezone: str | Unset = UNSET
    config: ScheduleConfig | Unset = UNSET
    active_hours: ActiveHoursIn | None | Unset = UNSET
    is_active: bool | Unset = UNSET
    notify: list[str] | None | Unset = UNSET
    probe: None | ProbeIn | Unset = UNSET


    def to_dict(self) -> dict[str, Any]:
        from ..models.active_hours_in import ActiveHoursIn # noqa: PLC0415
        from ..models.probe_in import ProbeIn # noqa: PLC0415
        from ..models.schedule_config import ScheduleConfig # noqa: PLC0415
        prompt = self.prompt

        cron_expression = self.cron_expression

        timezone = self.timezone

        config: dict[str, Any] | Unset = UNSET
        if not isinstance(self.config, Unset):
            config = self.config.to_dict()

        active_hours: dict[str, Any] | None | Unset
        if isinstance(self.active_hours, Unset):
            active_hours = UNSET
        elif isinstance(self.active_hours, ActiveHoursIn):
            active_hours = self.active_hours.to_dict()
        else:
            active_hours = self.active_hours

        is_active = self.is_active

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
        elif isinstance(self.probe, ProbeIn):
            probe = self.probe.to_dict()
        else:
            probe = self.probe


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if prompt is not UNSET:
            field_dict["prompt"] = prompt
        if cron_expression is not UNSET:
            field_dict["cron_expression"] = cron_expression
        if timezone is not UNSET:
            field_dict["timezone"] = timezone
        if config is not UNSET:
            field_dict["config"] = config
        if active_hours is not UNSET:
            field_dict["active_hours"] = active_hours
        if is_active is not UNSET:
            field_dict["is_active"] = is_active
        if notify is not UNSET:
            field_dict["notify"] = notify
        if probe is not UNSET:
            field_dict["probe"] = probe

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.active_hours_in import ActiveHoursIn # noqa: PLC0415
        from ..models.probe_in import ProbeIn # noqa: PLC0415
        from ..models.schedule_config import ScheduleConfig # noqa: PLC0415
        d = dict(src_dict)
        prompt = d.pop("prompt", UNSET)

        cron_expression = d.pop("cron_expression", UNSET)

        timezone = d.pop("timezone", UNSET)

        _config = d.pop("config", UNSET)
        config: ScheduleConfig | Unset
        if isinstance(_config,  Unset):
            config = UNSET
        else:
            config = ScheduleConfig.from_dict(_config)


        def _parse_active_hours(data: object) -> ActiveHoursIn | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                active_hours_type_0 = ActiveHoursIn.from_dict(data)


                return active_hours_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ActiveHoursIn | None | Unset, data)

        active_hours = _parse_active_hours(d.pop("active_hours", UNSET))


        is_active = d.pop("is_active", UNSET)

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


        def _parse_probe(data: object) -> None | ProbeIn | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                probe_type_0 = ProbeIn.from_dict(data)


                return probe_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ProbeIn | Unset, data)

        probe = _parse_probe(d.pop("probe", UNSET))


        schedule_patch = cls(
            prompt=prompt,
            cron_expression=cron_expression,
            timezone=timezone,
            config=config,
            active_hours=active_hours,
            is_active=is_active,
            notify=notify,
            probe=probe,
        )

        return schedule_patch
