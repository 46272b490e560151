from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="WebhookRequest")


@_attrs_define
class WebhookRequest:
    """ One request the webhook received, accepted or not; or the requests of one minute
    and status past that minute's rows, counted.

        Attributes:
            id (str):
            webhook_id (str):
            status (str): ACCEPTED, REJECTED, RATE_LIMITED, INVALID_SIGNATURE or DUPLICATE
            http_status (int | None):
            rejection_reason (None | str):
            event_type (None | str):
            event_id (None | str):
            seq (int | None):
            signature_valid (bool):
            scheme (None | str):
            delivery_id (None | str):
            source_ip (None | str):
            body_bytes (int | None):
            received_at (None | str): When it came (of a counted item: the first it counts)
            count (int): 1 for a request's own row. Past the first 20 requests of a minute that were not accepted, the rest
                of that minute are counted instead: one item per status, with how many came (the latest's reason and address)
            last_received_at (None | str): When the last request it counts came (a row: received_at)
            event_count (int | None | Unset): How many events an accepted request appended (alertmanager, grafana: one per
                new alert)
     """

    id: str
    webhook_id: str
    status: str
    http_status: int | None
    rejection_reason: None | str
    event_type: None | str
    event_id: None | str
    seq: int | None
    signature_valid: bool
    scheme: None | str
    delivery_id: None | str
    source_ip: None | str
    body_bytes: int | None
    received_at: None | str
    count: int
    last_received_at: None | str
    event_count: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        id = self.id

        webhook_id = self.webhook_id

        status = self.status

        http_status: int | None
        http_status = self.http_status

        rejection_reason: None | str
        rejection_reason = self.rejection_reason

        event_type: None | str
        event_type = self.event_type

        event_id: None | str
        event_id = self.event_id

        seq: int | None
        seq = self.seq

        signature_valid = self.signature_valid

        scheme: None | str
        scheme = self.scheme

        delivery_id: None | str
        delivery_id = self.delivery_id

        source_ip: None | str
        source_ip = self.source_ip

        body_bytes: int | None
        body_bytes = self.body_bytes

        received_at: None | str
        received_at = self.received_at

        count = self.count

        last_received_at: None | str
        last_received_at = self.last_received_at

        event_count: int | None | Unset
        if isinstance(self.event_count, Unset):
            event_count = UNSET
        else:
            event_count = self.event_count


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "webhook_id": webhook_id,
            "status": status,
            "http_status": http_status,
            "rejection_reason": rejection_reason,
            "event_type": event_type,
            "event_id": event_id,
            "seq": seq,
            "signature_valid": signature_valid,
            "scheme": scheme,
            "delivery_id": delivery_id,
            "source_ip": source_ip,
            "body_bytes": body_bytes,
            "received_at": received_at,
            "count": count,
            "last_received_at": last_received_at,
        })
        if event_count is not UNSET:
            field_dict["event_count"] = event_count

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        webhook_id = d.pop("webhook_id")

        status = d.pop("status")

        def _parse_http_status(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        http_status = _parse_http_status(d.pop("http_status"))


        def _parse_rejection_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        rejection_reason = _parse_rejection_reason(d.pop("rejection_reason"))


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


        def _parse_seq(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seq = _parse_seq(d.pop("seq"))


        signature_valid = d.pop("signature_valid")

        def _parse_scheme(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        scheme = _parse_scheme(d.pop("scheme"))


        def _parse_delivery_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        delivery_id = _parse_delivery_id(d.pop("delivery_id"))


        def _parse_source_ip(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        source_ip = _parse_source_ip(d.pop("source_ip"))


        def _parse_body_bytes(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        body_bytes = _parse_body_bytes(d.pop("body_bytes"))


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


        def _parse_event_count(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        event_count = _parse_event_count(d.pop("event_count", UNSET))


        webhook_request = cls(
            id=id,
            webhook_id=webhook_id,
            status=status,
            http_status=http_status,
            rejection_reason=rejection_reason,
            event_type=event_type,
            event_id=event_id,
            seq=seq,
            signature_valid=signature_valid,
            scheme=scheme,
            delivery_id=delivery_id,
            source_ip=source_ip,
            body_bytes=body_bytes,
            received_at=received_at,
            count=count,
            last_received_at=last_received_at,
            event_count=event_count,
        )


        webhook_request.additional_properties = d
        return webhook_request

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
