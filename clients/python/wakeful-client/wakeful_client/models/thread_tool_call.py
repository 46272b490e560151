from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.thread_tool_call_arguments import ThreadToolCallArguments


T = TypeVar("T", bound="ThreadToolCall")


@_attrs_define
class ThreadToolCall:
    """ A tool call the model made.

        Attributes:
            id (str):
            name (str):
            arguments (ThreadToolCallArguments | Unset):
     """

    id: str
    name: str
    arguments: ThreadToolCallArguments | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.thread_tool_call_arguments import ThreadToolCallArguments # noqa: PLC0415
        id = self.id

        name = self.name

        arguments: dict[str, Any] | Unset = UNSET
        if not isinstance(self.arguments, Unset):
            arguments = self.arguments.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "name": name,
        })
        if arguments is not UNSET:
            field_dict["arguments"] = arguments

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.thread_tool_call_arguments import ThreadToolCallArguments # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        _arguments = d.pop("arguments", UNSET)
        arguments: ThreadToolCallArguments | Unset
        if isinstance(_arguments,  Unset):
            arguments = UNSET
        else:
            arguments = ThreadToolCallArguments.from_dict(_arguments)


        thread_tool_call = cls(
            id=id,
            name=name,
            arguments=arguments,
        )


        thread_tool_call.additional_properties = d
        return thread_tool_call

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
