from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.mcp_message_error_type_0 import McpMessageErrorType0
  from ..models.mcp_message_result_type_0 import McpMessageResultType0


T = TypeVar("T", bound="McpMessage")


@_attrs_define
class McpMessage:
    """ A JSON-RPC response of the Model Context Protocol: ``jsonrpc``, the request's
    ``id``, and a ``result`` or a JSON-RPC ``error``.

        Attributes:
            jsonrpc (str): "2.0"
            id (int | None | str | Unset):
            result (McpMessageResultType0 | None | Unset):
            error (McpMessageErrorType0 | None | Unset): A JSON-RPC error: {code (an integer), message, data?}
     """

    jsonrpc: str
    id: int | None | str | Unset = UNSET
    result: McpMessageResultType0 | None | Unset = UNSET
    error: McpMessageErrorType0 | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.mcp_message_error_type_0 import McpMessageErrorType0 # noqa: PLC0415
        from ..models.mcp_message_result_type_0 import McpMessageResultType0 # noqa: PLC0415
        jsonrpc = self.jsonrpc

        id: int | None | str | Unset
        if isinstance(self.id, Unset):
            id = UNSET
        else:
            id = self.id

        result: dict[str, Any] | None | Unset
        if isinstance(self.result, Unset):
            result = UNSET
        elif isinstance(self.result, McpMessageResultType0):
            result = self.result.to_dict()
        else:
            result = self.result

        error: dict[str, Any] | None | Unset
        if isinstance(self.error, Unset):
            error = UNSET
        elif isinstance(self.error, McpMessageErrorType0):
            error = self.error.to_dict()
        else:
            error = self.error


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "jsonrpc": jsonrpc,
        })
        if id is not UNSET:
            field_dict["id"] = id
        if result is not UNSET:
            field_dict["result"] = result
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.mcp_message_error_type_0 import McpMessageErrorType0 # noqa: PLC0415
        from ..models.mcp_message_result_type_0 import McpMessageResultType0 # noqa: PLC0415
        d = dict(src_dict)
        jsonrpc = d.pop("jsonrpc")

        def _parse_id(data: object) -> int | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | str | Unset, data)

        id = _parse_id(d.pop("id", UNSET))


        def _parse_result(data: object) -> McpMessageResultType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_0 = McpMessageResultType0.from_dict(data)


                return result_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(McpMessageResultType0 | None | Unset, data)

        result = _parse_result(d.pop("result", UNSET))


        def _parse_error(data: object) -> McpMessageErrorType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = McpMessageErrorType0.from_dict(data)


                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(McpMessageErrorType0 | None | Unset, data)

        error = _parse_error(d.pop("error", UNSET))


        mcp_message = cls(
            jsonrpc=jsonrpc,
            id=id,
            result=result,
            error=error,
        )


        mcp_message.additional_properties = d
        return mcp_message

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
