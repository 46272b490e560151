from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.memory_source import MemorySource


T = TypeVar("T", bound="Memory")


@_attrs_define
class Memory:
    """ One of an agent's memories.

        Attributes:
            id (str):
            text (str):
            tags (list[str]):
            source (MemorySource): Where a memory came from.
            created_at (None | str):
            updated_at (None | str):
            key (None | str | Unset):
            relevance_score (float | None | Unset):
            last_used_at (None | str | Unset):
            score (float | None | Unset): With ?q=: how relevant to the query
            memory_key (None | str | Unset):
            memory_type (None | str | Unset):
            content (Any | Unset):
            last_accessed_at (None | str | Unset):
     """

    id: str
    text: str
    tags: list[str]
    source: MemorySource
    created_at: None | str
    updated_at: None | str
    key: None | str | Unset = UNSET
    relevance_score: float | None | Unset = UNSET
    last_used_at: None | str | Unset = UNSET
    score: float | None | Unset = UNSET
    memory_key: None | str | Unset = UNSET
    memory_type: None | str | Unset = UNSET
    content: Any | Unset = UNSET
    last_accessed_at: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.memory_source import MemorySource # noqa: PLC0415
        id = self.id

        text = self.text

        tags = self.tags


        source = self.source.to_dict()

        created_at: None | str
        created_at = self.created_at

        updated_at: None | str
        updated_at = self.updated_at

        key: None | str | Unset
        if isinstance(self.key, Unset):
            key = UNSET
        else:
            key = self.key

        relevance_score: float | None | Unset
        if isinstance(self.relevance_score, Unset):
            relevance_score = UNSET
        else:
            relevance_score = self.relevance_score

        last_used_at: None | str | Unset
        if isinstance(self.last_used_at, Unset):
            last_used_at = UNSET
        else:
            last_used_at = self.last_used_at

        score: float | None | Unset
        if isinstance(self.score, Unset):
            score = UNSET
        else:
            score = self.score

        memory_key: None | str | Unset
        if isinstance(self.memory_key, Unset):
            memory_key = UNSET
        else:
            memory_key = self.memory_key

        memory_type: None | str | Unset
        if isinstance(self.memory_type, Unset):
            memory_type = UNSET
        else:
            memory_type = self.memory_type

        content = self.content

        last_accessed_at: None | str | Unset
        if isinstance(self.last_accessed_at, Unset):
            last_accessed_at = UNSET
        else:
            last_accessed_at = self.last_accessed_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "text": text,
            "tags": tags,
            "source": source,
            "created_at": created_at,
            "updated_at": updated_at,
        })
        if key is not UNSET:
            field_dict["key"] = key
        if relevance_score is not UNSET:
            field_dict["relevance_score"] = relevance_score
        if last_used_at is not UNSET:
            field_dict["last_used_at"] = last_used_at
        if score is not UNSET:
            field_dict["score"] = score
        if memory_key is not UNSET:
            field_dict["memory_key"] = memory_key
        if memory_type is not UNSET:
            field_dict["memory_type"] = memory_type
        if content is not UNSET:
            field_dict["content"] = content
        if last_accessed_at is not UNSET:
            field_dict["last_accessed_at"] = last_accessed_at

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.memory_source import MemorySource # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        text = d.pop("text")

        tags = cast(list[str], d.pop("tags"))


        source = MemorySource.from_dict(d.pop("source"))


        def _parse_created_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        created_at = _parse_created_at(d.pop("created_at"))


        def _parse_updated_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        updated_at = _parse_updated_at(d.pop("updated_at"))


        def _parse_key(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        key = _parse_key(d.pop("key", UNSET))


        def _parse_relevance_score(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        relevance_score = _parse_relevance_score(d.pop("relevance_score", UNSET))


        def _parse_last_used_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        last_used_at = _parse_last_used_at(d.pop("last_used_at", UNSET))


        def _parse_score(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        score = _parse_score(d.pop("score", UNSET))


        def _parse_memory_key(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        memory_key = _parse_memory_key(d.pop("memory_key", UNSET))


        def _parse_memory_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        memory_type = _parse_memory_type(d.pop("memory_type", UNSET))


        content = d.pop("content", UNSET)

        def _parse_last_accessed_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        last_accessed_at = _parse_last_accessed_at(d.pop("last_accessed_at", UNSET))


        memory = cls(
            id=id,
            text=text,
            tags=tags,
            source=source,
            created_at=created_at,
            updated_at=updated_at,
            key=key,
            relevance_score=relevance_score,
            last_used_at=last_used_at,
            score=score,
            memory_key=memory_key,
            memory_type=memory_type,
            content=content,
            last_accessed_at=last_accessed_at,
        )


        memory.additional_properties = d
        return memory

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
