from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.subscription_filter_config_type_0 import SubscriptionFilterConfigType0


T = TypeVar("T", bound="Subscription")


@_attrs_define
class Subscription:
    """ A tool subscribed to an event type, for one agent or all of yours.

        Attributes:
            id (str):
            tool (str):
            event_type (str):
            filter_config (None | SubscriptionFilterConfigType0):
            execution_order (int):
            is_active (bool):
            agent_id (None | str):
            created_at (None | str):
            updated_at (None | str):
     """

    id: str
    tool: str
    event_type: str
    filter_config: None | SubscriptionFilterConfigType0
    execution_order: int
    is_active: bool
    agent_id: None | str
    created_at: None | str
    updated_at: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.subscription_filter_config_type_0 import SubscriptionFilterConfigType0 # noqa: PLC0415
        id = self.id

        tool = self.tool

        event_type = self.event_type

        filter_config: dict[str, Any] | None
        if isinstance(self.filter_config, SubscriptionFilterConfigType0):
            filter_config = self.filter_config.to_dict()
        else:
            filter_config = self.filter_config

        execution_order = self.execution_order

        is_active = self.is_active

        agent_id: None | str
        agent_id = self.agent_id

        created_at: None | str
        created_at = self.created_at

        updated_at: None | str
        updated_at = self.updated_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "tool": tool,
            "event_type": event_type,
            "filter_config": filter_config,
            "execution_order": execution_order,
            "is_active": is_active,
            "agent_id": agent_id,
            "created_at": created_at,
            "updated_at": updated_at,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.subscription_filter_config_type_0 import SubscriptionFilterConfigType0 # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        tool = d.pop("tool")

        event_type = d.pop("event_type")

        def _parse_filter_config(data: object) -> None | SubscriptionFilterConfigType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                filter_config_type_0 = SubscriptionFilterConfigType0.from_dict(data)


                return filter_config_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SubscriptionFilterConfigType0, data)

        filter_config = _parse_filter_config(d.pop("filter_config"))


        execution_order = d.pop("execution_order")

        is_active = d.pop("is_active")

        def _parse_agent_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        agent_id = _parse_agent_id(d.pop("agent_id"))


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


        subscription = cls(
            id=id,
            tool=tool,
            event_type=event_type,
            filter_config=filter_config,
            execution_order=execution_order,
            is_active=is_active,
            agent_id=agent_id,
            created_at=created_at,
            updated_at=updated_at,
        )


        subscription.additional_properties = d
        return subscription

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
