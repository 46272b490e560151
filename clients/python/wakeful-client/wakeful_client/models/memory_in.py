from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="MemoryIn")


@_attrs_define
class MemoryIn:
    """ ``POST /agents/{id}/memories`` body.

        Attributes:
            text (str): What to remember: 1 to 2,000 characters (stripped), no control characters
            tags (list[str] | None | Unset): At most 10 unique tags, each 1-50 of letters, digits and _ : . - (starting with
                a letter or digit)
     """

    text: str
    tags: list[str] | None | Unset = UNSET


    def to_dict(self) -> dict[str, Any]:
        text = self.text

        tags: list[str] | None | Unset
        if isinstance(self.tags, Unset):
            tags = UNSET
        elif isinstance(self.tags, list):
            tags = self.tags


        else:
            tags = self.tags


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "text": text,
        })
        if tags is not UNSET:
            field_dict["tags"] = tags

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        text = d.pop("text")

        def _parse_tags(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                tags_type_0 = cast(list[str], data)

                return tags_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        tags = _parse_tags(d.pop("tags", UNSET))


        memory_in = cls(
            text=text,
            tags=tags,
        )

        return memory_in
