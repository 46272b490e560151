from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.schedule_result_probe_type_0 import ScheduleResultProbeType0
  from ..models.schedule_result_triage_type_0 import ScheduleResultTriageType0


T = TypeVar("T", bound="ScheduleResult")


@_attrs_define
class ScheduleResult:
    """ One run's result.

        Attributes:
            id (str):
            schedule_id (str):
            agent_id (None | str):
            thread_id (None | str):
            status (str): heartbeat_ok, success, error, skipped (or pending while it runs)
            result_content (None | str):
            notified (bool):
            trigger (str):
            schedule_type (str):
            error_message (None | str):
            scheduled_for (None | str):
            started_at (None | str):
            completed_at (None | str):
            reason (None | str | Unset): Why a skipped run did not run: previous_run_running, budget (the agent is paused),
                probe_unchanged
            probe (None | ScheduleResultProbeType0 | Unset): What the probe read before this run: {status: first | changed |
                failed, value_preview?, error?}
            escalated (bool | Unset): A heartbeat run the triage model did not answer HEARTBEAT_OK: the agent's model ran it
                Default: False.
            triage (None | ScheduleResultTriageType0 | Unset): An escalated run's triage call: {provider, model, verdict:
                escalated, reason}
     """

    id: str
    schedule_id: str
    agent_id: None | str
    thread_id: None | str
    status: str
    result_content: None | str
    notified: bool
    trigger: str
    schedule_type: str
    error_message: None | str
    scheduled_for: None | str
    started_at: None | str
    completed_at: None | str
    reason: None | str | Unset = UNSET
    probe: None | ScheduleResultProbeType0 | Unset = UNSET
    escalated: bool | Unset = False
    triage: None | ScheduleResultTriageType0 | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.schedule_result_probe_type_0 import ScheduleResultProbeType0 # noqa: PLC0415
        from ..models.schedule_result_triage_type_0 import ScheduleResultTriageType0 # noqa: PLC0415
        id = self.id

        schedule_id = self.schedule_id

        agent_id: None | str
        agent_id = self.agent_id

        thread_id: None | str
        thread_id = self.thread_id

        status = self.status

        result_content: None | str
        result_content = self.result_content

        notified = self.notified

        trigger = self.trigger

        schedule_type = self.schedule_type

        error_message: None | str
        error_message = self.error_message

        scheduled_for: None | str
        scheduled_for = self.scheduled_for

        started_at: None | str
        started_at = self.started_at

        completed_at: None | str
        completed_at = self.completed_at

        reason: None | str | Unset
        if isinstance(self.reason, Unset):
            reason = UNSET
        else:
            reason = self.reason

        probe: dict[str, Any] | None | Unset
        if isinstance(self.probe, Unset):
            probe = UNSET
        elif isinstance(self.probe, ScheduleResultProbeType0):
            probe = self.probe.to_dict()
        else:
            probe = self.probe

        escalated = self.escalated

        triage: dict[str, Any] | None | Unset
        if isinstance(self.triage, Unset):
            triage = UNSET
        elif isinstance(self.triage, ScheduleResultTriageType0):
            triage = self.triage.to_dict()
        else:
            triage = self.triage


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "schedule_id": schedule_id,
            "agent_id": agent_id,
            "thread_id": thread_id,
            "status": status,
            "result_content": result_content,
            "notified": notified,
            "trigger": trigger,
            "schedule_type": schedule_type,
            "error_message": error_message,
            "scheduled_for": scheduled_for,
            "started_at": started_at,
            "completed_at": completed_at,
        })
        if reason is not UNSET:
            field_dict["reason"] = reason
        if probe is not UNSET:
            field_dict["probe"] = probe
        if escalated is not UNSET:
            field_dict["escalated"] = escalated
        if triage is not UNSET:
            field_dict["triage"] = triage

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.schedule_result_probe_type_0 import ScheduleResultProbeType0 # noqa: PLC0415
        from ..models.schedule_result_triage_type_0 import ScheduleResultTriageType0 # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        schedule_id = d.pop("schedule_id")

        def _parse_agent_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        agent_id = _parse_agent_id(d.pop("agent_id"))


        def _parse_thread_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        thread_id = _parse_thread_id(d.pop("thread_id"))


        status = d.pop("status")

        def _parse_result_content(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        result_content = _parse_result_content(d.pop("result_content"))


        notified = d.pop("notified")

        trigger = d.pop("trigger")

        schedule_type = d.pop("schedule_type")

        def _parse_error_message(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error_message = _parse_error_message(d.pop("error_message"))


        def _parse_scheduled_for(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        scheduled_for = _parse_scheduled_for(d.pop("scheduled_for"))


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


        def _parse_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reason = _parse_reason(d.pop("reason", UNSET))


        def _parse_probe(data: object) -> None | ScheduleResultProbeType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                probe_type_0 = ScheduleResultProbeType0.from_dict(data)


                return probe_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ScheduleResultProbeType0 | Unset, data)

        probe = _parse_probe(d.pop("probe", UNSET))


        escalated = d.pop("escalated", UNSET)

        def _parse_triage(data: object) -> None | ScheduleResultTriageType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                triage_type_0 = ScheduleResultTriageType0.from_dict(data)


                return triage_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ScheduleResultTriageType0 | Unset, data)

        triage = _parse_triage(d.pop("triage", UNSET))


        schedule_result = cls(
            id=id,
            schedule_id=schedule_id,
            agent_id=agent_id,
            thread_id=thread_id,
            status=status,
            result_content=result_content,
            notified=notified,
            trigger=trigger,
            schedule_type=schedule_type,
            error_message=error_message,
            scheduled_for=scheduled_for,
            started_at=started_at,
            completed_at=completed_at,
            reason=reason,
            probe=probe,
            escalated=escalated,
            triage=triage,
        )


        schedule_result.additional_properties = d
        return schedule_result

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
