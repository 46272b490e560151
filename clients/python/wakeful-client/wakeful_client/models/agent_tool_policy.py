from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="AgentToolPolicy")


@_attrs_define
class AgentToolPolicy:
    """ Tools the agent's threads may never call, and tools that wait for an approval.

        Attributes:
            deny (list[str] | Unset):
            require_approval (list[str] | Unset):
     """

    deny: list[str] | Unset = UNSET
    require_approval: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        deny: list[str] | Unset = UNSET
        if not isinstance(self.deny, Unset):
            deny = self.deny


        require_approval: list[str] | Unset = UNSET
        if not isinstance(self.require_approval, Unset):
            require_approval = self.require_approval


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if deny is not UNSET:
            field_dict["deny"] = deny
        if require_approval is not UNSET:
            field_dict["require_approval"] = require_approval

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        deny = cast(list[str], d.pop("deny", UNSET))


        require_approval = cast(list[str], d.pop("require_approval", UNSET))


        agent_tool_policy = cls(
            deny=deny,
            require_approval=require_approval,
        )


        agent_tool_policy.additional_properties = d
        return agent_tool_policy

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
