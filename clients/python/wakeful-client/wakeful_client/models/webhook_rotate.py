from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="WebhookRotate")


@_attrs_define
class WebhookRotate:
    """ ``POST /agents/{id}/webhooks/{webhook_id}/rotate`` body (optional).

        Attributes:
            overlap_seconds (int | Unset): How long the old secret stays valid (default 24 h; 0 revokes it at once, e.g.
                after a leak) Default: 86400.
            secret (None | str | Unset): `stripe` (required); `github`, `alertmanager`, `grafana` (optional): the new secret
                the sender signs or sends
     """

    overlap_seconds: int | Unset = 86400
    secret: None | str | Unset = UNSET


    def to_dict(self) -> dict[str, Any]:
        overlap_seconds = self.overlap_seconds

        secret: None | str | Unset
        if isinstance(self.secret, Unset):
            secret = UNSET
        else:
            secret = self.secret


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if overlap_seconds is not UNSET:
            field_dict["overlap_seconds"] = overlap_seconds
        if secret is not UNSET:
            field_dict["secret"] = secret

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        overlap_seconds = d.pop("overlap_seconds", UNSET)

        def _parse_secret(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        secret = _parse_secret(d.pop("secret", UNSET))


        webhook_rotate = cls(
            overlap_seconds=overlap_seconds,
            secret=secret,
        )

        return webhook_rotate
