from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.action_approval_decision_type_0 import ActionApprovalDecisionType0
from typing import cast


T = TypeVar("T", bound="ActionApproval")


@_attrs_define
class ActionApproval:
    """ A parked action's approval.

        Attributes:
            requested_at (None | str):
            decision (ActionApprovalDecisionType0 | None):
            note (None | str):
            decided_at (None | str):
     """

    requested_at: None | str
    decision: ActionApprovalDecisionType0 | None
    note: None | str
    decided_at: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        requested_at: None | str
        requested_at = self.requested_at

        decision: None | str
        if isinstance(self.decision, ActionApprovalDecisionType0):
            decision = self.decision.value
        else:
            decision = self.decision

        note: None | str
        note = self.note

        decided_at: None | str
        decided_at = self.decided_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "requested_at": requested_at,
            "decision": decision,
            "note": note,
            "decided_at": decided_at,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_requested_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        requested_at = _parse_requested_at(d.pop("requested_at"))


        def _parse_decision(data: object) -> ActionApprovalDecisionType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                decision_type_0 = ActionApprovalDecisionType0(data)


                return decision_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ActionApprovalDecisionType0 | None, data)

        decision = _parse_decision(d.pop("decision"))


        def _parse_note(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        note = _parse_note(d.pop("note"))


        def _parse_decided_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        decided_at = _parse_decided_at(d.pop("decided_at"))


        action_approval = cls(
            requested_at=requested_at,
            decision=decision,
            note=note,
            decided_at=decided_at,
        )


        action_approval.additional_properties = d
        return action_approval

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
