from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.action import Action
  from ..models.heartbeat_window import HeartbeatWindow


T = TypeVar("T", bound="HeartbeatDetail")


@_attrs_define
class HeartbeatDetail:
    """ A heartbeat and its actions.

        Attributes:
            id (str):
            agent_id (str):
            status (str): PENDING, QUEUED, EXECUTING, COMPLETED or FAILED
            scheduled_at (None | str):
            started_at (None | str):
            completed_at (None | str):
            events_processed (int):
            actions_triggered (int):
            error_message (None | str):
            attempt (int):
            window (HeartbeatWindow): The events a heartbeat processes: seq in (after_seq, up_to_seq].
            rounds (int):
            actions (list[Action]): Its actions in dispatch order, as many as one answer holds
            events_skipped (int | Unset): Events of its window older than the agent's event_lookback_seconds: counted, not
                processed Default: 0.
            quiet_heartbeats (int | Unset): Quiet heartbeats of the agent so far (counted, not run) Default: 0.
            last_quiet_heartbeat_at (None | str | Unset):
            actions_truncated (bool | Unset): True when more actions than one answer holds: GET
                /agents/{id}/actions?heartbeat_id= lists them all Default: False.
     """

    id: str
    agent_id: str
    status: str
    scheduled_at: None | str
    started_at: None | str
    completed_at: None | str
    events_processed: int
    actions_triggered: int
    error_message: None | str
    attempt: int
    window: HeartbeatWindow
    rounds: int
    actions: list[Action]
    events_skipped: int | Unset = 0
    quiet_heartbeats: int | Unset = 0
    last_quiet_heartbeat_at: None | str | Unset = UNSET
    actions_truncated: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.action import Action # noqa: PLC0415
        from ..models.heartbeat_window import HeartbeatWindow # noqa: PLC0415
        id = self.id

        agent_id = self.agent_id

        status = self.status

        scheduled_at: None | str
        scheduled_at = self.scheduled_at

        started_at: None | str
        started_at = self.started_at

        completed_at: None | str
        completed_at = self.completed_at

        events_processed = self.events_processed

        actions_triggered = self.actions_triggered

        error_message: None | str
        error_message = self.error_message

        attempt = self.attempt

        window = self.window.to_dict()

        rounds = self.rounds

        actions = []
        for actions_item_data in self.actions:
            actions_item = actions_item_data.to_dict()
            actions.append(actions_item)


        events_skipped = self.events_skipped

        quiet_heartbeats = self.quiet_heartbeats

        last_quiet_heartbeat_at: None | str | Unset
        if isinstance(self.last_quiet_heartbeat_at, Unset):
            last_quiet_heartbeat_at = UNSET
        else:
            last_quiet_heartbeat_at = self.last_quiet_heartbeat_at

        actions_truncated = self.actions_truncated


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "agent_id": agent_id,
            "status": status,
            "scheduled_at": scheduled_at,
            "started_at": started_at,
            "completed_at": completed_at,
            "events_processed": events_processed,
            "actions_triggered": actions_triggered,
            "error_message": error_message,
            "attempt": attempt,
            "window": window,
            "rounds": rounds,
            "actions": actions,
        })
        if events_skipped is not UNSET:
            field_dict["events_skipped"] = events_skipped
        if quiet_heartbeats is not UNSET:
            field_dict["quiet_heartbeats"] = quiet_heartbeats
        if last_quiet_heartbeat_at is not UNSET:
            field_dict["last_quiet_heartbeat_at"] = last_quiet_heartbeat_at
        if actions_truncated is not UNSET:
            field_dict["actions_truncated"] = actions_truncated

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.action import Action # noqa: PLC0415
        from ..models.heartbeat_window import HeartbeatWindow # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        agent_id = d.pop("agent_id")

        status = d.pop("status")

        def _parse_scheduled_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        scheduled_at = _parse_scheduled_at(d.pop("scheduled_at"))


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


        events_processed = d.pop("events_processed")

        actions_triggered = d.pop("actions_triggered")

        def _parse_error_message(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error_message = _parse_error_message(d.pop("error_message"))


        attempt = d.pop("attempt")

        window = HeartbeatWindow.from_dict(d.pop("window"))


        rounds = d.pop("rounds")

        actions = []
        _actions = d.pop("actions")
        for actions_item_data in (_actions):
            actions_item = Action.from_dict(actions_item_data)


            actions.append(actions_item)


        events_skipped = d.pop("events_skipped", UNSET)

        quiet_heartbeats = d.pop("quiet_heartbeats", UNSET)

        def _parse_last_quiet_heartbeat_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        last_quiet_heartbeat_at = _parse_last_quiet_heartbeat_at(d.pop("last_quiet_heartbeat_at", UNSET))


        actions_truncated = d.pop("actions_truncated", UNSET)

        heartbeat_detail = cls(
            id=id,
            agent_id=agent_id,
            status=status,
            scheduled_at=scheduled_at,
            started_at=started_at,
            completed_at=completed_at,
            events_processed=events_processed,
            actions_triggered=actions_triggered,
            error_message=error_message,
            attempt=attempt,
            window=window,
            rounds=rounds,
            actions=actions,
            events_skipped=events_skipped,
            quiet_heartbeats=quiet_heartbeats,
            last_quiet_heartbeat_at=last_quiet_heartbeat_at,
            actions_truncated=actions_truncated,
        )


        heartbeat_detail.additional_properties = d
        return heartbeat_detail

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
