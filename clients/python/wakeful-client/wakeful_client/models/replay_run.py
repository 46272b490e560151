from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.outcome import Outcome


T = TypeVar("T", bound="ReplayRun")


@_attrs_define
class ReplayRun:
    """ One replayed run of a many-run replay.

        Attributes:
            result_id (None | str):
            thread_id (None | str):
            scheduled_for (None | str):
            original (Outcome): How a run went (an original, a replay, a dry run).
            replay (Outcome): How a run went (an original, a replay, a dry run).
            differs (bool):
     """

    result_id: None | str
    thread_id: None | str
    scheduled_for: None | str
    original: Outcome
    replay: Outcome
    differs: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.outcome import Outcome # noqa: PLC0415
        result_id: None | str
        result_id = self.result_id

        thread_id: None | str
        thread_id = self.thread_id

        scheduled_for: None | str
        scheduled_for = self.scheduled_for

        original = self.original.to_dict()

        replay = self.replay.to_dict()

        differs = self.differs


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "result_id": result_id,
            "thread_id": thread_id,
            "scheduled_for": scheduled_for,
            "original": original,
            "replay": replay,
            "differs": differs,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.outcome import Outcome # noqa: PLC0415
        d = dict(src_dict)
        def _parse_result_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        result_id = _parse_result_id(d.pop("result_id"))


        def _parse_thread_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        thread_id = _parse_thread_id(d.pop("thread_id"))


        def _parse_scheduled_for(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        scheduled_for = _parse_scheduled_for(d.pop("scheduled_for"))


        original = Outcome.from_dict(d.pop("original"))


        replay = Outcome.from_dict(d.pop("replay"))


        differs = d.pop("differs")

        replay_run = cls(
            result_id=result_id,
            thread_id=thread_id,
            scheduled_for=scheduled_for,
            original=original,
            replay=replay,
            differs=differs,
        )


        replay_run.additional_properties = d
        return replay_run

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
