from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.spend_limits import SpendLimits


T = TypeVar("T", bound="AgentSpendRow")


@_attrs_define
class AgentSpendRow:
    """
        Attributes:
            agent_id (str):
            name (str):
            status (str):
            today_usd (float):
            month_usd (float):
            last_hour_usd (float):
            limits (SpendLimits): Configured limits in US dollars (null: none).
     """

    agent_id: str
    name: str
    status: str
    today_usd: float
    month_usd: float
    last_hour_usd: float
    limits: SpendLimits
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.spend_limits import SpendLimits # noqa: PLC0415
        agent_id = self.agent_id

        name = self.name

        status = self.status

        today_usd = self.today_usd

        month_usd = self.month_usd

        last_hour_usd = self.last_hour_usd

        limits = self.limits.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "agent_id": agent_id,
            "name": name,
            "status": status,
            "today_usd": today_usd,
            "month_usd": month_usd,
            "last_hour_usd": last_hour_usd,
            "limits": limits,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.spend_limits import SpendLimits # noqa: PLC0415
        d = dict(src_dict)
        agent_id = d.pop("agent_id")

        name = d.pop("name")

        status = d.pop("status")

        today_usd = d.pop("today_usd")

        month_usd = d.pop("month_usd")

        last_hour_usd = d.pop("last_hour_usd")

        limits = SpendLimits.from_dict(d.pop("limits"))


        agent_spend_row = cls(
            agent_id=agent_id,
            name=name,
            status=status,
            today_usd=today_usd,
            month_usd=month_usd,
            last_hour_usd=last_hour_usd,
            limits=limits,
        )


        agent_spend_row.additional_properties = d
        return agent_spend_row

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
