from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="ToolPolicy")


@_attrs_define
class ToolPolicy:
    """ An agent's declarative ``tool_policy``: tools its threads may never call, and
    tools whose every call waits for a person's approval.

        Attributes:
            deny (list[str] | Unset): Tool names never run
            require_approval (list[str] | Unset): Tool names that wait for an approval
     """

    deny: list[str] | Unset = UNSET
    require_approval: list[str] | Unset = UNSET


    def to_dict(self) -> dict[str, Any]:
        deny: list[str] | Unset = UNSET
        if not isinstance(self.deny, Unset):
            deny = self.deny


        require_approval: list[str] | Unset = UNSET
        if not isinstance(self.require_approval, Unset):
            require_approval = self.require_approval


        field_dict: dict[str, Any] = {}

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


        tool_policy = cls(
            deny=deny,
            require_approval=require_approval,
        )

        return tool_policy
