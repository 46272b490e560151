from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.consolidation import Consolidation


T = TypeVar("T", bound="ConsolidationPage")


@_attrs_define
class ConsolidationPage:
    """ An agent's consolidations, newest first.

        Attributes:
            next_ (None | str): Pass as ?cursor= (or as documented) for the next page; null on the last page
            items (list[Consolidation]):
     """

    next_: None | str
    items: list[Consolidation]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.consolidation import Consolidation # noqa: PLC0415
        next_: None | str
        next_ = self.next_

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "next": next_,
            "items": items,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.consolidation import Consolidation # noqa: PLC0415
        d = dict(src_dict)
        def _parse_next_(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_ = _parse_next_(d.pop("next"))


        items = []
        _items = d.pop("items")
        for items_item_data in (_items):
            items_item = Consolidation.from_dict(items_item_data)


            items.append(items_item)


        consolidation_page = cls(
            next_=next_,
            items=items,
        )


        consolidation_page.additional_properties = d
        return consolidation_page

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
