from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.ingest_message_metadata_type_0 import IngestMessageMetadataType0
  from ..models.ingest_message_payload import IngestMessagePayload


T = TypeVar("T", bound="IngestMessage")


@_attrs_define
class IngestMessage:
    """ The body of a message sent to the ingest queue (stack output ``IngestQueueUrl``).

        Attributes:
            agent_id (str): The agent whose log receives the event
            event_type (str):
            payload (IngestMessagePayload):
            priority (int | Unset):  Default: 5.
            source (str | Unset):  Default: 'sqs'.
            metadata (IngestMessageMetadataType0 | None | Unset):
            idempotency_key (None | str | Unset): Appended once per key (else once per SQS message id)
     """

    agent_id: str
    event_type: str
    payload: IngestMessagePayload
    priority: int | Unset = 5
    source: str | Unset = 'sqs'
    metadata: IngestMessageMetadataType0 | None | Unset = UNSET
    idempotency_key: None | str | Unset = UNSET


    def to_dict(self) -> dict[str, Any]:
        from ..models.ingest_message_metadata_type_0 import IngestMessageMetadataType0 # noqa: PLC0415
        from ..models.ingest_message_payload import IngestMessagePayload # noqa: PLC0415
        agent_id = self.agent_id

        event_type = self.event_type

        payload = self.payload.to_dict()

        priority = self.priority

        source = self.source

        metadata: dict[str, Any] | None | Unset
        if isinstance(self.metadata, Unset):
            metadata = UNSET
        elif isinstance(self.metadata, IngestMessageMetadataType0):
            metadata = self.metadata.to_dict()
        else:
            metadata = self.metadata

        idempotency_key: None | str | Unset
        if isinstance(self.idempotency_key, Unset):
            idempotency_key = UNSET
        else:
            idempotency_key = self.idempotency_key


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "agent_id": agent_id,
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

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ingest_message_metadata_type_0 import IngestMessageMetadataType0 # noqa: PLC0415
        from ..models.ingest_message_payload import IngestMessagePayload # noqa: PLC0415
        d = dict(src_dict)
        agent_id = d.pop("agent_id")

        event_type = d.pop("event_type")

        payload = IngestMessagePayload.from_dict(d.pop("payload"))


        priority = d.pop("priority", UNSET)

        source = d.pop("source", UNSET)

        def _parse_metadata(data: object) -> IngestMessageMetadataType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                metadata_type_0 = IngestMessageMetadataType0.from_dict(data)


                return metadata_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(IngestMessageMetadataType0 | None | Unset, data)

        metadata = _parse_metadata(d.pop("metadata", UNSET))


        def _parse_idempotency_key(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        idempotency_key = _parse_idempotency_key(d.pop("idempotency_key", UNSET))


        ingest_message = cls(
            agent_id=agent_id,
            event_type=event_type,
            payload=payload,
            priority=priority,
            source=source,
            metadata=metadata,
            idempotency_key=idempotency_key,
        )

        return ingest_message
