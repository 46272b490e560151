from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.broadcast_in_metadata_type_0 import BroadcastInMetadataType0
  from ..models.broadcast_in_payload import BroadcastInPayload


T = TypeVar("T", bound="BroadcastIn")


@_attrs_define
class BroadcastIn:
    """ ``POST /events/broadcast`` body: one event for many agents of the owner.

        Attributes:
            event_type (str): A letter, then letters, digits or underscores (case-sensitive)
            payload (BroadcastInPayload): Event-specific data (a JSON object)
            priority (int | Unset): 1 is the most urgent, 10 the least Default: 5.
            source (str | Unset):  Default: 'api'.
            metadata (BroadcastInMetadataType0 | None | Unset):
            idempotency_key (None | str | Unset): The same key again (within 24 h) appends nothing more
            agent_ids (list[str] | None | Unset): The agents to append to (default: every active agent of yours)
     """

    event_type: str
    payload: BroadcastInPayload
    priority: int | Unset = 5
    source: str | Unset = 'api'
    metadata: BroadcastInMetadataType0 | None | Unset = UNSET
    idempotency_key: None | str | Unset = UNSET
    agent_ids: list[str] | None | Unset = UNSET


    def to_dict(self) -> dict[str, Any]:
        from ..models.broadcast_in_metadata_type_0 import BroadcastInMetadataType0 # noqa: PLC0415
        from ..models.broadcast_in_payload import BroadcastInPayload # noqa: PLC0415
        event_type = self.event_type

        payload = self.payload.to_dict()

        priority = self.priority

        source = self.source

        metadata: dict[str, Any] | None | Unset
        if isinstance(self.metadata, Unset):
            metadata = UNSET
        elif isinstance(self.metadata, BroadcastInMetadataType0):
            metadata = self.metadata.to_dict()
        else:
            metadata = self.metadata

        idempotency_key: None | str | Unset
        if isinstance(self.idempotency_key, Unset):
            idempotency_key = UNSET
        else:
            idempotency_key = self.idempotency_key

        agent_ids: list[str] | None | Unset
        if isinstance(self.agent_ids, Unset):
            agent_ids = UNSET
        elif isinstance(self.agent_ids, list):
            agent_ids = self.agent_ids


        else:
            agent_ids = self.agent_ids


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "event_type": event_type,
            "payload": payload,
        })
        if priority is not UNSET:
            field_dict["priority"] = priority
        if source is not UNSET:
            field_dict["source"] = source
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if idempotency_key is not UNSET:
            field_dict["idempotency_key"] = idempotency_key
        if agent_ids is not UNSET:
            field_dict["agent_ids"] = agent_ids

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.broadcast_in_metadata_type_0 import BroadcastInMetadataType0 # noqa: PLC0415
        from ..models.broadcast_in_payload import BroadcastInPayload # noqa: PLC0415
        d = dict(src_dict)
        event_type = d.pop("event_type")

        payload = BroadcastInPayload.from_dict(d.pop("payload"))


        priority = d.pop("priority", UNSET)

        source = d.pop("source", UNSET)

        def _parse_metadata(data: object) -> BroadcastInMetadataType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                metadata_type_0 = BroadcastInMetadataType0.from_dict(data)


                return metadata_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BroadcastInMetadataType0 | None | Unset, data)

        metadata = _parse_metadata(d.pop("metadata", UNSET))


        def _parse_idempotency_key(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        idempotency_key = _parse_idempotency_key(d.pop("idempotency_key", UNSET))


        def _parse_agent_ids(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                agent_ids_type_0 = cast(list[str], data)

                return agent_ids_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        agent_ids = _parse_agent_ids(d.pop("agent_ids", UNSET))


        broadcast_in = cls(
            event_type=event_type,
            payload=payload,
            priority=priority,
            source=source,
            metadata=metadata,
            idempotency_key=idempotency_key,
            agent_ids=agent_ids,
        )

        return broadcast_in
