from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.open_api_document_components_type_0 import OpenAPIDocumentComponentsType0
  from ..models.open_api_document_info import OpenAPIDocumentInfo
  from ..models.open_api_document_paths import OpenAPIDocumentPaths
  from ..models.open_api_document_servers_type_0_item import OpenAPIDocumentServersType0Item


T = TypeVar("T", bound="OpenAPIDocument")


@_attrs_define
class OpenAPIDocument:
    """ An OpenAPI 3 document.

        Attributes:
            openapi (str):
            info (OpenAPIDocumentInfo):
            paths (OpenAPIDocumentPaths):
            components (None | OpenAPIDocumentComponentsType0 | Unset):
            servers (list[OpenAPIDocumentServersType0Item] | None | Unset):
     """

    openapi: str
    info: OpenAPIDocumentInfo
    paths: OpenAPIDocumentPaths
    components: None | OpenAPIDocumentComponentsType0 | Unset = UNSET
    servers: list[OpenAPIDocumentServersType0Item] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.open_api_document_components_type_0 import OpenAPIDocumentComponentsType0 # noqa: PLC0415
        from ..models.open_api_document_info import OpenAPIDocumentInfo # noqa: PLC0415
        from ..models.open_api_document_paths import OpenAPIDocumentPaths # noqa: PLC0415
        from ..models.open_api_document_servers_type_0_item import OpenAPIDocumentServersType0Item # noqa: PLC0415
        openapi = self.openapi

        info = self.info.to_dict()

        paths = self.paths.to_dict()

        components: dict[str, Any] | None | Unset
        if isinstance(self.components, Unset):
            components = UNSET
        elif isinstance(self.components, OpenAPIDocumentComponentsType0):
            components = self.components.to_dict()
        else:
            components = self.components

        servers: list[dict[str, Any]] | None | Unset
        if isinstance(self.servers, Unset):
            servers = UNSET
        elif isinstance(self.servers, list):
            servers = []
            for servers_type_0_item_data in self.servers:
                servers_type_0_item = servers_type_0_item_data.to_dict()
                servers.append(servers_type_0_item)


        else:
            servers = self.servers


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "openapi": openapi,
            "info": info,
            "paths": paths,
        })
        if components is not UNSET:
            field_dict["components"] = components
        if servers is not UNSET:
            field_dict["servers"] = servers

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.open_api_document_components_type_0 import OpenAPIDocumentComponentsType0 # noqa: PLC0415
        from ..models.open_api_document_info import OpenAPIDocumentInfo # noqa: PLC0415
        from ..models.open_api_document_paths import OpenAPIDocumentPaths # noqa: PLC0415
        from ..models.open_api_document_servers_type_0_item import OpenAPIDocumentServersType0Item # noqa: PLC0415
        d = dict(src_dict)
        openapi = d.pop("openapi")

        info = OpenAPIDocumentInfo.from_dict(d.pop("info"))


        paths = OpenAPIDocumentPaths.from_dict(d.pop("paths"))


        def _parse_components(data: object) -> None | OpenAPIDocumentComponentsType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                components_type_0 = OpenAPIDocumentComponentsType0.from_dict(data)


                return components_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OpenAPIDocumentComponentsType0 | Unset, data)

        components = _parse_components(d.pop("components", UNSET))


        def _parse_servers(data: object) -> list[OpenAPIDocumentServersType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                servers_type_0 = []
                _servers_type_0 = data
                for servers_type_0_item_data in (_servers_type_0):
                    servers_type_0_item = OpenAPIDocumentServersType0Item.from_dict(servers_type_0_item_data)


                    servers_type_0.append(servers_type_0_item)

                return servers_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[OpenAPIDocumentServersType0Item] | None | Unset, data)

        servers = _parse_servers(d.pop("servers", UNSET))


        open_api_document = cls(
            openapi=openapi,
            info=info,
            paths=paths,
            components=components,
            servers=servers,
        )


        open_api_document.additional_properties = d
        return open_api_document

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
