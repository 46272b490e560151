from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast


T = TypeVar("T", bound="ChannelRequest")


@_attrs_define
class ChannelRequest:
    """ One inbound request from the platform, accepted or not, and why; or the requests
    of one minute refused for one reason before their signature was valid, counted.

        Attributes:
            id (str):
            channel_id (str):
            route (str): slack/events, slack/interactions, discord or telegram
            status (str): accepted, duplicate, ignored, rejected, unauthorized or not_found
            http_status (int | None):
            reason (None | str): Why it was not accepted (or what was answered at once)
            event_type (None | str):
            event_id (None | str): The platform's event id (event_id, update_id, interaction id)
            user (None | str):
            signature_valid (bool):
            outcome (None | str): What the worker then did (a thread started, a tool call approved, nothing)
            thread_id (None | str):
            source_ip (None | str): The sender's address (of a counted item: the last one's)
            received_at (None | str): When it came (of a counted item: the first of its minute)
            count (int): 1 for a request's own row. Requests refused before their signature was valid (a bad or missing
                signature, a stale timestamp, a body over 512 KiB, a route of another platform) are counted instead: one item
                per channel, minute and reason, with how many came
            last_received_at (None | str): When the last request it counts came (a row: received_at)
     """

    id: str
    channel_id: str
    route: str
    status: str
    http_status: int | None
    reason: None | str
    event_type: None | str
    event_id: None | str
    user: None | str
    signature_valid: bool
    outcome: None | str
    thread_id: None | str
    source_ip: None | str
    received_at: None | str
    count: int
    last_received_at: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        id = self.id

        channel_id = self.channel_id

        route = self.route

        status = self.status

        http_status: int | None
        http_status = self.http_status

        reason: None | str
        reason = self.reason

        event_type: None | str
        event_type = self.event_type

        event_id: None | str
        event_id = self.event_id

        user: None | str
        user = self.user

        signature_valid = self.signature_valid

        outcome: None | str
        outcome = self.outcome

        thread_id: None | str
        thread_id = self.thread_id

        source_ip: None | str
        source_ip = self.source_ip

        received_at: None | str
        received_at = self.received_at

        count = self.count

        last_received_at: None | str
        last_received_at = self.last_received_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "channel_id": channel_id,
            "route": route,
            "status": status,
            "http_status": http_status,
            "reason": reason,
            "event_type": event_type,
            "event_id": event_id,
            "user": user,
            "signature_valid": signature_valid,
            "outcome": outcome,
            "thread_id": thread_id,
            "source_ip": source_ip,
            "received_at": received_at,
            "count": count,
            "last_received_at": last_received_at,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        channel_id = d.pop("channel_id")

        route = d.pop("route")

        status = d.pop("status")

        def _parse_http_status(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        http_status = _parse_http_status(d.pop("http_status"))


        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))


        def _parse_event_type(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        event_type = _parse_event_type(d.pop("event_type"))


        def _parse_event_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        event_id = _parse_event_id(d.pop("event_id"))


        def _parse_user(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        user = _parse_user(d.pop("user"))


        signature_valid = d.pop("signature_valid")

        def _parse_outcome(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        outcome = _parse_outcome(d.pop("outcome"))


        def _parse_thread_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        thread_id = _parse_thread_id(d.pop("thread_id"))


        def _parse_source_ip(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        source_ip = _parse_source_ip(d.pop("source_ip"))


        def _parse_received_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        received_at = _parse_received_at(d.pop("received_at"))


        count = d.pop("count")

        def _parse_last_received_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_received_at = _parse_last_received_at(d.pop("last_received_at"))


        channel_request = cls(
            id=id,
            channel_id=channel_id,
            route=route,
            status=status,
            http_status=http_status,
            reason=reason,
            event_type=event_type,
            event_id=event_id,
            user=user,
            signature_valid=signature_valid,
            outcome=outcome,
            thread_id=thread_id,
            source_ip=source_ip,
            received_at=received_at,
            count=count,
            last_received_at=last_received_at,
        )


        channel_request.additional_properties = d
        return channel_request

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
