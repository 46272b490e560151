from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.coalesce import Coalesce
  from ..models.thread_trigger_match import ThreadTriggerMatch


T = TypeVar("T", bound="ThreadTrigger")


@_attrs_define
class ThreadTrigger:
    """ An event that starts a thread when no sleeping thread waits for it.

        Attributes:
            event_type (str):
            match (ThreadTriggerMatch | Unset): top-level payload fields that must be equal
            cooldown_seconds (int | Unset): while the thread this trigger started is not complete and younger than this,
                further events go to it Default: 300.
            coalesce (Coalesce | None | Unset): hold matching events and start one thread with all of them
     """

    event_type: str
    match: ThreadTriggerMatch | Unset = UNSET
    cooldown_seconds: int | Unset = 300
    coalesce: Coalesce | None | Unset = UNSET


    def to_dict(self) -> dict[str, Any]:
        from ..models.coalesce import Coalesce # noqa: PLC0415
        from ..models.thread_trigger_match import ThreadTriggerMatch # noqa: PLC0415
        event_type = self.event_type

        match: dict[str, Any] | Unset = UNSET
        if not isinstance(self.match, Unset):
            match = self.match.to_dict()

        cooldown_seconds = self.cooldown_seconds

        coalesce: dict[str, Any] | None | Unset
        if isinstance(self.coalesce, Unset):
            coalesce = UNSET
        elif isinstance(self.coalesce, Coalesce):
            coalesce = self.coalesce.to_dict()
        else:
            coalesce = self.coalesce


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "event_type": event_type,
        })
        if match is not UNSET:
            field_dict["match"] = match
        if cooldown_seconds is not UNSET:
            field_dict["cooldown_seconds"] = cooldown_seconds
        if coalesce is not UNSET:
            field_dict["coalesce"] = coalesce

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.coalesce import Coalesce # noqa: PLC0415
        from ..models.thread_trigger_match import ThreadTriggerMatch # noqa: PLC0415
        d = dict(src_dict)
        event_type = d.pop("event_type")

        _match = d.pop("match", UNSET)
        match: ThreadTriggerMatch | Unset
        if isinstance(_match,  Unset):
            match = UNSET
        else:
            match = ThreadTriggerMatch.from_dict(_match)


        cooldown_seconds = d.pop("cooldown_seconds", UNSET)

        def _parse_coalesce(data: object) -> Coalesce | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                coalesce_type_0 = Coalesce.from_dict(data)


                return coalesce_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Coalesce | None | Unset, data)

        coalesce = _parse_coalesce(d.pop("coalesce", UNSET))


        thread_trigger = cls(
            event_type=event_type,
            match=match,
            cooldown_seconds=cooldown_seconds,
            coalesce=coalesce,
        )

        return thread_trigger
