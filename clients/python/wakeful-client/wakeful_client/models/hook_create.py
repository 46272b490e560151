from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.hook_create_metadata_type_0 import HookCreateMetadataType0
  from ..models.retry_config import RetryConfig


T = TypeVar("T", bound="HookCreate")


@_attrs_define
class HookCreate:
    """ ``POST /agents/{id}/hooks`` body.

        Attributes:
            hook_type (str): A hook type (docs/api.md lists them with their payloads), or BEFORE_<TOOL> / AFTER_<TOOL>
            endpoint_url (str):
            auth_header (None | str | Unset): Sent as the Authorization header
            is_active (bool | Unset):  Default: True.
            retry_config (RetryConfig | Unset): How often and how long a delivery is tried.
            metadata (HookCreateMetadataType0 | None | Unset):
            secret (None | str | Unset): Sign with this secret (`whsec_` + base64 of at least 24 bytes) instead of a
                generated one: e.g. the secret of a Wakeful `raw` webhook the hook delivers to. Write-only
     """

    hook_type: str
    endpoint_url: str
    auth_header: None | str | Unset = UNSET
    is_active: bool | Unset = True
    retry_config: RetryConfig | Unset = UNSET
    metadata: HookCreateMetadataType0 | None | Unset = UNSET
    secret: None | str | Unset = UNSET


    def to_dict(self) -> dict[str, Any]:
        from ..models.hook_create_metadata_type_0 import HookCreateMetadataType0 # noqa: PLC0415
        from ..models.retry_config import RetryConfig # noqa: PLC0415
        hook_type = self.hook_type

        endpoint_url = self.endpoint_url

        auth_header: None | str | Unset
        if isinstance(self.auth_header, Unset):
            auth_header = UNSET
        else:
            auth_header = self.auth_header

        is_active = self.is_active

        retry_config: dict[str, Any] | Unset = UNSET
        if not isinstance(self.retry_config, Unset):
            retry_config = self.retry_config.to_dict()

        metadata: dict[str, Any] | None | Unset
        if isinstance(self.metadata, Unset):
            metadata = UNSET
        elif isinstance(self.metadata, HookCreateMetadataType0):
            metadata = self.metadata.to_dict()
        else:
            metadata = self.metadata

        secret: None | str | Unset
        if isinstance(self.secret, Unset):
            secret = UNSET
        else:
            secret = self.secret


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "hook_type": hook_type,
            "endpoint_url": endpoint_url,
        })
        if auth_header is not UNSET:
            field_dict["auth_header"] = auth_header
        if is_active is not UNSET:
            field_dict["is_active"] = is_active
        if retry_config is not UNSET:
            field_dict["retry_config"] = retry_config
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if secret is not UNSET:
            field_dict["secret"] = secret

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.hook_create_metadata_type_0 import HookCreateMetadataType0 # noqa: PLC0415
        from ..models.retry_config import RetryConfig # noqa: PLC0415
        d = dict(src_dict)
        hook_type = d.pop("hook_type")

        endpoint_url = d.pop("endpoint_url")

        def _parse_auth_header(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        auth_header = _parse_auth_header(d.pop("auth_header", UNSET))


        is_active = d.pop("is_active", UNSET)

        _retry_config = d.pop("retry_config", UNSET)
        retry_config: RetryConfig | Unset
        if isinstance(_retry_config,  Unset):
            retry_config = UNSET
        else:
            retry_config = RetryConfig.from_dict(_retry_config)


        def _parse_metadata(data: object) -> HookCreateMetadataType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                metadata_type_0 = HookCreateMetadataType0.from_dict(data)


                return metadata_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(HookCreateMetadataType0 | None | Unset, data)

        metadata = _parse_metadata(d.pop("metadata", UNSET))


        def _parse_secret(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        secret = _parse_secret(d.pop("secret", UNSET))


        hook_create = cls(
            hook_type=hook_type,
            endpoint_url=endpoint_url,
            auth_header=auth_header,
            is_active=is_active,
            retry_config=retry_config,
            metadata=metadata,
            secret=secret,
        )

        return hook_create
