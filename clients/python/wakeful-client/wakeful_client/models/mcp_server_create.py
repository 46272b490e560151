from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.mcp_server_create_headers_type_0 import McpServerCreateHeadersType0


T = TypeVar("T", bound="McpServerCreate")


@_attrs_define
class McpServerCreate:
    """ ``POST /mcp-servers`` body.

        Attributes:
            name (str): Unique per owner; agents' tools name it as mcp:<name>
            url (str): The server's Streamable HTTP endpoint
            headers (McpServerCreateHeadersType0 | None | Unset): Sent with every request to the server (e.g.
                Authorization). Write-only: sealed at rest, never returned (header_names shows which are set)
            tools (list[str] | None | Unset): The tools agents may use (names as the server lists them); left out or null:
                every tool it lists
            timeout_ms (int | Unset): A tool call's total deadline: connecting, the MCP handshake and the whole answer
                Default: 30000.
     """

    name: str
    url: str
    headers: McpServerCreateHeadersType0 | None | Unset = UNSET
    tools: list[str] | None | Unset = UNSET
    timeout_ms: int | Unset = 30000


    def to_dict(self) -> dict[str, Any]:
        from ..models.mcp_server_create_headers_type_0 import McpServerCreateHeadersType0 # noqa: PLC0415
        name = self.name

        url = self.url

        headers: dict[str, Any] | None | Unset
        if isinstance(self.headers, Unset):
            headers = UNSET
        elif isinstance(self.headers, McpServerCreateHeadersType0):
            headers = self.headers.to_dict()
        else:
            headers = self.headers

        tools: list[str] | None | Unset
        if isinstance(self.tools, Unset):
            tools = UNSET
        elif isinstance(self.tools, list):
            tools = self.tools


        else:
            tools = self.tools

        timeout_ms = self.timeout_ms


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
            "url": url,
        })
        if headers is not UNSET:
            field_dict["headers"] = headers
        if tools is not UNSET:
            field_dict["tools"] = tools
        if timeout_ms is not UNSET:
            field_dict["timeout_ms"] = timeout_ms

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.mcp_server_create_headers_type_0 import McpServerCreateHeadersType0 # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name")

        url = d.pop("url")

        def _parse_headers(data: object) -> McpServerCreateHeadersType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                headers_type_0 = McpServerCreateHeadersType0.from_dict(data)


                return headers_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(McpServerCreateHeadersType0 | None | Unset, data)

        headers = _parse_headers(d.pop("headers", UNSET))


        def _parse_tools(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                tools_type_0 = cast(list[str], data)

                return tools_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        tools = _parse_tools(d.pop("tools", UNSET))


        timeout_ms = d.pop("timeout_ms", UNSET)

        mcp_server_create = cls(
            name=name,
            url=url,
            headers=headers,
            tools=tools,
            timeout_ms=timeout_ms,
        )

        return mcp_server_create
