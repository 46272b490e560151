from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.hook_patch_metadata_type_0 import HookPatchMetadataType0
  from ..models.retry_config import RetryConfig


T = TypeVar("T", bound="HookPatch")


@_attrs_define
class HookPatch:
    """ ``PATCH /agents/{id}/hooks/{hook_id}`` body. ``is_active: true`` re-enables a
    hook that was disabled for failing. ``null`` removes ``auth_header`` or
    ``metadata``; the other fields always have a value.

        Attributes:
            is_active (bool | Unset):
            endpoint_url (str | Unset):
            auth_header (None | str | Unset): Empty string or null removes it
            retry_config (RetryConfig | Unset): How often and how long a delivery is tried.
            metadata (HookPatchMetadataType0 | None | Unset):
     """

    is_active: bool | Unset = UNSET
    endpoint_url: str | Unset = UNSET
    auth_header: None | str | Unset = UNSET
    retry_config: RetryConfig | Unset = UNSET
    metadata: HookPatchMetadataType0 | None | Unset = UNSET


    def to_dict(self) -> dict[str, Any]:
        from ..models.hook_patch_metadata_type_0 import HookPatchMetadataType0 # noqa: PLC0415
        from ..models.retry_config import RetryConfig # noqa: PLC0415
        is_active = self.is_active

        endpoint_url = self.endpoint_url

        auth_header: None | str | Unset
        if isinstance(self.auth_header, Unset):
            auth_header = UNSET
        else:
            auth_header = self.auth_header

        retry_config: dict[str, Any] | Unset = UNSET
        if not isinstance(self.retry_config, Unset):
            retry_config = self.retry_config.to_dict()

        metadata: dict[str, Any] | None | Unset
        if isinstance(self.metadata, Unset):
            metadata = UNSET
        elif isinstance(self.metadata, HookPatchMetadataType0):
            metadata = self.metadata.to_dict()
        else:
            metadata = self.metadata


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if is_active is not UNSET:
            field_dict["is_active"] = is_active
        if endpoint_url is not UNSET:
            field_dict["endpoint_url"] = endpoint_url
        if auth_header is not UNSET:
            field_dict["auth_header"] = auth_header
        if retry_config is not UNSET:
            field_dict["retry_config"] = retry_config
        if metadata is not UNSET:
            field_dict["metadata"] = metadata

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.hook_patch_metadata_type_0 import HookPatchMetadataType0 # noqa: PLC0415
        from ..models.retry_config import RetryConfig # noqa: PLC0415
        d = dict(src_dict)
        is_active = d.pop("is_active", UNSET)

        endpoint_url = d.pop("endpoint_url", UNSET)

        def _parse_auth_header(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        auth_header = _parse_auth_header(d.pop("auth_header", UNSET))


        _retry_config = d.pop("retry_config", UNSET)
        retry_config: RetryConfig | Unset
        if isinstance(_retry_config,  Unset):
            retry_config = UNSET
        else:
            retry_config = RetryConfig.from_dict(_retry_config)


        def _parse_metadata(data: object) -> HookPatchMetadataType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                metadata_type_0 = HookPatchMetadataType0.from_dict(data)


                return metadata_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(HookPatchMetadataType0 | None | Unset, data)

        metadata = _parse_metadata(d.pop("metadata", UNSET))


        hook_patch = cls(
            is_active=is_active,
            endpoint_url=endpoint_url,
            auth_header=auth_header,
            retry_config=retry_config,
            metadata=metadata,
        )

        return hook_patch
