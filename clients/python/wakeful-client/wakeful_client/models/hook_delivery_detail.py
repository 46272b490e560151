from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.hook_delivery_detail_payload import HookDeliveryDetailPayload


T = TypeVar("T", bound="HookDeliveryDetail")


@_attrs_define
class HookDeliveryDetail:
    """ One delivery and the body it sends on every attempt and replay.

        Attributes:
            id (str):
            hook_id (str):
            hook_type (None | str):
            kind (str):
            status (str):
            attempts (int):
            replays (int):
            last_status_code (int | None):
            error_message (None | str):
            heartbeat_id (None | str):
            action_id (None | str):
            created_at (None | str):
            completed_at (None | str):
            payload (HookDeliveryDetailPayload): The HookPayload this delivery sends, as sent
     """

    id: str
    hook_id: str
    hook_type: None | str
    kind: str
    status: str
    attempts: int
    replays: int
    last_status_code: int | None
    error_message: None | str
    heartbeat_id: None | str
    action_id: None | str
    created_at: None | str
    completed_at: None | str
    payload: HookDeliveryDetailPayload
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.hook_delivery_detail_payload import HookDeliveryDetailPayload # noqa: PLC0415
        id = self.id

        hook_id = self.hook_id

        hook_type: None | str
        hook_type = self.hook_type

        kind = self.kind

        status = self.status

        attempts = self.attempts

        replays = self.replays

        last_status_code: int | None
        last_status_code = self.last_status_code

        error_message: None | str
        error_message = self.error_message

        heartbeat_id: None | str
        heartbeat_id = self.heartbeat_id

        action_id: None | str
        action_id = self.action_id

        created_at: None | str
        created_at = self.created_at

        completed_at: None | str
        completed_at = self.completed_at

        payload = self.payload.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "hook_id": hook_id,
            "hook_type": hook_type,
            "kind": kind,
            "status": status,
            "attempts": attempts,
            "replays": replays,
            "last_status_code": last_status_code,
            "error_message": error_message,
            "heartbeat_id": heartbeat_id,
            "action_id": action_id,
            "created_at": created_at,
            "completed_at": completed_at,
            "payload": payload,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.hook_delivery_detail_payload import HookDeliveryDetailPayload # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        hook_id = d.pop("hook_id")

        def _parse_hook_type(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        hook_type = _parse_hook_type(d.pop("hook_type"))


        kind = d.pop("kind")

        status = d.pop("status")

        attempts = d.pop("attempts")

        replays = d.pop("replays")

        def _parse_last_status_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        last_status_code = _parse_last_status_code(d.pop("last_status_code"))


        def _parse_error_message(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error_message = _parse_error_message(d.pop("error_message"))


        def _parse_heartbeat_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        heartbeat_id = _parse_heartbeat_id(d.pop("heartbeat_id"))


        def _parse_action_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        action_id = _parse_action_id(d.pop("action_id"))


        def _parse_created_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        created_at = _parse_created_at(d.pop("created_at"))


        def _parse_completed_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        completed_at = _parse_completed_at(d.pop("completed_at"))


        payload = HookDeliveryDetailPayload.from_dict(d.pop("payload"))


        hook_delivery_detail = cls(
            id=id,
            hook_id=hook_id,
            hook_type=hook_type,
            kind=kind,
            status=status,
            attempts=attempts,
            replays=replays,
            last_status_code=last_status_code,
            error_message=error_message,
            heartbeat_id=heartbeat_id,
            action_id=action_id,
            created_at=created_at,
            completed_at=completed_at,
            payload=payload,
        )


        hook_delivery_detail.additional_properties = d
        return hook_delivery_detail

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
