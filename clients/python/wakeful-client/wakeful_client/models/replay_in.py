from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.replay_overrides_in import ReplayOverridesIn
  from ..models.replay_source_in import ReplaySourceIn


T = TypeVar("T", bound="ReplayIn")


@_attrs_define
class ReplayIn:
    """ ``POST /agents/{id}/replays`` body.

        Attributes:
            source (ReplaySourceIn): Exactly one of: ``heartbeat_id``, ``schedule_result_id``, ``thread_id`` (its latest
                recorded run), or ``schedule_id`` with ``since`` (every result since then).
            overrides (None | ReplayOverridesIn | Unset):
     """

    source: ReplaySourceIn
    overrides: None | ReplayOverridesIn | Unset = UNSET


    def to_dict(self) -> dict[str, Any]:
        from ..models.replay_overrides_in import ReplayOverridesIn # noqa: PLC0415
        from ..models.replay_source_in import ReplaySourceIn # noqa: PLC0415
        source = self.source.to_dict()

        overrides: dict[str, Any] | None | Unset
        if isinstance(self.overrides, Unset):
            overrides = UNSET
        elif isinstance(self.overrides, ReplayOverridesIn):
            overrides = self.overrides.to_dict()
        else:
            overrides = self.overrides


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "source": source,
        })
        if overrides is not UNSET:
            field_dict["overrides"] = overrides

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.replay_overrides_in import ReplayOverridesIn # noqa: PLC0415
        from ..models.replay_source_in import ReplaySourceIn # noqa: PLC0415
        d = dict(src_dict)
        source = ReplaySourceIn.from_dict(d.pop("source"))


        def _parse_overrides(data: object) -> None | ReplayOverridesIn | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                overrides_type_0 = ReplayOverridesIn.from_dict(data)


                return overrides_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ReplayOverridesIn | Unset, data)

        overrides = _parse_overrides(d.pop("overrides", UNSET))


        replay_in = cls(
            source=source,
            overrides=overrides,
        )

        return replay_in
