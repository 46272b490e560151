from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast


T = TypeVar("T", bound="RouteDecision")


@_attrs_define
class RouteDecision:
    """ How an event of the log was routed.

        Attributes:
            seq (int):
            event_id (str):
            event_type (None | str):
            decision (str): woke, started, coalesced (held to go to one run with others) or ignored
            thread_ids (list[str]):
            decided_at (None | str):
     """

    seq: int
    event_id: str
    event_type: None | str
    decision: str
    thread_ids: list[str]
    decided_at: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        seq = self.seq

        event_id = self.event_id

        event_type: None | str
        event_type = self.event_type

        decision = self.decision

        thread_ids = self.thread_ids


        decided_at: None | str
        decided_at = self.decided_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "seq": seq,
            "event_id": event_id,
            "event_type": event_type,
            "decision": decision,
            "thread_ids": thread_ids,
            "decided_at": decided_at,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seq = d.pop("seq")

        event_id = d.pop("event_id")

        def _parse_event_type(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        event_type = _parse_event_type(d.pop("event_type"))


        decision = d.pop("decision")

        thread_ids = cast(list[str], d.pop("thread_ids"))


        def _parse_decided_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        decided_at = _parse_decided_at(d.pop("decided_at"))


        route_decision = cls(
            seq=seq,
            event_id=event_id,
            event_type=event_type,
            decision=decision,
            thread_ids=thread_ids,
            decided_at=decided_at,
        )


        route_decision.additional_properties = d
        return route_decision

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
