from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset


T = TypeVar("T", bound="ResumeIn")


@_attrs_define
class ResumeIn:
    """ ``POST /agents/{id}/spend/resume``: raise the limit that paused it, and resume.

        Attributes:
            extend_usd (float): US dollars added to the limit that paused it, for its current period
     """

    extend_usd: float


    def to_dict(self) -> dict[str, Any]:
        extend_usd = self.extend_usd


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "extend_usd": extend_usd,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        extend_usd = d.pop("extend_usd")

        resume_in = cls(
            extend_usd=extend_usd,
        )

        return resume_in
