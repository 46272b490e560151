from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.agent_spend_row import AgentSpendRow
  from ..models.saved import Saved
  from ..models.spend_limits import SpendLimits


T = TypeVar("T", bound="OwnerSpend")


@_attrs_define
class OwnerSpend:
    """ The owner's total spend, and each agent's (newest first, paged).

        Attributes:
            status (str):
            today_usd (float):
            month_usd (float):
            last_hour_usd (float):
            limits (SpendLimits): Configured limits in US dollars (null: none).
            saved (Saved): What was not spent this month.
            agents (list[AgentSpendRow]):
            paused_reason (None | str | Unset):
            paused_until (float | None | Unset):
            next_ (None | str | Unset):
     """

    status: str
    today_usd: float
    month_usd: float
    last_hour_usd: float
    limits: SpendLimits
    saved: Saved
    agents: list[AgentSpendRow]
    paused_reason: None | str | Unset = UNSET
    paused_until: float | None | Unset = UNSET
    next_: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.agent_spend_row import AgentSpendRow # noqa: PLC0415
        from ..models.saved import Saved # noqa: PLC0415
        from ..models.spend_limits import SpendLimits # noqa: PLC0415
        status = self.status

        today_usd = self.today_usd

        month_usd = self.month_usd

        last_hour_usd = self.last_hour_usd

        limits = self.limits.to_dict()

        saved = self.saved.to_dict()

        agents = []
        for agents_item_data in self.agents:
            agents_item = agents_item_data.to_dict()
            agents.append(agents_item)


        paused_reason: None | str | Unset
        if isinstance(self.paused_reason, Unset):
            paused_reason = UNSET
        else:
            paused_reason = self.paused_reason

        paused_until: float | None | Unset
        if isinstance(self.paused_until, Unset):
            paused_until = UNSET
        else:
            paused_until = self.paused_until

        next_: None | str | Unset
        if isinstance(self.next_, Unset):
            next_ = UNSET
        else:
            next_ = self.next_


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "status": status,
            "today_usd": today_usd,
            "month_usd": month_usd,
            "last_hour_usd": last_hour_usd,
            "limits": limits,
            "saved": saved,
            "agents": agents,
        })
        if paused_reason is not UNSET:
            field_dict["paused_reason"] = paused_reason
        if paused_until is not UNSET:
            field_dict["paused_until"] = paused_until
        if next_ is not UNSET:
            field_dict["next"] = next_

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agent_spend_row import AgentSpendRow # noqa: PLC0415
        from ..models.saved import Saved # noqa: PLC0415
        from ..models.spend_limits import SpendLimits # noqa: PLC0415
        d = dict(src_dict)
        status = d.pop("status")

        today_usd = d.pop("today_usd")

        month_usd = d.pop("month_usd")

        last_hour_usd = d.pop("last_hour_usd")

        limits = SpendLimits.from_dict(d.pop("limits"))


        saved = Saved.from_dict(d.pop("saved"))


        agents = []
        _agents = d.pop("agents")
        for agents_item_data in (_agents):
            agents_item = AgentSpendRow.from_dict(agents_item_data)


            agents.append(agents_item)


        def _parse_paused_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        paused_reason = _parse_paused_reason(d.pop("paused_reason", UNSET))


        def _parse_paused_until(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        paused_until = _parse_paused_until(d.pop("paused_until", UNSET))


        def _parse_next_(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        next_ = _parse_next_(d.pop("next", UNSET))


        owner_spend = cls(
            status=status,
            today_usd=today_usd,
            month_usd=month_usd,
            last_hour_usd=last_hour_usd,
            limits=limits,
            saved=saved,
            agents=agents,
            paused_reason=paused_reason,
            paused_until=paused_until,
            next_=next_,
        )


        owner_spend.additional_properties = d
        return owner_spend

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
