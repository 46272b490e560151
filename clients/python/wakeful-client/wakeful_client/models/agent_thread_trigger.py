from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.agent_thread_trigger_coalesce_type_0 import AgentThreadTriggerCoalesceType0
  from ..models.agent_thread_trigger_match import AgentThreadTriggerMatch


T = TypeVar("T", bound="AgentThreadTrigger")


@_attrs_define
class AgentThreadTrigger:
    """ An event that starts a thread when no sleeping thread waits for it.

        Attributes:
            event_type (str):
            match (AgentThreadTriggerMatch | Unset):
            cooldown_seconds (int | Unset):  Default: 300.
            coalesce (AgentThreadTriggerCoalesceType0 | None | Unset): {key?, quiet_seconds, max_wait_seconds, max_events}:
                matching events start one thread together
     """

    event_type: str
    match: AgentThreadTriggerMatch | Unset = UNSET
    cooldown_seconds: int | Unset = 300
    coalesce: AgentThreadTriggerCoalesceType0 | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.agent_thread_trigger_coalesce_type_0 import AgentThreadTriggerCoalesceType0 # noqa: PLC0415
        from ..models.agent_thread_trigger_match import AgentThreadTriggerMatch # noqa: PLC0415
        event_type = self.event_type

        match: dict[str, Any] | Unset = UNSET
        if not isinstance(self.match, Unset):
            match = self.match.to_dict()

        cooldown_seconds = self.cooldown_seconds

        coalesce: dict[str, Any] | None | Unset
        if isinstance(self.coalesce, Unset):
            coalesce = UNSET
        elif isinstance(self.coalesce, AgentThreadTriggerCoalesceType0):
            coalesce = self.coalesce.to_dict()
        else:
            coalesce = self.coalesce


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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
        from ..models.agent_thread_trigger_coalesce_type_0 import AgentThreadTriggerCoalesceType0 # noqa: PLC0415
        from ..models.agent_thread_trigger_match import AgentThreadTriggerMatch # noqa: PLC0415
        d = dict(src_dict)
        event_type = d.pop("event_type")

        _match = d.pop("match", UNSET)
        match: AgentThreadTriggerMatch | Unset
        if isinstance(_match,  Unset):
            match = UNSET
        else:
            match = AgentThreadTriggerMatch.from_dict(_match)


        cooldown_seconds = d.pop("cooldown_seconds", UNSET)

        def _parse_coalesce(data: object) -> AgentThreadTriggerCoalesceType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                coalesce_type_0 = AgentThreadTriggerCoalesceType0.from_dict(data)


                return coalesce_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AgentThreadTriggerCoalesceType0 | None | Unset, data)

        coalesce = _parse_coalesce(d.pop("coalesce", UNSET))


        agent_thread_trigger = cls(
            event_type=event_type,
            match=match,
            cooldown_seconds=cooldown_seconds,
            coalesce=coalesce,
        )


        agent_thread_trigger.additional_properties = d
        return agent_thread_trigger

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
