from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.hook_created_metadata_type_0 import HookCreatedMetadataType0
  from ..models.hook_retry_config import HookRetryConfig


T = TypeVar("T", bound="HookCreated")


@_attrs_define
class HookCreated:
    """ A new hook and its signing secret (shown only in this answer).

        Attributes:
            id (str):
            agent_id (str):
            hook_type (str):
            endpoint_url (str):
            is_active (bool):
            has_auth_header (bool):
            retry_config (HookRetryConfig): How often and how long a delivery is tried.
            metadata (HookCreatedMetadataType0 | None):
            disabled_reason (None | str):
            disabled_at (None | str):
            failing_since (None | str):
            created_at (None | str):
            updated_at (None | str):
            secret (str): whsec_…: verify the Standard Webhooks signature of every delivery with it
     """

    id: str
    agent_id: str
    hook_type: str
    endpoint_url: str
    is_active: bool
    has_auth_header: bool
    retry_config: HookRetryConfig
    metadata: HookCreatedMetadataType0 | None
    disabled_reason: None | str
    disabled_at: None | str
    failing_since: None | str
    created_at: None | str
    updated_at: None | str
    secret: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.hook_created_metadata_type_0 import HookCreatedMetadataType0 # noqa: PLC0415
        from ..models.hook_retry_config import HookRetryConfig # noqa: PLC0415
        id = self.id

        agent_id = self.agent_id

        hook_type = self.hook_type

        endpoint_url = self.endpoint_url

        is_active = self.is_active

        has_auth_header = self.has_auth_header

        retry_config = self.retry_config.to_dict()

        metadata: dict[str, Any] | None
        if isinstance(self.metadata, HookCreatedMetadataType0):
            metadata = self.metadata.to_dict()
        else:
            metadata = self.metadata

        disabled_reason: None | str
        disabled_reason = self.disabled_reason

        disabled_at: None | str
        disabled_at = self.disabled_at

        failing_since: None | str
        failing_since = self.failing_since

        created_at: None | str
        created_at = self.created_at

        updated_at: None | str
        updated_at = self.updated_at

        secret = self.secret


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "agent_id": agent_id,
            "hook_type": hook_type,
            "endpoint_url": endpoint_url,
            "is_active": is_active,
            "has_auth_header": has_auth_header,
            "retry_config": retry_config,
            "metadata": metadata,
            "disabled_reason": disabled_reason,
            "disabled_at": disabled_at,
            "failing_since": failing_since,
            "created_at": created_at,
            "updated_at": updated_at,
            "secret": secret,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.hook_created_metadata_type_0 import HookCreatedMetadataType0 # noqa: PLC0415
        from ..models.hook_retry_config import HookRetryConfig # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        agent_id = d.pop("agent_id")

        hook_type = d.pop("hook_type")

        endpoint_url = d.pop("endpoint_url")

        is_active = d.pop("is_active")

        has_auth_header = d.pop("has_auth_header")

        retry_config = HookRetryConfig.from_dict(d.pop("retry_config"))


        def _parse_metadata(data: object) -> HookCreatedMetadataType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                metadata_type_0 = HookCreatedMetadataType0.from_dict(data)


                return metadata_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(HookCreatedMetadataType0 | None, data)

        metadata = _parse_metadata(d.pop("metadata"))


        def _parse_disabled_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        disabled_reason = _parse_disabled_reason(d.pop("disabled_reason"))


        def _parse_disabled_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        disabled_at = _parse_disabled_at(d.pop("disabled_at"))


        def _parse_failing_since(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        failing_since = _parse_failing_since(d.pop("failing_since"))


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


        secret = d.pop("secret")

        hook_created = cls(
            id=id,
            agent_id=agent_id,
            hook_type=hook_type,
            endpoint_url=endpoint_url,
            is_active=is_active,
            has_auth_header=has_auth_header,
            retry_config=retry_config,
            metadata=metadata,
            disabled_reason=disabled_reason,
            disabled_at=disabled_at,
            failing_since=failing_since,
            created_at=created_at,
            updated_at=updated_at,
            secret=secret,
        )


        hook_created.additional_properties = d
        return hook_created

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
