from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.mcp_server_info import McpServerInfo
  from ..models.mcp_server_tool import McpServerTool
  from ..models.mcp_skipped_tool import McpSkippedTool


T = TypeVar("T", bound="McpServer")


@_attrs_define
class McpServer:
    """ An MCP server (never its headers' values).

        Attributes:
            id (str):
            name (str):
            url (str):
            tools (list[McpServerTool]): The tools agents may use (listed, usable, allowed)
            skipped (list[McpSkippedTool]): Tools left out: names or schemas a model cannot be given, over a limit, not
                allowed, or allowed but not listed
            allowed_tools (list[str] | None): The tools field: null allows every tool
            header_names (list[str]): The headers set (values are write-only)
            timeout_ms (int):
            server_info (McpServerInfo): Who the server says it is, at its last listing.
            listed_at (None | str):
            created_at (None | str):
            updated_at (None | str):
     """

    id: str
    name: str
    url: str
    tools: list[McpServerTool]
    skipped: list[McpSkippedTool]
    allowed_tools: list[str] | None
    header_names: list[str]
    timeout_ms: int
    server_info: McpServerInfo
    listed_at: None | str
    created_at: None | str
    updated_at: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.mcp_server_info import McpServerInfo # noqa: PLC0415
        from ..models.mcp_server_tool import McpServerTool # noqa: PLC0415
        from ..models.mcp_skipped_tool import McpSkippedTool # noqa: PLC0415
        id = self.id

        name = self.name

        url = self.url

        tools = []
        for tools_item_data in self.tools:
            tools_item = tools_item_data.to_dict()
            tools.append(tools_item)


        skipped = []
        for skipped_item_data in self.skipped:
            skipped_item = skipped_item_data.to_dict()
            skipped.append(skipped_item)


        allowed_tools: list[str] | None
        if isinstance(self.allowed_tools, list):
            allowed_tools = self.allowed_tools


        else:
            allowed_tools = self.allowed_tools

        header_names = self.header_names


        timeout_ms = self.timeout_ms

        server_info = self.server_info.to_dict()

        listed_at: None | str
        listed_at = self.listed_at

        created_at: None | str
        created_at = self.created_at

        updated_at: None | str
        updated_at = self.updated_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "name": name,
            "url": url,
            "tools": tools,
            "skipped": skipped,
            "allowed_tools": allowed_tools,
            "header_names": header_names,
            "timeout_ms": timeout_ms,
            "server_info": server_info,
            "listed_at": listed_at,
            "created_at": created_at,
            "updated_at": updated_at,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.mcp_server_info import McpServerInfo # noqa: PLC0415
        from ..models.mcp_server_tool import McpServerTool # noqa: PLC0415
        from ..models.mcp_skipped_tool import McpSkippedTool # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        url = d.pop("url")

        tools = []
        _tools = d.pop("tools")
        for tools_item_data in (_tools):
            tools_item = McpServerTool.from_dict(tools_item_data)


            tools.append(tools_item)


        skipped = []
        _skipped = d.pop("skipped")
        for skipped_item_data in (_skipped):
            skipped_item = McpSkippedTool.from_dict(skipped_item_data)


            skipped.append(skipped_item)


        def _parse_allowed_tools(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                allowed_tools_type_0 = cast(list[str], data)

                return allowed_tools_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        allowed_tools = _parse_allowed_tools(d.pop("allowed_tools"))


        header_names = cast(list[str], d.pop("header_names"))


        timeout_ms = d.pop("timeout_ms")

        server_info = McpServerInfo.from_dict(d.pop("server_info"))


        def _parse_listed_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        listed_at = _parse_listed_at(d.pop("listed_at"))


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


        mcp_server = cls(
            id=id,
            name=name,
            url=url,
            tools=tools,
            skipped=skipped,
            allowed_tools=allowed_tools,
            header_names=header_names,
            timeout_ms=timeout_ms,
            server_info=server_info,
            listed_at=listed_at,
            created_at=created_at,
            updated_at=updated_at,
        )


        mcp_server.additional_properties = d
        return mcp_server

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
