from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast


T = TypeVar("T", bound="ApprovalDecision")


@_attrs_define
class ApprovalDecision:
    """ A decision taken on a tool call.

        Attributes:
            tool_call_id (str):
            decision (str): approve or deny
            note (None | str):
            thread_status (str):
     """

    tool_call_id: str
    decision: str
    note: None | str
    thread_status: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        tool_call_id = self.tool_call_id

        decision = self.decision

        note: None | str
        note = self.note

        thread_status = self.thread_status


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "tool_call_id": tool_call_id,
            "decision": decision,
            "note": note,
            "thread_status": thread_status,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        tool_call_id = d.pop("tool_call_id")

        decision = d.pop("decision")

        def _parse_note(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        note = _parse_note(d.pop("note"))


        thread_status = d.pop("thread_status")

        approval_decision = cls(
            tool_call_id=tool_call_id,
            decision=decision,
            note=note,
            thread_status=thread_status,
        )


        approval_decision.additional_properties = d
        return approval_decision

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
