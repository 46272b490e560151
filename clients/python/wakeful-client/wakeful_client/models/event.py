from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.event_metadata_type_0 import EventMetadataType0
  from ..models.event_payload import EventPayload


T = TypeVar("T", bound="Event")


@_attrs_define
class Event:
    """ An event of an agent's log (immutable).

        Attributes:
            id (str):
            seq (int): Per agent, from 1, without gaps
            event_type (str):
            payload (EventPayload):
            priority (int): 1 most urgent … 10
            source (str): api, webhook, sqs, tool, ...
            metadata (EventMetadataType0 | None):
            created_at (str):
            parent_action_id (None | str | Unset): The action whose tool answered this event, if any
     """

    id: str
    seq: int
    event_type: str
    payload: EventPayload
    priority: int
    source: str
    metadata: EventMetadataType0 | None
    created_at: str
    parent_action_id: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.event_metadata_type_0 import EventMetadataType0 # noqa: PLC0415
        from ..models.event_payload import EventPayload # noqa: PLC0415
        id = self.id

        seq = self.seq

        event_type = self.event_type

        payload = self.payload.to_dict()

        priority = self.priority

        source = self.source

        metadata: dict[str, Any] | None
        if isinstance(self.metadata, EventMetadataType0):
            metadata = self.metadata.to_dict()
        else:
            metadata = self.metadata

        created_at = self.created_at

        parent_action_id: None | str | Unset
        if isinstance(self.parent_action_id, Unset):
            parent_action_id = UNSET
        else:
            parent_action_id = self.parent_action_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "seq": seq,
            "event_type": event_type,
            "payload": payload,
            "priority": priority,
            "source": source,
            "metadata": metadata,
            "created_at": created_at,
        })
        if parent_action_id is not UNSET:
            field_dict["parent_action_id"] = parent_action_id

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event_metadata_type_0 import EventMetadataType0 # noqa: PLC0415
        from ..models.event_payload import EventPayload # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        seq = d.pop("seq")

        event_type = d.pop("event_type")

        payload = EventPayload.from_dict(d.pop("payload"))


        priority = d.pop("priority")

        source = d.pop("source")

        def _parse_metadata(data: object) -> EventMetadataType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                metadata_type_0 = EventMetadataType0.from_dict(data)


                return metadata_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EventMetadataType0 | None, data)

        metadata = _parse_metadata(d.pop("metadata"))


        created_at = d.pop("created_at")

        def _parse_parent_action_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        parent_action_id = _parse_parent_action_id(d.pop("parent_action_id", UNSET))


        event = cls(
            id=id,
            seq=seq,
            event_type=event_type,
            payload=payload,
            priority=priority,
            source=source,
            metadata=metadata,
            created_at=created_at,
            parent_action_id=parent_action_id,
        )


        event.additional_properties = d
        return event

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
