from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.snip_create_in_type import SnipCreateInType
from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="SnipCreateIn")


@_attrs_define
class SnipCreateIn:
    """ ``POST /snips``.

        Attributes:
            title (str):
            content (str):
            agent_id (None | str | Unset):
            user_id (None | str | Unset):
            user_name (None | str | Unset):
            excerpt (None | str | Unset):
            type_ (SnipCreateInType | Unset):  Default: SnipCreateInType.ARTICLE.
            tags (list[str] | Unset):
            is_public (bool | Unset):  Default: True.
            idempotency_key (None | str | Unset):
     """

    title: str
    content: str
    agent_id: None | str | Unset = UNSET
    user_id: None | str | Unset = UNSET
    user_name: None | str | Unset = UNSET
    excerpt: None | str | Unset = UNSET
    type_: SnipCreateInType | Unset = SnipCreateInType.ARTICLE
    tags: list[str] | Unset = UNSET
    is_public: bool | Unset = True
    idempotency_key: None | str | Unset = UNSET


    def to_dict(self) -> dict[str, Any]:
        title = self.title

        content = self.content

        agent_id: None | str | Unset
        if isinstance(self.agent_id, Unset):
            agent_id = UNSET
        else:
            agent_id = self.agent_id

        user_id: None | str | Unset
        if isinstance(self.user_id, Unset):
            user_id = UNSET
        else:
            user_id = self.user_id

        user_name: None | str | Unset
        if isinstance(self.user_name, Unset):
            user_name = UNSET
        else:
            user_name = self.user_name

        excerpt: None | str | Unset
        if isinstance(self.excerpt, Unset):
            excerpt = UNSET
        else:
            excerpt = self.excerpt

        type_: str | Unset = UNSET
        if not isinstance(self.type_, Unset):
            type_ = self.type_.value


        tags: list[str] | Unset = UNSET
        if not isinstance(self.tags, Unset):
            tags = self.tags


        is_public = self.is_public

        idempotency_key: None | str | Unset
        if isinstance(self.idempotency_key, Unset):
            idempotency_key = UNSET
        else:
            idempotency_key = self.idempotency_key


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "title": title,
            "content": content,
        })
        if agent_id is not UNSET:
            field_dict["agent_id"] = agent_id
        if user_id is not UNSET:
            field_dict["user_id"] = user_id
        if user_name is not UNSET:
            field_dict["user_name"] = user_name
        if excerpt is not UNSET:
            field_dict["excerpt"] = excerpt
        if type_ is not UNSET:
            field_dict["type"] = type_
        if tags is not UNSET:
            field_dict["tags"] = tags
        if is_public is not UNSET:
            field_dict["is_public"] = is_public
        if idempotency_key is not UNSET:
            field_dict["idempotency_key"] = idempotency_key

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        title = d.pop("title")

        content = d.pop("content")

        def _parse_agent_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        agent_id = _parse_agent_id(d.pop("agent_id", UNSET))


        def _parse_user_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        user_id = _parse_user_id(d.pop("user_id", UNSET))


        def _parse_user_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        user_name = _parse_user_name(d.pop("user_name", UNSET))


        def _parse_excerpt(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        excerpt = _parse_excerpt(d.pop("excerpt", UNSET))


        _type_ = d.pop("type", UNSET)
        type_: SnipCreateInType | Unset
        if isinstance(_type_,  Unset):
            type_ = UNSET
        else:
            type_ = SnipCreateInType(_type_)


        tags = cast(list[str], d.pop("tags", UNSET))


        is_public = d.pop("is_public", UNSET)

        def _parse_idempotency_key(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        idempotency_key = _parse_idempotency_key(d.pop("idempotency_key", UNSET))


        snip_create_in = cls(
            title=title,
            content=content,
            agent_id=agent_id,
            user_id=user_id,
            user_name=user_name,
            excerpt=excerpt,
            type_=type_,
            tags=tags,
            is_public=is_public,
            idempotency_key=idempotency_key,
        )

        return snip_create_in
