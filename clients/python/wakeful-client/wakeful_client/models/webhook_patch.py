from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="WebhookPatch")


@_attrs_define
class WebhookPatch:
    """ ``PATCH /agents/{id}/webhooks/{webhook_id}`` body: any subset.
    ``allowed_event_types: null`` allows every type again; the other fields always
    have a value.

        Attributes:
            is_active (bool | Unset):
            allowed_event_types (list[str] | None | Unset):
            rate_limit_per_hour (int | Unset):
     """

    is_active: bool | Unset = UNSET
    allowed_event_types: list[str] | None | Unset = UNSET
    rate_limit_per_hour: int | Unset = UNSET


    def to_dict(self) -> dict[str, Any]:
        is_active = self.is_active

        allowed_event_types: list[str] | None | Unset
        if isinstance(self.allowed_event_types, Unset):
            allowed_event_types = UNSET
        elif isinstance(self.allowed_event_types, list):
            allowed_event_types = self.allowed_event_types


        else:
            allowed_event_types = self.allowed_event_types

        rate_limit_per_hour = self.rate_limit_per_hour


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if is_active is not UNSET:
            field_dict["is_active"] = is_active
        if allowed_event_types is not UNSET:
            field_dict["allowed_event_types"] = allowed_event_types
        if rate_limit_per_hour is not UNSET:
            field_dict["rate_limit_per_hour"] = rate_limit_per_hour

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        is_active = d.pop("is_active", UNSET)

        def _parse_allowed_event_types(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                allowed_event_types_type_0 = cast(list[str], data)

                return allowed_event_types_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        allowed_event_types = _parse_allowed_event_types(d.pop("allowed_event_types", UNSET))


        rate_limit_per_hour = d.pop("rate_limit_per_hour", UNSET)

        webhook_patch = cls(
            is_active=is_active,
            allowed_event_types=allowed_event_types,
            rate_limit_per_hour=rate_limit_per_hour,
        )

        return webhook_patch
