from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.mcp_server_patch_headers_type_0 import McpServerPatchHeadersType0


T = TypeVar("T", bound="McpServerPatch")


@_attrs_define
class McpServerPatch:
    """ ``PATCH /mcp-servers/{server_id}`` body: any subset of the fields. A new url or new
    headers list the server's tools again (as registering does); ``null`` for headers
    removes them, for tools allows every tool. The name never changes (agents name the
    server by it).

        Attributes:
            url (str | Unset):
            headers (McpServerPatchHeadersType0 | None | Unset): Sent with every request to the server (e.g. Authorization).
                Write-only: sealed at rest, never returned (header_names shows which are set); null removes them
            tools (list[str] | None | Unset): The tools agents may use (names as the server lists them); left out or null:
                every tool it lists
            timeout_ms (int | Unset):
     """

    url: str | Unset = UNSET
    headers: McpServerPatchHeadersType0 | None | Unset = UNSET
    tools: list[str] | None | Unset = UNSET
    timeout_ms: int | Unset = UNSET


    def to_dict(self) -> dict[str, Any]:
        from ..models.mcp_server_patch_headers_type_0 import McpServerPatchHeadersType0 # noqa: PLC0415
        url = self.url

        headers: dict[str, Any] | None | Unset
        if isinstance(self.headers, Unset):
            headers = UNSET
        elif isinstance(self.headers, McpServerPatchHeadersType0):
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
        })
        if url is not UNSET:
            field_dict["url"] = url
        if headers is not UNSET:
            field_dict["headers"] = headers
        if tools is not UNSET:
            field_dict["tools"] = tools
        if timeout_ms is not UNSET:
            field_dict["timeout_ms"] = timeout_ms

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.mcp_server_patch_headers_type_0 import McpServerPatchHeadersType0 # noqa: PLC0415
        d = dict(src_dict)
        url = d.pop("url", UNSET)

        def _parse_headers(data: object) -> McpServerPatchHeadersType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                headers_type_0 = McpServerPatchHeadersType0.from_dict(data)


                return headers_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(McpServerPatchHeadersType0 | None | Unset, data)

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

        mcp_server_patch = cls(
            url=url,
            headers=headers,
            tools=tools,
            timeout_ms=timeout_ms,
        )

        return mcp_server_patch
