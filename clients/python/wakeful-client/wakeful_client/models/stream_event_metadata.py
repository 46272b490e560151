from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset


T = TypeVar("T", bound="StreamEventMetadata")


@_attrs_define
class StreamEventMetadata:
    """ Where and when a stream event happened.

        Attributes:
            agent_id (str):
            thread_id (str):
            run_id (str):
            created_at (str):
     """

    agent_id: str
    thread_id: str
    run_id: str
    created_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        agent_id = self.agent_id

        thread_id = self.thread_id

        run_id = self.run_id

        created_at = self.created_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "agent_id": agent_id,
            "thread_id": thread_id,
            "run_id": run_id,
            "created_at": created_at,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        agent_id = d.pop("agent_id")

        thread_id = d.pop("thread_id")

        run_id = d.pop("run_id")

        created_at = d.pop("created_at")

        stream_event_metadata = cls(
            agent_id=agent_id,
            thread_id=thread_id,
            run_id=run_id,
            created_at=created_at,
        )


        stream_event_metadata.additional_properties = d
        return stream_event_metadata

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
