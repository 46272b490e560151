from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.interceptor_patch_events_item import InterceptorPatchEventsItem
from ..models.interceptor_patch_on_failure import InterceptorPatchOnFailure
from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="InterceptorPatch")


@_attrs_define
class InterceptorPatch:
    """ ``PATCH /agents/{id}/interceptors/{interceptor_id}`` body: any subset of the
    fields (each always has a value: none may be null).

        Attributes:
            endpoint_url (str | Unset):
            events (list[InterceptorPatchEventsItem] | Unset):
            timeout_ms (int | Unset):
            on_failure (InterceptorPatchOnFailure | Unset):
            is_active (bool | Unset):
     """

    endpoint_url: str | Unset = UNSET
    events: list[InterceptorPatchEventsItem] | Unset = UNSET
    timeout_ms: int | Unset = UNSET
    on_failure: InterceptorPatchOnFailure | Unset = UNSET
    is_active: bool | Unset = UNSET


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
        })
        if endpoint_url is not UNSET:
            field_dict["endpoint_url"] = endpoint_url
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
        endpoint_url = d.pop("endpoint_url", UNSET)

        _events = d.pop("events", UNSET)
        events: list[InterceptorPatchEventsItem] | Unset = UNSET
        if _events is not UNSET:
            events = []
            for events_item_data in _events:
                events_item = InterceptorPatchEventsItem(events_item_data)


                events.append(events_item)


        timeout_ms = d.pop("timeout_ms", UNSET)

        _on_failure = d.pop("on_failure", UNSET)
        on_failure: InterceptorPatchOnFailure | Unset
        if isinstance(_on_failure,  Unset):
            on_failure = UNSET
        else:
            on_failure = InterceptorPatchOnFailure(_on_failure)


        is_active = d.pop("is_active", UNSET)

        interceptor_patch = cls(
            endpoint_url=endpoint_url,
            events=events,
            timeout_ms=timeout_ms,
            on_failure=on_failure,
            is_active=is_active,
        )

        return interceptor_patch
