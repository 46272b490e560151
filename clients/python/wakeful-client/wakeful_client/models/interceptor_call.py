from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="InterceptorCall")


@_attrs_define
class InterceptorCall:
    """ One call of an interceptor.

        Attributes:
            id (str):
            event_id (str):
            event_type (str):
            thread_id (None | str):
            decision (str): continue, mutate, respond, deny or failed
            latency_ms (float | None):
            status_code (int | None):
            called_at (None | str):
            error (None | str | Unset):
            on_failure (None | str | Unset):
     """

    id: str
    event_id: str
    event_type: str
    thread_id: None | str
    decision: str
    latency_ms: float | None
    status_code: int | None
    called_at: None | str
    error: None | str | Unset = UNSET
    on_failure: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        id = self.id

        event_id = self.event_id

        event_type = self.event_type

        thread_id: None | str
        thread_id = self.thread_id

        decision = self.decision

        latency_ms: float | None
        latency_ms = self.latency_ms

        status_code: int | None
        status_code = self.status_code

        called_at: None | str
        called_at = self.called_at

        error: None | str | Unset
        if isinstance(self.error, Unset):
            error = UNSET
        else:
            error = self.error

        on_failure: None | str | Unset
        if isinstance(self.on_failure, Unset):
            on_failure = UNSET
        else:
            on_failure = self.on_failure


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "event_id": event_id,
            "event_type": event_type,
            "thread_id": thread_id,
            "decision": decision,
            "latency_ms": latency_ms,
            "status_code": status_code,
            "called_at": called_at,
        })
        if error is not UNSET:
            field_dict["error"] = error
        if on_failure is not UNSET:
            field_dict["on_failure"] = on_failure

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        event_id = d.pop("event_id")

        event_type = d.pop("event_type")

        def _parse_thread_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        thread_id = _parse_thread_id(d.pop("thread_id"))


        decision = d.pop("decision")

        def _parse_latency_ms(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        latency_ms = _parse_latency_ms(d.pop("latency_ms"))


        def _parse_status_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        status_code = _parse_status_code(d.pop("status_code"))


        def _parse_called_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        called_at = _parse_called_at(d.pop("called_at"))


        def _parse_error(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        error = _parse_error(d.pop("error", UNSET))


        def _parse_on_failure(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        on_failure = _parse_on_failure(d.pop("on_failure", UNSET))


        interceptor_call = cls(
            id=id,
            event_id=event_id,
            event_type=event_type,
            thread_id=thread_id,
            decision=decision,
            latency_ms=latency_ms,
            status_code=status_code,
            called_at=called_at,
            error=error,
            on_failure=on_failure,
        )


        interceptor_call.additional_properties = d
        return interceptor_call

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
