from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset


T = TypeVar("T", bound="Saved")


@_attrs_define
class Saved:
    """ What was not spent this month.

        Attributes:
            quiet_heartbeats (int):
            probe_skips (int):
            triage_ok (int):
            coalesced_events (int):
     """

    quiet_heartbeats: int
    probe_skips: int
    triage_ok: int
    coalesced_events: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        quiet_heartbeats = self.quiet_heartbeats

        probe_skips = self.probe_skips

        triage_ok = self.triage_ok

        coalesced_events = self.coalesced_events


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "quiet_heartbeats": quiet_heartbeats,
            "probe_skips": probe_skips,
            "triage_ok": triage_ok,
            "coalesced_events": coalesced_events,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        quiet_heartbeats = d.pop("quiet_heartbeats")

        probe_skips = d.pop("probe_skips")

        triage_ok = d.pop("triage_ok")

        coalesced_events = d.pop("coalesced_events")

        saved = cls(
            quiet_heartbeats=quiet_heartbeats,
            probe_skips=probe_skips,
            triage_ok=triage_ok,
            coalesced_events=coalesced_events,
        )


        saved.additional_properties = d
        return saved

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
