from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.tool_call_view_arguments import ToolCallViewArguments


T = TypeVar("T", bound="ToolCallView")


@_attrs_define
class ToolCallView:
    """ A tool call the model made.

        Attributes:
            name (str):
            arguments (ToolCallViewArguments):
     """

    name: str
    arguments: ToolCallViewArguments
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.tool_call_view_arguments import ToolCallViewArguments # noqa: PLC0415
        name = self.name

        arguments = self.arguments.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "name": name,
            "arguments": arguments,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tool_call_view_arguments import ToolCallViewArguments # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name")

        arguments = ToolCallViewArguments.from_dict(d.pop("arguments"))


        tool_call_view = cls(
            name=name,
            arguments=arguments,
        )


        tool_call_view.additional_properties = d
        return tool_call_view

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
