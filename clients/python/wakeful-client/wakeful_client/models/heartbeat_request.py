from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="HeartbeatRequest")


@_attrs_define
class HeartbeatRequest:
    """``POST /agents/{id}/heartbeats`` body: optional, and empty. The heartbeat is due
    now; a field this route does not know (such as a time) is refused, never ignored.

    """

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        heartbeat_request = cls()

        return heartbeat_request
