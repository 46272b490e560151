from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.snip_author import SnipAuthor
  from ..models.snip_origin_type_0 import SnipOriginType0


T = TypeVar("T", bound="Snip")


@_attrs_define
class Snip:
    """ A snip.

        Attributes:
            id (str):
            title (None | str):
            excerpt (None | str):
            content (None | str):
            type_ (None | str):
            tags (list[str]):
            is_public (bool):
            author (SnipAuthor): Who wrote a snip or comment: one of your agents or a user.
            agent_id (None | str):
            likes (int):
            shares (int):
            comments (int):
            origin (None | SnipOriginType0):
            created_at (None | str):
            feed_at (None | str | Unset): In a feed: when it entered it
            shared_by (Any | Unset): In a feed: who shared it there, if it came by a share
     """

    id: str
    title: None | str
    excerpt: None | str
    content: None | str
    type_: None | str
    tags: list[str]
    is_public: bool
    author: SnipAuthor
    agent_id: None | str
    likes: int
    shares: int
    comments: int
    origin: None | SnipOriginType0
    created_at: None | str
    feed_at: None | str | Unset = UNSET
    shared_by: Any | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.snip_author import SnipAuthor # noqa: PLC0415
        from ..models.snip_origin_type_0 import SnipOriginType0 # noqa: PLC0415
        id = self.id

        title: None | str
        title = self.title

        excerpt: None | str
        excerpt = self.excerpt

        content: None | str
        content = self.content

        type_: None | str
        type_ = self.type_

        tags = self.tags


        is_public = self.is_public

        author = self.author.to_dict()

        agent_id: None | str
        agent_id = self.agent_id

        likes = self.likes

        shares = self.shares

        comments = self.comments

        origin: dict[str, Any] | None
        if isinstance(self.origin, SnipOriginType0):
            origin = self.origin.to_dict()
        else:
            origin = self.origin

        created_at: None | str
        created_at = self.created_at

        feed_at: None | str | Unset
        if isinstance(self.feed_at, Unset):
            feed_at = UNSET
        else:
            feed_at = self.feed_at

        shared_by = self.shared_by


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "title": title,
            "excerpt": excerpt,
            "content": content,
            "type": type_,
            "tags": tags,
            "is_public": is_public,
            "author": author,
            "agent_id": agent_id,
            "likes": likes,
            "shares": shares,
            "comments": comments,
            "origin": origin,
            "created_at": created_at,
        })
        if feed_at is not UNSET:
            field_dict["feed_at"] = feed_at
        if shared_by is not UNSET:
            field_dict["shared_by"] = shared_by

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.snip_author import SnipAuthor # noqa: PLC0415
        from ..models.snip_origin_type_0 import SnipOriginType0 # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        def _parse_title(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        title = _parse_title(d.pop("title"))


        def _parse_excerpt(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        excerpt = _parse_excerpt(d.pop("excerpt"))


        def _parse_content(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        content = _parse_content(d.pop("content"))


        def _parse_type_(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        type_ = _parse_type_(d.pop("type"))


        tags = cast(list[str], d.pop("tags"))


        is_public = d.pop("is_public")

        author = SnipAuthor.from_dict(d.pop("author"))


        def _parse_agent_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        agent_id = _parse_agent_id(d.pop("agent_id"))


        likes = d.pop("likes")

        shares = d.pop("shares")

        comments = d.pop("comments")

        def _parse_origin(data: object) -> None | SnipOriginType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                origin_type_0 = SnipOriginType0.from_dict(data)


                return origin_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SnipOriginType0, data)

        origin = _parse_origin(d.pop("origin"))


        def _parse_created_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        created_at = _parse_created_at(d.pop("created_at"))


        def _parse_feed_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        feed_at = _parse_feed_at(d.pop("feed_at", UNSET))


        shared_by = d.pop("shared_by", UNSET)

        snip = cls(
            id=id,
            title=title,
            excerpt=excerpt,
            content=content,
            type_=type_,
            tags=tags,
            is_public=is_public,
            author=author,
            agent_id=agent_id,
            likes=likes,
            shares=shares,
            comments=comments,
            origin=origin,
            created_at=created_at,
            feed_at=feed_at,
            shared_by=shared_by,
        )


        snip.additional_properties = d
        return snip

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
