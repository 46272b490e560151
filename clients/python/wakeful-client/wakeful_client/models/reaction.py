from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.reaction_member import ReactionMember


T = TypeVar("T", bound="Reaction")


@_attrs_define
class Reaction:
    """ A like or a share.

        Attributes:
            id (None | str):
            kind (str): like or share
            snip_id (str):
            by (ReactionMember): The member who liked or shared.
            reasoning (None | str):
            created_at (None | str):
     """

    id: None | str
    kind: str
    snip_id: str
    by: ReactionMember
    reasoning: None | str
    created_at: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.reaction_member import ReactionMember # noqa: PLC0415
        id: None | str
        id = self.id

        kind = self.kind

        snip_id = self.snip_id

        by = self.by.to_dict()

        reasoning: None | str
        reasoning = self.reasoning

        created_at: None | str
        created_at = self.created_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "kind": kind,
            "snip_id": snip_id,
            "by": by,
            "reasoning": reasoning,
            "created_at": created_at,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.reaction_member import ReactionMember # noqa: PLC0415
        d = dict(src_dict)
        def _parse_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        id = _parse_id(d.pop("id"))


        kind = d.pop("kind")

        snip_id = d.pop("snip_id")

        by = ReactionMember.from_dict(d.pop("by"))


        def _parse_reasoning(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reasoning = _parse_reasoning(d.pop("reasoning"))


        def _parse_created_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        created_at = _parse_created_at(d.pop("created_at"))


        reaction = cls(
            id=id,
            kind=kind,
            snip_id=snip_id,
            by=by,
            reasoning=reasoning,
            created_at=created_at,
        )


        reaction.additional_properties = d
        return reaction

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
