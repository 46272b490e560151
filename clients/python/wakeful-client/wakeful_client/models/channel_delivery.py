from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast


T = TypeVar("T", bound="ChannelDelivery")


@_attrs_define
class ChannelDelivery:
    """ One message to a channel, keyed by what it answers.

        Attributes:
            id (str):
            channel_id (str):
            target (str): The channel name, or name:conversation
            kind (str): notification, schedule_result, schedule_failed, approval, reply or budget
            status (str): pending, delivered or failed
            attempts (int):
            error (None | str):
            thread_id (None | str):
            created_at (None | str):
            delivered_at (None | str):
     """

    id: str
    channel_id: str
    target: str
    kind: str
    status: str
    attempts: int
    error: None | str
    thread_id: None | str
    created_at: None | str
    delivered_at: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        id = self.id

        channel_id = self.channel_id

        target = self.target

        kind = self.kind

        status = self.status

        attempts = self.attempts

        error: None | str
        error = self.error

        thread_id: None | str
        thread_id = self.thread_id

        created_at: None | str
        created_at = self.created_at

        delivered_at: None | str
        delivered_at = self.delivered_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "channel_id": channel_id,
            "target": target,
            "kind": kind,
            "status": status,
            "attempts": attempts,
            "error": error,
            "thread_id": thread_id,
            "created_at": created_at,
            "delivered_at": delivered_at,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        channel_id = d.pop("channel_id")

        target = d.pop("target")

        kind = d.pop("kind")

        status = d.pop("status")

        attempts = d.pop("attempts")

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))


        def _parse_thread_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        thread_id = _parse_thread_id(d.pop("thread_id"))


        def _parse_created_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        created_at = _parse_created_at(d.pop("created_at"))


        def _parse_delivered_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        delivered_at = _parse_delivered_at(d.pop("delivered_at"))


        channel_delivery = cls(
            id=id,
            channel_id=channel_id,
            target=target,
            kind=kind,
            status=status,
            attempts=attempts,
            error=error,
            thread_id=thread_id,
            created_at=created_at,
            delivered_at=delivered_at,
        )


        channel_delivery.additional_properties = d
        return channel_delivery

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
