from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.filter_config import FilterConfig


T = TypeVar("T", bound="SubscriptionIn")


@_attrs_define
class SubscriptionIn:
    """ ``POST /subscriptions`` body.

        Attributes:
            tool (str):
            event_type (str):
            filter_config (FilterConfig | None | Unset):
            execution_order (int | Unset):  Default: 0.
            is_active (bool | Unset):  Default: True.
            agent_id (None | str | Unset): Default: every agent of the owner
     """

    tool: str
    event_type: str
    filter_config: FilterConfig | None | Unset = UNSET
    execution_order: int | Unset = 0
    is_active: bool | Unset = True
    agent_id: None | str | Unset = UNSET


    def to_dict(self) -> dict[str, Any]:
        from ..models.filter_config import FilterConfig # noqa: PLC0415
        tool = self.tool

        event_type = self.event_type

        filter_config: dict[str, Any] | None | Unset
        if isinstance(self.filter_config, Unset):
            filter_config = UNSET
        elif isinstance(self.filter_config, FilterConfig):
            filter_config = self.filter_config.to_dict()
        else:
            filter_config = self.filter_config

        execution_order = self.execution_order

        is_active = self.is_active

        agent_id: None | str | Unset
        if isinstance(self.agent_id, Unset):
            agent_id = UNSET
        else:
            agent_id = self.agent_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "tool": tool,
            "event_type": event_type,
        })
        if filter_config is not UNSET:
            field_dict["filter_config"] = filter_config
        if execution_order is not UNSET:
            field_dict["execution_order"] = execution_order
        if is_active is not UNSET:
            field_dict["is_active"] = is_active
        if agent_id is not UNSET:
            field_dict["agent_id"] = agent_id

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.filter_config import FilterConfig # noqa: PLC0415
        d = dict(src_dict)
        tool = d.pop("tool")

        event_type = d.pop("event_type")

        def _parse_filter_config(data: object) -> FilterConfig | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                filter_config_type_0 = FilterConfig.from_dict(data)


                return filter_config_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FilterConfig | None | Unset, data)

        filter_config = _parse_filter_config(d.pop("filter_config", UNSET))


        execution_order = d.pop("execution_order", UNSET)

        is_active = d.pop("is_active", UNSET)

        def _parse_agent_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        agent_id = _parse_agent_id(d.pop("agent_id", UNSET))


        subscription_in = cls(
            tool=tool,
            event_type=event_type,
            filter_config=filter_config,
            execution_order=execution_order,
            is_active=is_active,
            agent_id=agent_id,
        )

        return subscription_in
