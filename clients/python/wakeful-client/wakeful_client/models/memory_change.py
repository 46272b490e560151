from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="MemoryChange")


@_attrs_define
class MemoryChange:
    """ One change a consolidation made.

        Attributes:
            op (str): added | merged | updated | removed
            memory_id (str):
            text (None | str | Unset):
            from_ids (list[str] | None | Unset):
     """

    op: str
    memory_id: str
    text: None | str | Unset = UNSET
    from_ids: list[str] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        op = self.op

        memory_id = self.memory_id

        text: None | str | Unset
        if isinstance(self.text, Unset):
            text = UNSET
        else:
            text = self.text

        from_ids: list[str] | None | Unset
        if isinstance(self.from_ids, Unset):
            from_ids = UNSET
        elif isinstance(self.from_ids, list):
            from_ids = self.from_ids


        else:
            from_ids = self.from_ids


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "op": op,
            "memory_id": memory_id,
        })
        if text is not UNSET:
            field_dict["text"] = text
        if from_ids is not UNSET:
            field_dict["from_ids"] = from_ids

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        op = d.pop("op")

        memory_id = d.pop("memory_id")

        def _parse_text(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        text = _parse_text(d.pop("text", UNSET))


        def _parse_from_ids(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                from_ids_type_0 = cast(list[str], data)

                return from_ids_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        from_ids = _parse_from_ids(d.pop("from_ids", UNSET))


        memory_change = cls(
            op=op,
            memory_id=memory_id,
            text=text,
            from_ids=from_ids,
        )


        memory_change.additional_properties = d
        return memory_change

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
