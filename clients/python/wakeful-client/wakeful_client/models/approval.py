from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.approval_arguments import ApprovalArguments


T = TypeVar("T", bound="Approval")


@_attrs_define
class Approval:
    """ A tool call waiting for an approval.

        Attributes:
            tool_call_id (str):
            tool (str):
            arguments (ApprovalArguments):
            requested_at (None | str):
     """

    tool_call_id: str
    tool: str
    arguments: ApprovalArguments
    requested_at: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.approval_arguments import ApprovalArguments # noqa: PLC0415
        tool_call_id = self.tool_call_id

        tool = self.tool

        arguments = self.arguments.to_dict()

        requested_at: None | str
        requested_at = self.requested_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "tool_call_id": tool_call_id,
            "tool": tool,
            "arguments": arguments,
            "requested_at": requested_at,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.approval_arguments import ApprovalArguments # noqa: PLC0415
        d = dict(src_dict)
        tool_call_id = d.pop("tool_call_id")

        tool = d.pop("tool")

        arguments = ApprovalArguments.from_dict(d.pop("arguments"))


        def _parse_requested_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        requested_at = _parse_requested_at(d.pop("requested_at"))


        approval = cls(
            tool_call_id=tool_call_id,
            tool=tool,
            arguments=arguments,
            requested_at=requested_at,
        )


        approval.additional_properties = d
        return approval

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
