from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast


T = TypeVar("T", bound="InterceptorCreated")


@_attrs_define
class InterceptorCreated:
    """ A new interceptor and its signing secret (shown only in this answer).

        Attributes:
            id (str):
            agent_id (str):
            endpoint_url (str):
            events (list[str]):
            timeout_ms (int):
            on_failure (str): allow or deny
            is_active (bool):
            created_at (None | str):
            updated_at (None | str):
            secret (str):
     """

    id: str
    agent_id: str
    endpoint_url: str
    events: list[str]
    timeout_ms: int
    on_failure: str
    is_active: bool
    created_at: None | str
    updated_at: None | str
    secret: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        id = self.id

        agent_id = self.agent_id

        endpoint_url = self.endpoint_url

        events = self.events


        timeout_ms = self.timeout_ms

        on_failure = self.on_failure

        is_active = self.is_active

        created_at: None | str
        created_at = self.created_at

        updated_at: None | str
        updated_at = self.updated_at

        secret = self.secret


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "agent_id": agent_id,
            "endpoint_url": endpoint_url,
            "events": events,
            "timeout_ms": timeout_ms,
            "on_failure": on_failure,
            "is_active": is_active,
            "created_at": created_at,
            "updated_at": updated_at,
            "secret": secret,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        agent_id = d.pop("agent_id")

        endpoint_url = d.pop("endpoint_url")

        events = cast(list[str], d.pop("events"))


        timeout_ms = d.pop("timeout_ms")

        on_failure = d.pop("on_failure")

        is_active = d.pop("is_active")

        def _parse_created_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        created_at = _parse_created_at(d.pop("created_at"))


        def _parse_updated_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        updated_at = _parse_updated_at(d.pop("updated_at"))


        secret = d.pop("secret")

        interceptor_created = cls(
            id=id,
            agent_id=agent_id,
            endpoint_url=endpoint_url,
            events=events,
            timeout_ms=timeout_ms,
            on_failure=on_failure,
            is_active=is_active,
            created_at=created_at,
            updated_at=updated_at,
            secret=secret,
        )


        interceptor_created.additional_properties = d
        return interceptor_created

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
