from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast


T = TypeVar("T", bound="HookExecution")


@_attrs_define
class HookExecution:
    """ One delivery attempt.

        Attributes:
            id (str):
            hook_id (str):
            delivery_id (str):
            hook_type (None | str):
            retry_count (int):
            replay (int):
            status (str): SUCCESS, FAILED, TIMEOUT or RETRYING
            status_code (int | None):
            response_body (None | str):
            error_message (None | str):
            execution_time_ms (float | None):
            heartbeat_id (None | str):
            action_id (None | str):
            executed_at (None | str):
            next_retry_in_ms (int | None):
     """

    id: str
    hook_id: str
    delivery_id: str
    hook_type: None | str
    retry_count: int
    replay: int
    status: str
    status_code: int | None
    response_body: None | str
    error_message: None | str
    execution_time_ms: float | None
    heartbeat_id: None | str
    action_id: None | str
    executed_at: None | str
    next_retry_in_ms: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        id = self.id

        hook_id = self.hook_id

        delivery_id = self.delivery_id

        hook_type: None | str
        hook_type = self.hook_type

        retry_count = self.retry_count

        replay = self.replay

        status = self.status

        status_code: int | None
        status_code = self.status_code

        response_body: None | str
        response_body = self.response_body

        error_message: None | str
        error_message = self.error_message

        execution_time_ms: float | None
        execution_time_ms = self.execution_time_ms

        heartbeat_id: None | str
        heartbeat_id = self.heartbeat_id

        action_id: None | str
        action_id = self.action_id

        executed_at: None | str
        executed_at = self.executed_at

        next_retry_in_ms: int | None
        next_retry_in_ms = self.next_retry_in_ms


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "hook_id": hook_id,
            "delivery_id": delivery_id,
            "hook_type": hook_type,
            "retry_count": retry_count,
            "replay": replay,
            "status": status,
            "status_code": status_code,
            "response_body": response_body,
            "error_message": error_message,
            "execution_time_ms": execution_time_ms,
            "heartbeat_id": heartbeat_id,
            "action_id": action_id,
            "executed_at": executed_at,
            "next_retry_in_ms": next_retry_in_ms,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        hook_id = d.pop("hook_id")

        delivery_id = d.pop("delivery_id")

        def _parse_hook_type(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        hook_type = _parse_hook_type(d.pop("hook_type"))


        retry_count = d.pop("retry_count")

        replay = d.pop("replay")

        status = d.pop("status")

        def _parse_status_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        status_code = _parse_status_code(d.pop("status_code"))


        def _parse_response_body(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        response_body = _parse_response_body(d.pop("response_body"))


        def _parse_error_message(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error_message = _parse_error_message(d.pop("error_message"))


        def _parse_execution_time_ms(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        execution_time_ms = _parse_execution_time_ms(d.pop("execution_time_ms"))


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


        def _parse_executed_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        executed_at = _parse_executed_at(d.pop("executed_at"))


        def _parse_next_retry_in_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        next_retry_in_ms = _parse_next_retry_in_ms(d.pop("next_retry_in_ms"))


        hook_execution = cls(
            id=id,
            hook_id=hook_id,
            delivery_id=delivery_id,
            hook_type=hook_type,
            retry_count=retry_count,
            replay=replay,
            status=status,
            status_code=status_code,
            response_body=response_body,
            error_message=error_message,
            execution_time_ms=execution_time_ms,
            heartbeat_id=heartbeat_id,
            action_id=action_id,
            executed_at=executed_at,
            next_retry_in_ms=next_retry_in_ms,
        )


        hook_execution.additional_properties = d
        return hook_execution

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
