from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast


T = TypeVar("T", bound="McpServerInfo")


@_attrs_define
class McpServerInfo:
    """ Who the server says it is, at its last listing.

        Attributes:
            name (None | str):
            version (None | str):
            protocol_version (None | str): The MCP protocol version agreed
     """

    name: None | str
    version: None | str
    protocol_version: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        name: None | str
        name = self.name

        version: None | str
        version = self.version

        protocol_version: None | str
        protocol_version = self.protocol_version


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "name": name,
            "version": version,
            "protocol_version": protocol_version,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))


        def _parse_version(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        version = _parse_version(d.pop("version"))


        def _parse_protocol_version(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        protocol_version = _parse_protocol_version(d.pop("protocol_version"))


        mcp_server_info = cls(
            name=name,
            version=version,
            protocol_version=protocol_version,
        )


        mcp_server_info.additional_properties = d
        return mcp_server_info

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
