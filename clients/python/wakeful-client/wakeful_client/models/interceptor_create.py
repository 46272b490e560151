from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.interceptor_create_events_item import InterceptorCreateEventsItem
from ..models.interceptor_create_on_failure import InterceptorCreateOnFailure
from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="InterceptorCreate")


@_attrs_define
class InterceptorCreate:
    """ ``POST /agents/{id}/interceptors`` body.

        Attributes:
            endpoint_url (str): Called synchronously at every step it listens to
            events (list[InterceptorCreateEventsItem] | Unset): The event types sent to it: "message", "tool_call"
            timeout_ms (int | Unset): How long a step waits for the answer Default: 3000.
            on_failure (InterceptorCreateOnFailure | Unset): What a step does when the interceptor fails (timeout, non-2xx,
                invalid answer) Default: InterceptorCreateOnFailure.DENY.
            is_active (bool | Unset): At most one interceptor of an agent may be active Default: True.
     """

    endpoint_url: str
    events: list[InterceptorCreateEventsItem] | Unset = UNSET
    timeout_ms: int | Unset = 3000
    on_failure: InterceptorCreateOnFailure | Unset = InterceptorCreateOnFailure.DENY
    is_active: bool | Unset = True


    def to_dict(self) -> dict[str, Any]:
        endpoint_url = self.endpoint_url

        events: list[str] | Unset = UNSET
        if not isinstance(self.events, Unset):
            events = []
            for events_item_data in self.events:
                events_item = events_item_data.value
                events.append(events_item)


        timeout_ms = self.timeout_ms

        on_failure: str | Unset = UNSET
        if not isinstance(self.on_failure, Unset):
            on_failure = self.on_failure.value


        is_active = self.is_active


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "endpoint_url": endpoint_url,
        })
        if events is not UNSET:
            field_dict["events"] = events
        if timeout_ms is not UNSET:
            field_dict["timeout_ms"] = timeout_ms
        if on_failure is not UNSET:
            field_dict["on_failure"] = on_failure
        if is_active is not UNSET:
            field_dict["is_active"] = is_active

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        endpoint_url = d.pop("endpoint_url")

        _events = d.pop("events", UNSET)
        events: list[InterceptorCreateEventsItem] | Unset = UNSET
        if _events is not UNSET:
            events = []
            for events_item_data in _events:
                events_item = InterceptorCreateEventsItem(events_item_data)


                events.append(events_item)


        timeout_ms = d.pop("timeout_ms", UNSET)

        _on_failure = d.pop("on_failure", UNSET)
        on_failure: InterceptorCreateOnFailure | Unset
        if isinstance(_on_failure,  Unset):
            on_failure = UNSET
        else:
            on_failure = InterceptorCreateOnFailure(_on_failure)


        is_active = d.pop("is_active", UNSET)

        interceptor_create = cls(
            endpoint_url=endpoint_url,
            events=events,
            timeout_ms=timeout_ms,
            on_failure=on_failure,
            is_active=is_active,
        )

        return interceptor_create
