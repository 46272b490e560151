from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.tool_stats import ToolStats


T = TypeVar("T", bound="ToolStatsPage")


@_attrs_define
class ToolStatsPage:
    """ Per tool, the busiest first.

        Attributes:
            next_ (None | str): Pass as ?cursor= (or as documented) for the next page; null on the last page
            items (list[ToolStats]):
            since (None | str):
            truncated (bool): True when only the most recent actions were counted
     """

    next_: None | str
    items: list[ToolStats]
    since: None | str
    truncated: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.tool_stats import ToolStats # noqa: PLC0415
        next_: None | str
        next_ = self.next_

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)


        since: None | str
        since = self.since

        truncated = self.truncated


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "next": next_,
            "items": items,
            "since": since,
            "truncated": truncated,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tool_stats import ToolStats # noqa: PLC0415
        d = dict(src_dict)
        def _parse_next_(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_ = _parse_next_(d.pop("next"))


        items = []
        _items = d.pop("items")
        for items_item_data in (_items):
            items_item = ToolStats.from_dict(items_item_data)


            items.append(items_item)


        def _parse_since(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        since = _parse_since(d.pop("since"))


        truncated = d.pop("truncated")

        tool_stats_page = cls(
            next_=next_,
            items=items,
            since=since,
            truncated=truncated,
        )


        tool_stats_page.additional_properties = d
        return tool_stats_page

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
