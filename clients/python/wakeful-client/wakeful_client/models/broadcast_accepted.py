from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast


T = TypeVar("T", bound="BroadcastAccepted")


@_attrs_define
class BroadcastAccepted:
    """ A broadcast queued: its event lands in each agent's log within seconds.

        Attributes:
            broadcast_id (str): The same for the same idempotency key
            event_type (str):
            agent_ids (list[str]): The agents it is appended to
            agents (int):
     """

    broadcast_id: str
    event_type: str
    agent_ids: list[str]
    agents: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        broadcast_id = self.broadcast_id

        event_type = self.event_type

        agent_ids = self.agent_ids


        agents = self.agents


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "broadcast_id": broadcast_id,
            "event_type": event_type,
            "agent_ids": agent_ids,
            "agents": agents,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        broadcast_id = d.pop("broadcast_id")

        event_type = d.pop("event_type")

        agent_ids = cast(list[str], d.pop("agent_ids"))


        agents = d.pop("agents")

        broadcast_accepted = cls(
            broadcast_id=broadcast_id,
            event_type=event_type,
            agent_ids=agent_ids,
            agents=agents,
        )


        broadcast_accepted.additional_properties = d
        return broadcast_accepted

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
