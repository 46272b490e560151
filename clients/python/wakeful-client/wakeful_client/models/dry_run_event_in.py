from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.dry_run_event_in_payload import DryRunEventInPayload


T = TypeVar("T", bound="DryRunEventIn")


@_attrs_define
class DryRunEventIn:
    """ One of the agent's new events, as the dry run's model sees it.

        Attributes:
            event_type (str):
            payload (DryRunEventInPayload | Unset):
     """

    event_type: str
    payload: DryRunEventInPayload | Unset = UNSET


    def to_dict(self) -> dict[str, Any]:
        from ..models.dry_run_event_in_payload import DryRunEventInPayload # noqa: PLC0415
        event_type = self.event_type

        payload: dict[str, Any] | Unset = UNSET
        if not isinstance(self.payload, Unset):
            payload = self.payload.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "event_type": event_type,
        })
        if payload is not UNSET:
            field_dict["payload"] = payload

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.dry_run_event_in_payload import DryRunEventInPayload # noqa: PLC0415
        d = dict(src_dict)
        event_type = d.pop("event_type")

        _payload = d.pop("payload", UNSET)
        payload: DryRunEventInPayload | Unset
        if isinstance(_payload,  Unset):
            payload = UNSET
        else:
            payload = DryRunEventInPayload.from_dict(_payload)


        dry_run_event_in = cls(
            event_type=event_type,
            payload=payload,
        )

        return dry_run_event_in
