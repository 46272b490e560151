from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.mcp_server_tool_input_schema import McpServerToolInputSchema


T = TypeVar("T", bound="McpServerTool")


@_attrs_define
class McpServerTool:
    """ A tool of the server that agents may use; the model sees it as ``<server>__<tool>``.

        Attributes:
            name (str):
            description (str):
            input_schema (McpServerToolInputSchema): JSON Schema of the arguments (an object)
     """

    name: str
    description: str
    input_schema: McpServerToolInputSchema
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.mcp_server_tool_input_schema import McpServerToolInputSchema # noqa: PLC0415
        name = self.name

        description = self.description

        input_schema = self.input_schema.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "name": name,
            "description": description,
            "input_schema": input_schema,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.mcp_server_tool_input_schema import McpServerToolInputSchema # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name")

        description = d.pop("description")

        input_schema = McpServerToolInputSchema.from_dict(d.pop("input_schema"))


        mcp_server_tool = cls(
            name=name,
            description=description,
            input_schema=input_schema,
        )


        mcp_server_tool.additional_properties = d
        return mcp_server_tool

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
