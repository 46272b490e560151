from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset


T = TypeVar("T", bound="ActiveHoursIn")


@_attrs_define
class ActiveHoursIn:
    """ A daily window in the schedule's time zone; outside it nothing runs.

        Attributes:
            start (str): HH:MM, inclusive
            end (str): HH:MM, exclusive; before start means the window wraps past midnight
     """

    start: str
    end: str


    def to_dict(self) -> dict[str, Any]:
        start = self.start

        end = self.end


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "start": start,
            "end": end,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        start = d.pop("start")

        end = d.pop("end")

        active_hours_in = cls(
            start=start,
            end=end,
        )

        return active_hours_in
