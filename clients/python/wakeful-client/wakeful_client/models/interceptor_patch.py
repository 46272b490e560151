from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.interceptor_patch_events_type_0_item import InterceptorPatchEventsType0Item
from ..models.interceptor_patch_on_failure_type_0 import InterceptorPatchOnFailureType0
from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="InterceptorPatch")


@_attrs_define
class InterceptorPatch:
    """ ``PATCH /agents/{id}/interceptors/{interceptor_id}`` body: any subset of the fields.

        Attributes:
            endpoint_url (None | str | Unset):
            events (list[InterceptorPatchEventsType0Item] | None | Unset):
            timeout_ms (int | None | Unset):
            on_failure (InterceptorPatchOnFailureType0 | None | Unset):
            is_active (bool | None | Unset):
     """

    endpoint_url: None | str | Unset = UNSET
    events: list[InterceptorPatchEventsType0Item] | None | Unset = UNSET
    timeout_ms: int | None | Unset = UNSET
    on_failure: InterceptorPatchOnFailureType0 | None | Unset = UNSET
    is_active: bool | None | Unset = UNSET


    def to_dict(self) -> dict[str, Any]:
        endpoint_url: None | str | Unset
        if isinstance(self.endpoint_url, Unset):
            endpoint_url = UNSET
        else:
            endpoint_url = self.endpoint_url

        events: list[str] | None | Unset
        if isinstance(self.events, Unset):
            events = UNSET
        elif isinstance(self.events, list):
            events = []
            for events_type_0_item_data in self.events:
                events_type_0_item = events_type_0_item_data.value
                events.append(events_type_0_item)


        else:
            events = self.events

        timeout_ms: int | None | Unset
        if isinstance(self.timeout_ms, Unset):
            timeout_ms = UNSET
        else:
            timeout_ms = self.timeout_ms

        on_failure: None | str | Unset
        if isinstance(self.on_failure, Unset):
            on_failure = UNSET
        elif isinstance(self.on_failure, InterceptorPatchOnFailureType0):
            on_failure = self.on_failure.value
        else:
            on_failure = self.on_failure

        is_active: bool | None | Unset
        if isinstance(self.is_active, Unset):
            is_active = UNSET
        else:
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
        def _parse_endpoint_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        endpoint_url = _parse_endpoint_url(d.pop("endpoint_url", UNSET))


        def _parse_events(data: object) -> list[InterceptorPatchEventsType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                events_type_0 = []
                _events_type_0 = data
                for events_type_0_item_data in (_events_type_0):
                    events_type_0_item = InterceptorPatchEventsType0Item(events_type_0_item_data)


                    events_type_0.append(events_type_0_item)

                return events_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[InterceptorPatchEventsType0Item] | None | Unset, data)

        events = _parse_events(d.pop("events", UNSET))


        def _parse_timeout_ms(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        timeout_ms = _parse_timeout_ms(d.pop("timeout_ms", UNSET))


        def _parse_on_failure(data: object) -> InterceptorPatchOnFailureType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                on_failure_type_0 = InterceptorPatchOnFailureType0(data)


                return on_failure_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(InterceptorPatchOnFailureType0 | None | Unset, data)

        on_failure = _parse_on_failure(d.pop("on_failure", UNSET))


        def _parse_is_active(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        is_active = _parse_is_active(d.pop("is_active", UNSET))


        interceptor_patch = cls(
            endpoint_url=endpoint_url,
            events=events,
            timeout_ms=timeout_ms,
            on_failure=on_failure,
            is_active=is_active,
        )

        return interceptor_patch
