from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="MemoryPatch")


@_attrs_define
class MemoryPatch:
    """ ``PATCH /agents/{id}/memories/{mid}`` body: text, tags or both.

        Attributes:
            text (str | Unset): What to remember: 1 to 2,000 characters (stripped), no control characters
            tags (list[str] | Unset): At most 10 unique tags, each 1-50 of letters, digits and _ : . - (starting with a
                letter or digit); [] clears them
     """

    text: str | Unset = UNSET
    tags: list[str] | Unset = UNSET


    def to_dict(self) -> dict[str, Any]:
        text = self.text

        tags: list[str] | Unset = UNSET
        if not isinstance(self.tags, Unset):
            tags = self.tags


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if text is not UNSET:
            field_dict["text"] = text
        if tags is not UNSET:
            field_dict["tags"] = tags

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        text = d.pop("text", UNSET)

        tags = cast(list[str], d.pop("tags", UNSET))


        memory_patch = cls(
            text=text,
            tags=tags,
        )

        return memory_patch
