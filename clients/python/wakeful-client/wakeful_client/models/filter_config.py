from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="FilterConfig")


@_attrs_define
class FilterConfig:
    """ ``filter_config``. ``min_priority: N`` passes events whose priority is <= N
    (1 is the most urgent, so a smaller number is a stricter filter);
    ``topics`` passes events whose ``payload.topics`` shares at least one topic.

        Attributes:
            min_priority (int | None | Unset):
            topics (list[str] | None | Unset):
     """

    min_priority: int | None | Unset = UNSET
    topics: list[str] | None | Unset = UNSET


    def to_dict(self) -> dict[str, Any]:
        min_priority: int | None | Unset
        if isinstance(self.min_priority, Unset):
            min_priority = UNSET
        else:
            min_priority = self.min_priority

        topics: list[str] | None | Unset
        if isinstance(self.topics, Unset):
            topics = UNSET
        elif isinstance(self.topics, list):
            topics = self.topics


        else:
            topics = self.topics


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if min_priority is not UNSET:
            field_dict["min_priority"] = min_priority
        if topics is not UNSET:
            field_dict["topics"] = topics

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_min_priority(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        min_priority = _parse_min_priority(d.pop("min_priority", UNSET))


        def _parse_topics(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                topics_type_0 = cast(list[str], data)

                return topics_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        topics = _parse_topics(d.pop("topics", UNSET))


        filter_config = cls(
            min_priority=min_priority,
            topics=topics,
        )

        return filter_config
