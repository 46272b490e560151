from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.budget_in_on_exceed_type_0 import BudgetInOnExceedType0
from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="BudgetIn")


@_attrs_define
class BudgetIn:
    """ Spend limits. Days and months are UTC; the hour is the UTC clock hour.

        Attributes:
            daily_usd (float | None | Unset): Per UTC day, US dollars; null: no limit
            monthly_usd (float | None | Unset): Per UTC month, US dollars; null: no limit
            max_usd_per_hour (float | None | Unset): Per UTC clock hour, US dollars; null: no limit
            alert_at (float | None | Unset): The share of a limit that alerts (default 0.8)
            on_exceed (BudgetInOnExceedType0 | None | Unset): "pause" (default) stops model calls at a limit; "alert" only
                alerts
     """

    daily_usd: float | None | Unset = UNSET
    monthly_usd: float | None | Unset = UNSET
    max_usd_per_hour: float | None | Unset = UNSET
    alert_at: float | None | Unset = UNSET
    on_exceed: BudgetInOnExceedType0 | None | Unset = UNSET


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

        alert_at: float | None | Unset
        if isinstance(self.alert_at, Unset):
            alert_at = UNSET
        else:
            alert_at = self.alert_at

        on_exceed: None | str | Unset
        if isinstance(self.on_exceed, Unset):
            on_exceed = UNSET
        elif isinstance(self.on_exceed, BudgetInOnExceedType0):
            on_exceed = self.on_exceed.value
        else:
            on_exceed = self.on_exceed


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if daily_usd is not UNSET:
            field_dict["daily_usd"] = daily_usd
        if monthly_usd is not UNSET:
            field_dict["monthly_usd"] = monthly_usd
        if max_usd_per_hour is not UNSET:
            field_dict["max_usd_per_hour"] = max_usd_per_hour
        if alert_at is not UNSET:
            field_dict["alert_at"] = alert_at
        if on_exceed is not UNSET:
            field_dict["on_exceed"] = on_exceed

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


        def _parse_alert_at(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        alert_at = _parse_alert_at(d.pop("alert_at", UNSET))


        def _parse_on_exceed(data: object) -> BudgetInOnExceedType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                on_exceed_type_0 = BudgetInOnExceedType0(data)


                return on_exceed_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BudgetInOnExceedType0 | None | Unset, data)

        on_exceed = _parse_on_exceed(d.pop("on_exceed", UNSET))


        budget_in = cls(
            daily_usd=daily_usd,
            monthly_usd=monthly_usd,
            max_usd_per_hour=max_usd_per_hour,
            alert_at=alert_at,
            on_exceed=on_exceed,
        )

        return budget_in
