from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.llm_price import LLMPrice


T = TypeVar("T", bound="LLMPricePage")


@_attrs_define
class LLMPricePage:
    """ The price table every model call is priced from (the deployment's entries first).

        Attributes:
            items (list[LLMPrice]):
            as_of (str): The day the built-in prices were read (YYYY-MM-DD)
            sources (list[str]): Where the built-in prices come from
            next_ (None | str | Unset):
     """

    items: list[LLMPrice]
    as_of: str
    sources: list[str]
    next_: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.llm_price import LLMPrice # noqa: PLC0415
        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)


        as_of = self.as_of

        sources = self.sources


        next_: None | str | Unset
        if isinstance(self.next_, Unset):
            next_ = UNSET
        else:
            next_ = self.next_


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "items": items,
            "as_of": as_of,
            "sources": sources,
        })
        if next_ is not UNSET:
            field_dict["next"] = next_

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.llm_price import LLMPrice # noqa: PLC0415
        d = dict(src_dict)
        items = []
        _items = d.pop("items")
        for items_item_data in (_items):
            items_item = LLMPrice.from_dict(items_item_data)


            items.append(items_item)


        as_of = d.pop("as_of")

        sources = cast(list[str], d.pop("sources"))


        def _parse_next_(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        next_ = _parse_next_(d.pop("next", UNSET))


        llm_price_page = cls(
            items=items,
            as_of=as_of,
            sources=sources,
            next_=next_,
        )


        llm_price_page.additional_properties = d
        return llm_price_page

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
