from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset


T = TypeVar("T", bound="ReplaySummary")


@_attrs_define
class ReplaySummary:
    """ A many-run replay's counts.

        Attributes:
            runs (int):
            differs (int):
            became_silent (int):
            became_finding (int):
            usd_original (float):
            usd_replay (float):
     """

    runs: int
    differs: int
    became_silent: int
    became_finding: int
    usd_original: float
    usd_replay: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        runs = self.runs

        differs = self.differs

        became_silent = self.became_silent

        became_finding = self.became_finding

        usd_original = self.usd_original

        usd_replay = self.usd_replay


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "runs": runs,
            "differs": differs,
            "became_silent": became_silent,
            "became_finding": became_finding,
            "usd_original": usd_original,
            "usd_replay": usd_replay,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        runs = d.pop("runs")

        differs = d.pop("differs")

        became_silent = d.pop("became_silent")

        became_finding = d.pop("became_finding")

        usd_original = d.pop("usd_original")

        usd_replay = d.pop("usd_replay")

        replay_summary = cls(
            runs=runs,
            differs=differs,
            became_silent=became_silent,
            became_finding=became_finding,
            usd_original=usd_original,
            usd_replay=usd_replay,
        )


        replay_summary.additional_properties = d
        return replay_summary

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
