from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.webhook_metadata_type_0 import WebhookMetadataType0


T = TypeVar("T", bound="Webhook")


@_attrs_define
class Webhook:
    """ An inbound webhook (never its secret).

        Attributes:
            id (str):
            agent_id (str):
            url (str): Where senders POST: it carries the webhook id, never the secret
            provider (str):
            is_active (bool):
            allowed_event_types (list[str] | None):
            rate_limit_per_hour (int):
            metadata (None | WebhookMetadataType0):
            secret_rotated_at (None | str):
            previous_secret_expires_at (None | str):
            created_at (None | str):
            updated_at (None | str):
     """

    id: str
    agent_id: str
    url: str
    provider: str
    is_active: bool
    allowed_event_types: list[str] | None
    rate_limit_per_hour: int
    metadata: None | WebhookMetadataType0
    secret_rotated_at: None | str
    previous_secret_expires_at: None | str
    created_at: None | str
    updated_at: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.webhook_metadata_type_0 import WebhookMetadataType0 # noqa: PLC0415
        id = self.id

        agent_id = self.agent_id

        url = self.url

        provider = self.provider

        is_active = self.is_active

        allowed_event_types: list[str] | None
        if isinstance(self.allowed_event_types, list):
            allowed_event_types = self.allowed_event_types


        else:
            allowed_event_types = self.allowed_event_types

        rate_limit_per_hour = self.rate_limit_per_hour

        metadata: dict[str, Any] | None
        if isinstance(self.metadata, WebhookMetadataType0):
            metadata = self.metadata.to_dict()
        else:
            metadata = self.metadata

        secret_rotated_at: None | str
        secret_rotated_at = self.secret_rotated_at

        previous_secret_expires_at: None | str
        previous_secret_expires_at = self.previous_secret_expires_at

        created_at: None | str
        created_at = self.created_at

        updated_at: None | str
        updated_at = self.updated_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "agent_id": agent_id,
            "url": url,
            "provider": provider,
            "is_active": is_active,
            "allowed_event_types": allowed_event_types,
            "rate_limit_per_hour": rate_limit_per_hour,
            "metadata": metadata,
            "secret_rotated_at": secret_rotated_at,
            "previous_secret_expires_at": previous_secret_expires_at,
            "created_at": created_at,
            "updated_at": updated_at,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_metadata_type_0 import WebhookMetadataType0 # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        agent_id = d.pop("agent_id")

        url = d.pop("url")

        provider = d.pop("provider")

        is_active = d.pop("is_active")

        def _parse_allowed_event_types(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                allowed_event_types_type_0 = cast(list[str], data)

                return allowed_event_types_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        allowed_event_types = _parse_allowed_event_types(d.pop("allowed_event_types"))


        rate_limit_per_hour = d.pop("rate_limit_per_hour")

        def _parse_metadata(data: object) -> None | WebhookMetadataType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                metadata_type_0 = WebhookMetadataType0.from_dict(data)


                return metadata_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | WebhookMetadataType0, data)

        metadata = _parse_metadata(d.pop("metadata"))


        def _parse_secret_rotated_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        secret_rotated_at = _parse_secret_rotated_at(d.pop("secret_rotated_at"))


        def _parse_previous_secret_expires_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        previous_secret_expires_at = _parse_previous_secret_expires_at(d.pop("previous_secret_expires_at"))


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


        webhook = cls(
            id=id,
            agent_id=agent_id,
            url=url,
            provider=provider,
            is_active=is_active,
            allowed_event_types=allowed_event_types,
            rate_limit_per_hour=rate_limit_per_hour,
            metadata=metadata,
            secret_rotated_at=secret_rotated_at,
            previous_secret_expires_at=previous_secret_expires_at,
            created_at=created_at,
            updated_at=updated_at,
        )


        webhook.additional_properties = d
        return webhook

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
