from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="SpendLimits")


@_attrs_define
class SpendLimits:
    """ Configured limits in US dollars (null: none).

        Attributes:
            daily_usd (float | None | Unset):
            monthly_usd (float | None | Unset):
            max_usd_per_hour (float | None | Unset):
     """

    daily_usd: float | None | Unset = UNSET
    monthly_usd: float | None | Unset = UNSET
    max_usd_per_hour: float | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        daily_usd: float | None | Unset
        if isinstance(self.daily_usd, Unset):
            daily_usd = UNSET
        else:
            daily_usd = self.daily_usd

        monthly_usd: float | None | Unset
        if isinstance(self.monthly_usd, Unset):
            monthly_usd = UNSET
        else:
            monthly_usd = self.monthly_usd

        max_usd_per_hour: float | None | Unset
        if isinstance(self.max_usd_per_hour, Unset):
            max_usd_per_hour = UNSET
        else:
            max_usd_per_hour = self.max_usd_per_hour


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if daily_usd is not UNSET:
            field_dict["daily_usd"] = daily_usd
        if monthly_usd is not UNSET:
            field_dict["monthly_usd"] = monthly_usd
        if max_usd_per_hour is not UNSET:
            field_dict["max_usd_per_hour"] = max_usd_per_hour

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_daily_usd(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        daily_usd = _parse_daily_usd(d.pop("daily_usd", UNSET))


        def _parse_monthly_usd(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        monthly_usd = _parse_monthly_usd(d.pop("monthly_usd", UNSET))


        def _parse_max_usd_per_hour(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        max_usd_per_hour = _parse_max_usd_per_hour(d.pop("max_usd_per_hour", UNSET))


        spend_limits = cls(
            daily_usd=daily_usd,
            monthly_usd=monthly_usd,
            max_usd_per_hour=max_usd_per_hour,
        )


        spend_limits.additional_properties = d
        return spend_limits

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
