from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast


T = TypeVar("T", bound="WebhookRotated")


@_attrs_define
class WebhookRotated:
    """ The new secret; the previous one stays valid until previous_secret_expires_at.

        Attributes:
            id (str):
            secret (str):
            previous_secret_expires_at (None | str):
     """

    id: str
    secret: str
    previous_secret_expires_at: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        id = self.id

        secret = self.secret

        previous_secret_expires_at: None | str
        previous_secret_expires_at = self.previous_secret_expires_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "secret": secret,
            "previous_secret_expires_at": previous_secret_expires_at,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        secret = d.pop("secret")

        def _parse_previous_secret_expires_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        previous_secret_expires_at = _parse_previous_secret_expires_at(d.pop("previous_secret_expires_at"))


        webhook_rotated = cls(
            id=id,
            secret=secret,
            previous_secret_expires_at=previous_secret_expires_at,
        )


        webhook_rotated.additional_properties = d
        return webhook_rotated

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
