from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset


T = TypeVar("T", bound="RetryConfig")


@_attrs_define
class RetryConfig:
    """ How often and how long a delivery is tried.

        Attributes:
            max_retries (int | Unset): Retries after the first attempt Default: 3.
            timeout_ms (int | Unset): Per-attempt answer deadline Default: 5000.
     """

    max_retries: int | Unset = 3
    timeout_ms: int | Unset = 5000


    def to_dict(self) -> dict[str, Any]:
        max_retries = self.max_retries

        timeout_ms = self.timeout_ms


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if max_retries is not UNSET:
            field_dict["max_retries"] = max_retries
        if timeout_ms is not UNSET:
            field_dict["timeout_ms"] = timeout_ms

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        max_retries = d.pop("max_retries", UNSET)

        timeout_ms = d.pop("timeout_ms", UNSET)

        retry_config = cls(
            max_retries=max_retries,
            timeout_ms=timeout_ms,
        )

        return retry_config
