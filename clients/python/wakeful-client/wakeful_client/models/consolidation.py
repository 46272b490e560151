from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.consolidation_span import ConsolidationSpan
  from ..models.memory_change import MemoryChange


T = TypeVar("T", bound="Consolidation")


@_attrs_define
class Consolidation:
    """ One consolidation run.

        Attributes:
            id (str):
            status (str): running | done | failed
            trigger (None | str): on_quiet | nightly | manual
            span (ConsolidationSpan): What a consolidation read: the log's seqs and the times.
            thread_id (None | str):
            changes (list[MemoryChange]):
            usd (float):
            started_at (None | str):
            completed_at (None | str):
            error (None | str | Unset):
     """

    id: str
    status: str
    trigger: None | str
    span: ConsolidationSpan
    thread_id: None | str
    changes: list[MemoryChange]
    usd: float
    started_at: None | str
    completed_at: None | str
    error: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.consolidation_span import ConsolidationSpan # noqa: PLC0415
        from ..models.memory_change import MemoryChange # noqa: PLC0415
        id = self.id

        status = self.status

        trigger: None | str
        trigger = self.trigger

        span = self.span.to_dict()

        thread_id: None | str
        thread_id = self.thread_id

        changes = []
        for changes_item_data in self.changes:
            changes_item = changes_item_data.to_dict()
            changes.append(changes_item)


        usd = self.usd

        started_at: None | str
        started_at = self.started_at

        completed_at: None | str
        completed_at = self.completed_at

        error: None | str | Unset
        if isinstance(self.error, Unset):
            error = UNSET
        else:
            error = self.error


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "status": status,
            "trigger": trigger,
            "span": span,
            "thread_id": thread_id,
            "changes": changes,
            "usd": usd,
            "started_at": started_at,
            "completed_at": completed_at,
        })
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.consolidation_span import ConsolidationSpan # noqa: PLC0415
        from ..models.memory_change import MemoryChange # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        status = d.pop("status")

        def _parse_trigger(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        trigger = _parse_trigger(d.pop("trigger"))


        span = ConsolidationSpan.from_dict(d.pop("span"))


        def _parse_thread_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        thread_id = _parse_thread_id(d.pop("thread_id"))


        changes = []
        _changes = d.pop("changes")
        for changes_item_data in (_changes):
            changes_item = MemoryChange.from_dict(changes_item_data)


            changes.append(changes_item)


        usd = d.pop("usd")

        def _parse_started_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        started_at = _parse_started_at(d.pop("started_at"))


        def _parse_completed_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        completed_at = _parse_completed_at(d.pop("completed_at"))


        def _parse_error(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        error = _parse_error(d.pop("error", UNSET))


        consolidation = cls(
            id=id,
            status=status,
            trigger=trigger,
            span=span,
            thread_id=thread_id,
            changes=changes,
            usd=usd,
            started_at=started_at,
            completed_at=completed_at,
            error=error,
        )


        consolidation.additional_properties = d
        return consolidation

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
