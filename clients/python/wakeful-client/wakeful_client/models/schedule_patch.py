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
  from ..models.schedule_config import ScheduleConfig


T = TypeVar("T", bound="SchedulePatch")


@_attrs_define
class SchedulePatch:
    """ ``PATCH /agents/{id}/schedules/{schedule_id}`` body; only the fields sent change.
    ``active_hours: null`` removes the window.

        Attributes:
            prompt (None | str | Unset):
            cron_expression (None | str | Unset):
            timezone (None | str | Unset):
            config (None | ScheduleConfig | Unset):
            active_hours (ActiveHoursIn | None | Unset):
            is_active (bool | None | Unset):
     """

    prompt: None | str | Unset = UNSET
    cron_expression: None | str | Unset = UNSET
    timezone: None | str | Unset = UNSET
    config: None | ScheduleConfig | Unset = UNSET
    active_hours: ActiveHoursIn | None | Unset = UNSET
    is_active: bool | None | Unset = UNSET


    def to_dict(self) -> dict[str, Any]:
        from ..models.active_hours_in import ActiveHoursIn # noqa: PLC0415
        from ..models.schedule_config import ScheduleConfig # noqa: PLC0415
        prompt: None | str | Unset
        if isinstance(self.prompt, Unset):
            prompt = UNSET
        else:
            prompt = self.prompt

        cron_expression: None | str | Unset
        if isinstance(self.cron_expression, Unset):
            cron_expression = UNSET
        else:
            cron_expression = self.cron_expression

        timezone: None | str | Unset
        if isinstance(self.timezone, Unset):
            timezone = UNSET
        else:
            timezone = self.timezone

        config: dict[str, Any] | None | Unset
        if isinstance(self.config, Unset):
            config = UNSET
        elif isinstance(self.config, ScheduleConfig):
            config = self.config.to_dict()
        else:
            config = self.config

        active_hours: dict[str, Any] | None | Unset
        if isinstance(self.active_hours, Unset):
            active_hours = UNSET
        elif isinstance(self.active_hours, ActiveHoursIn):
            active_hours = self.active_hours.to_dict()
        else:
            active_hours = self.active_hours

        is_active: bool | None | Unset
        if isinstance(self.is_active, Unset):
            is_active = UNSET
        else:
            is_active = self.is_active


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

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.active_hours_in import ActiveHoursIn # noqa: PLC0415
        from ..models.schedule_config import ScheduleConfig # noqa: PLC0415
        d = dict(src_dict)
        def _parse_prompt(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        prompt = _parse_prompt(d.pop("prompt", UNSET))


        def _parse_cron_expression(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cron_expression = _parse_cron_expression(d.pop("cron_expression", UNSET))


        def _parse_timezone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        timezone = _parse_timezone(d.pop("timezone", UNSET))


        def _parse_config(data: object) -> None | ScheduleConfig | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                config_type_0 = ScheduleConfig.from_dict(data)


                return config_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ScheduleConfig | Unset, data)

        config = _parse_config(d.pop("config", UNSET))


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


        def _parse_is_active(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        is_active = _parse_is_active(d.pop("is_active", UNSET))


        schedule_patch = cls(
            prompt=prompt,
            cron_expression=cron_expression,
            timezone=timezone,
            config=config,
            active_hours=active_hours,
            is_active=is_active,
        )

        return schedule_patch
