from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="Memory")


@_attrs_define
class Memory:
    """ One of an agent's memories.

        Attributes:
            memory_key (str):
            memory_type (None | str):
            relevance_score (float):
            created_at (None | str):
            updated_at (None | str):
            last_accessed_at (None | str):
            content (Any | Unset):
     """

    memory_key: str
    memory_type: None | str
    relevance_score: float
    created_at: None | str
    updated_at: None | str
    last_accessed_at: None | str
    content: Any | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        memory_key = self.memory_key

        memory_type: None | str
        memory_type = self.memory_type

        relevance_score = self.relevance_score

        created_at: None | str
        created_at = self.created_at

        updated_at: None | str
        updated_at = self.updated_at

        last_accessed_at: None | str
        last_accessed_at = self.last_accessed_at

        content = self.content


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "memory_key": memory_key,
            "memory_type": memory_type,
            "relevance_score": relevance_score,
            "created_at": created_at,
            "updated_at": updated_at,
            "last_accessed_at": last_accessed_at,
        })
        if content is not UNSET:
            field_dict["content"] = content

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        memory_key = d.pop("memory_key")

        def _parse_memory_type(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        memory_type = _parse_memory_type(d.pop("memory_type"))


        relevance_score = d.pop("relevance_score")

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


        def _parse_last_accessed_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_accessed_at = _parse_last_accessed_at(d.pop("last_accessed_at"))


        content = d.pop("content", UNSET)

        memory = cls(
            memory_key=memory_key,
            memory_type=memory_type,
            relevance_score=relevance_score,
            created_at=created_at,
            updated_at=updated_at,
            last_accessed_at=last_accessed_at,
            content=content,
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
