from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="ReplaySourceIn")


@_attrs_define
class ReplaySourceIn:
    """ Exactly one of: ``heartbeat_id``, ``schedule_result_id``, ``thread_id`` (its latest
    recorded run), or ``schedule_id`` with ``since`` (every result since then).

        Attributes:
            heartbeat_id (None | str | Unset):
            schedule_result_id (None | str | Unset):
            thread_id (None | str | Unset):
            schedule_id (None | str | Unset):
            since (None | str | Unset): ISO 8601, with schedule_id
     """

    heartbeat_id: None | str | Unset = UNSET
    schedule_result_id: None | str | Unset = UNSET
    thread_id: None | str | Unset = UNSET
    schedule_id: None | str | Unset = UNSET
    since: None | str | Unset = UNSET


    def to_dict(self) -> dict[str, Any]:
        heartbeat_id: None | str | Unset
        if isinstance(self.heartbeat_id, Unset):
            heartbeat_id = UNSET
        else:
            heartbeat_id = self.heartbeat_id

        schedule_result_id: None | str | Unset
        if isinstance(self.schedule_result_id, Unset):
            schedule_result_id = UNSET
        else:
            schedule_result_id = self.schedule_result_id

        thread_id: None | str | Unset
        if isinstance(self.thread_id, Unset):
            thread_id = UNSET
        else:
            thread_id = self.thread_id

        schedule_id: None | str | Unset
        if isinstance(self.schedule_id, Unset):
            schedule_id = UNSET
        else:
            schedule_id = self.schedule_id

        since: None | str | Unset
        if isinstance(self.since, Unset):
            since = UNSET
        else:
            since = self.since


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if heartbeat_id is not UNSET:
            field_dict["heartbeat_id"] = heartbeat_id
        if schedule_result_id is not UNSET:
            field_dict["schedule_result_id"] = schedule_result_id
        if thread_id is not UNSET:
            field_dict["thread_id"] = thread_id
        if schedule_id is not UNSET:
            field_dict["schedule_id"] = schedule_id
        if since is not UNSET:
            field_dict["since"] = since

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_heartbeat_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        heartbeat_id = _parse_heartbeat_id(d.pop("heartbeat_id", UNSET))


        def _parse_schedule_result_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        schedule_result_id = _parse_schedule_result_id(d.pop("schedule_result_id", UNSET))


        def _parse_thread_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        thread_id = _parse_thread_id(d.pop("thread_id", UNSET))


        def _parse_schedule_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        schedule_id = _parse_schedule_id(d.pop("schedule_id", UNSET))


        def _parse_since(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        since = _parse_since(d.pop("since", UNSET))


        replay_source_in = cls(
            heartbeat_id=heartbeat_id,
            schedule_result_id=schedule_result_id,
            thread_id=thread_id,
            schedule_id=schedule_id,
            since=since,
        )

        return replay_source_in
