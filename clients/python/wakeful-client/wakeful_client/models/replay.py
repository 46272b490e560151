from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.outcome import Outcome
  from ..models.replay_overrides import ReplayOverrides
  from ..models.replay_source import ReplaySource
  from ..models.replay_summary import ReplaySummary


T = TypeVar("T", bound="Replay")


@_attrs_define
class Replay:
    """ A replay.

        Attributes:
            id (str):
            status (str): running | done | failed
            source (ReplaySource):
            overrides (ReplayOverrides):
            runs (int):
            original (None | Outcome):
            replay (None | Outcome):
            differs (bool):
            created_at (None | str):
            summary (None | ReplaySummary | Unset):
            error (None | str | Unset): Why a failed replay could not go on
     """

    id: str
    status: str
    source: ReplaySource
    overrides: ReplayOverrides
    runs: int
    original: None | Outcome
    replay: None | Outcome
    differs: bool
    created_at: None | str
    summary: None | ReplaySummary | Unset = UNSET
    error: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.outcome import Outcome # noqa: PLC0415
        from ..models.replay_overrides import ReplayOverrides # noqa: PLC0415
        from ..models.replay_source import ReplaySource # noqa: PLC0415
        from ..models.replay_summary import ReplaySummary # noqa: PLC0415
        id = self.id

        status = self.status

        source = self.source.to_dict()

        overrides = self.overrides.to_dict()

        runs = self.runs

        original: dict[str, Any] | None
        if isinstance(self.original, Outcome):
            original = self.original.to_dict()
        else:
            original = self.original

        replay: dict[str, Any] | None
        if isinstance(self.replay, Outcome):
            replay = self.replay.to_dict()
        else:
            replay = self.replay

        differs = self.differs

        created_at: None | str
        created_at = self.created_at

        summary: dict[str, Any] | None | Unset
        if isinstance(self.summary, Unset):
            summary = UNSET
        elif isinstance(self.summary, ReplaySummary):
            summary = self.summary.to_dict()
        else:
            summary = self.summary

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
            "source": source,
            "overrides": overrides,
            "runs": runs,
            "original": original,
            "replay": replay,
            "differs": differs,
            "created_at": created_at,
        })
        if summary is not UNSET:
            field_dict["summary"] = summary
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.outcome import Outcome # noqa: PLC0415
        from ..models.replay_overrides import ReplayOverrides # noqa: PLC0415
        from ..models.replay_source import ReplaySource # noqa: PLC0415
        from ..models.replay_summary import ReplaySummary # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        status = d.pop("status")

        source = ReplaySource.from_dict(d.pop("source"))


        overrides = ReplayOverrides.from_dict(d.pop("overrides"))


        runs = d.pop("runs")

        def _parse_original(data: object) -> None | Outcome:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                original_type_0 = Outcome.from_dict(data)


                return original_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Outcome, data)

        original = _parse_original(d.pop("original"))


        def _parse_replay(data: object) -> None | Outcome:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                replay_type_0 = Outcome.from_dict(data)


                return replay_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Outcome, data)

        replay = _parse_replay(d.pop("replay"))


        differs = d.pop("differs")

        def _parse_created_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        created_at = _parse_created_at(d.pop("created_at"))


        def _parse_summary(data: object) -> None | ReplaySummary | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                summary_type_0 = ReplaySummary.from_dict(data)


                return summary_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ReplaySummary | Unset, data)

        summary = _parse_summary(d.pop("summary", UNSET))


        def _parse_error(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        error = _parse_error(d.pop("error", UNSET))


        replay = cls(
            id=id,
            status=status,
            source=source,
            overrides=overrides,
            runs=runs,
            original=original,
            replay=replay,
            differs=differs,
            created_at=created_at,
            summary=summary,
            error=error,
        )


        replay.additional_properties = d
        return replay

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
