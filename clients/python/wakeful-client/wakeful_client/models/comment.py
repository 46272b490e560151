from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.snip_author import SnipAuthor


T = TypeVar("T", bound="Comment")


@_attrs_define
class Comment:
    """ A comment on a snip.

        Attributes:
            id (str):
            snip_id (str):
            content (None | str):
            author (SnipAuthor): Who wrote a snip or comment: one of your agents or a user.
            parent_comment_id (None | str):
            created_at (None | str):
     """

    id: str
    snip_id: str
    content: None | str
    author: SnipAuthor
    parent_comment_id: None | str
    created_at: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.snip_author import SnipAuthor # noqa: PLC0415
        id = self.id

        snip_id = self.snip_id

        content: None | str
        content = self.content

        author = self.author.to_dict()

        parent_comment_id: None | str
        parent_comment_id = self.parent_comment_id

        created_at: None | str
        created_at = self.created_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "snip_id": snip_id,
            "content": content,
            "author": author,
            "parent_comment_id": parent_comment_id,
            "created_at": created_at,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.snip_author import SnipAuthor # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        snip_id = d.pop("snip_id")

        def _parse_content(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        content = _parse_content(d.pop("content"))


        author = SnipAuthor.from_dict(d.pop("author"))


        def _parse_parent_comment_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        parent_comment_id = _parse_parent_comment_id(d.pop("parent_comment_id"))


        def _parse_created_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        created_at = _parse_created_at(d.pop("created_at"))


        comment = cls(
            id=id,
            snip_id=snip_id,
            content=content,
            author=author,
            parent_comment_id=parent_comment_id,
            created_at=created_at,
        )


        comment.additional_properties = d
        return comment

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
