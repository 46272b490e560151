from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="ProbeIn")


@_attrs_define
class ProbeIn:
    """ ``probe``: read before each run; nothing new -> the run is skipped (``probe_unchanged``).

        Attributes:
            url (None | str | Unset): GET before each run (through the URL guard); its value is compared with the last run's
            path (None | str | Unset): a dotted path into the URL's JSON answer (default: the whole body)
            events (list[str] | None | Unset): event types: one arrived since the last run -> run
            timeout_ms (int | Unset): the deadline of the whole read Default: 5000.
     """

    url: None | str | Unset = UNSET
    path: None | str | Unset = UNSET
    events: list[str] | None | Unset = UNSET
    timeout_ms: int | Unset = 5000


    def to_dict(self) -> dict[str, Any]:
        url: None | str | Unset
        if isinstance(self.url, Unset):
            url = UNSET
        else:
            url = self.url

        path: None | str | Unset
        if isinstance(self.path, Unset):
            path = UNSET
        else:
            path = self.path

        events: list[str] | None | Unset
        if isinstance(self.events, Unset):
            events = UNSET
        elif isinstance(self.events, list):
            events = self.events


        else:
            events = self.events

        timeout_ms = self.timeout_ms


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if url is not UNSET:
            field_dict["url"] = url
        if path is not UNSET:
            field_dict["path"] = path
        if events is not UNSET:
            field_dict["events"] = events
        if timeout_ms is not UNSET:
            field_dict["timeout_ms"] = timeout_ms

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        url = _parse_url(d.pop("url", UNSET))


        def _parse_path(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        path = _parse_path(d.pop("path", UNSET))


        def _parse_events(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                events_type_0 = cast(list[str], data)

                return events_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        events = _parse_events(d.pop("events", UNSET))


        timeout_ms = d.pop("timeout_ms", UNSET)

        probe_in = cls(
            url=url,
            path=path,
            events=events,
            timeout_ms=timeout_ms,
        )

        return probe_in
