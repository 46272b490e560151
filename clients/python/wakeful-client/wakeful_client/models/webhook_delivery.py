from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.webhook_delivery_payload import WebhookDeliveryPayload


T = TypeVar("T", bound="WebhookDelivery")


@_attrs_define
class WebhookDelivery:
    """ The body of ``POST /webhooks/{webhook_id}``, for the OpenAPI document only: the
    webhook-ingest function checks it by hand, after the signature
    (:mod:`wakeful.webhooks.receive`).

        Attributes:
            payload (WebhookDeliveryPayload): The event's data (a JSON object)
            event_type (str | Unset): A letter, then letters, digits or underscores (case-sensitive); must be allowed by the
                webhook Default: 'WEBHOOK_TRIGGER'.
            priority (int | Unset): 1 is the most urgent, 10 the least Default: 5.
     """

    payload: WebhookDeliveryPayload
    event_type: str | Unset = 'WEBHOOK_TRIGGER'
    priority: int | Unset = 5


    def to_dict(self) -> dict[str, Any]:
        from ..models.webhook_delivery_payload import WebhookDeliveryPayload # noqa: PLC0415
        payload = self.payload.to_dict()

        event_type = self.event_type

        priority = self.priority


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "payload": payload,
        })
        if event_type is not UNSET:
            field_dict["event_type"] = event_type
        if priority is not UNSET:
            field_dict["priority"] = priority

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_delivery_payload import WebhookDeliveryPayload # noqa: PLC0415
        d = dict(src_dict)
        payload = WebhookDeliveryPayload.from_dict(d.pop("payload"))


        event_type = d.pop("event_type", UNSET)

        priority = d.pop("priority", UNSET)

        webhook_delivery = cls(
            payload=payload,
            event_type=event_type,
            priority=priority,
        )

        return webhook_delivery
