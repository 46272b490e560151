from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.action_status import ActionStatus
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.action_approval import ActionApproval
  from ..models.action_interception_type_0 import ActionInterceptionType0
  from ..models.action_request_meta_type_0 import ActionRequestMetaType0
  from ..models.action_response_meta_type_0 import ActionResponseMetaType0


T = TypeVar("T", bound="Action")


@_attrs_define
class Action:
    """ One tool run: for an (event, subscription) of a heartbeat, or a thread's tool call.

        Attributes:
            id (str):
            agent_id (str):
            heartbeat_id (None | str):
            thread_id (None | str):
            event_id (None | str):
            event_seq (int | None):
            event_type (None | str):
            subscription_id (None | str):
            tool (str):
            status (ActionStatus): WAITING_APPROVAL: a heartbeat's action the interception point parked until a person
                decides
            request_meta (ActionRequestMetaType0 | None):
            response_meta (ActionResponseMetaType0 | None):
            error_message (None | str):
            execution_time_ms (float | None):
            parent_action_id (None | str):
            created_at (None | str):
            started_at (None | str):
            completed_at (None | str):
            interception (ActionInterceptionType0 | None | Unset): A heartbeat's action: what the interception point decided
                ({decision, reason?})
            approval (ActionApproval | None | Unset):
     """

    id: str
    agent_id: str
    heartbeat_id: None | str
    thread_id: None | str
    event_id: None | str
    event_seq: int | None
    event_type: None | str
    subscription_id: None | str
    tool: str
    status: ActionStatus
    request_meta: ActionRequestMetaType0 | None
    response_meta: ActionResponseMetaType0 | None
    error_message: None | str
    execution_time_ms: float | None
    parent_action_id: None | str
    created_at: None | str
    started_at: None | str
    completed_at: None | str
    interception: ActionInterceptionType0 | None | Unset = UNSET
    approval: ActionApproval | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.action_approval import ActionApproval # noqa: PLC0415
        from ..models.action_interception_type_0 import ActionInterceptionType0 # noqa: PLC0415
        from ..models.action_request_meta_type_0 import ActionRequestMetaType0 # noqa: PLC0415
        from ..models.action_response_meta_type_0 import ActionResponseMetaType0 # noqa: PLC0415
        id = self.id

        agent_id = self.agent_id

        heartbeat_id: None | str
        heartbeat_id = self.heartbeat_id

        thread_id: None | str
        thread_id = self.thread_id

        event_id: None | str
        event_id = self.event_id

        event_seq: int | None
        event_seq = self.event_seq

        event_type: None | str
        event_type = self.event_type

        subscription_id: None | str
        subscription_id = self.subscription_id

        tool = self.tool

        status = self.status.value

        request_meta: dict[str, Any] | None
        if isinstance(self.request_meta, ActionRequestMetaType0):
            request_meta = self.request_meta.to_dict()
        else:
            request_meta = self.request_meta

        response_meta: dict[str, Any] | None
        if isinstance(self.response_meta, ActionResponseMetaType0):
            response_meta = self.response_meta.to_dict()
        else:
            response_meta = self.response_meta

        error_message: None | str
        error_message = self.error_message

        execution_time_ms: float | None
        execution_time_ms = self.execution_time_ms

        parent_action_id: None | str
        parent_action_id = self.parent_action_id

        created_at: None | str
        created_at = self.created_at

        started_at: None | str
        started_at = self.started_at

        completed_at: None | str
        completed_at = self.completed_at

        interception: dict[str, Any] | None | Unset
        if isinstance(self.interception, Unset):
            interception = UNSET
        elif isinstance(self.interception, ActionInterceptionType0):
            interception = self.interception.to_dict()
        else:
            interception = self.interception

        approval: dict[str, Any] | None | Unset
        if isinstance(self.approval, Unset):
            approval = UNSET
        elif isinstance(self.approval, ActionApproval):
            approval = self.approval.to_dict()
        else:
            approval = self.approval


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "agent_id": agent_id,
            "heartbeat_id": heartbeat_id,
            "thread_id": thread_id,
            "event_id": event_id,
            "event_seq": event_seq,
            "event_type": event_type,
            "subscription_id": subscription_id,
            "tool": tool,
            "status": status,
            "request_meta": request_meta,
            "response_meta": response_meta,
            "error_message": error_message,
            "execution_time_ms": execution_time_ms,
            "parent_action_id": parent_action_id,
            "created_at": created_at,
            "started_at": started_at,
            "completed_at": completed_at,
        })
        if interception is not UNSET:
            field_dict["interception"] = interception
        if approval is not UNSET:
            field_dict["approval"] = approval

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.action_approval import ActionApproval # noqa: PLC0415
        from ..models.action_interception_type_0 import ActionInterceptionType0 # noqa: PLC0415
        from ..models.action_request_meta_type_0 import ActionRequestMetaType0 # noqa: PLC0415
        from ..models.action_response_meta_type_0 import ActionResponseMetaType0 # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        agent_id = d.pop("agent_id")

        def _parse_heartbeat_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        heartbeat_id = _parse_heartbeat_id(d.pop("heartbeat_id"))


        def _parse_thread_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        thread_id = _parse_thread_id(d.pop("thread_id"))


        def _parse_event_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        event_id = _parse_event_id(d.pop("event_id"))


        def _parse_event_seq(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        event_seq = _parse_event_seq(d.pop("event_seq"))


        def _parse_event_type(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        event_type = _parse_event_type(d.pop("event_type"))


        def _parse_subscription_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        subscription_id = _parse_subscription_id(d.pop("subscription_id"))


        tool = d.pop("tool")

        status = ActionStatus(d.pop("status"))


        def _parse_request_meta(data: object) -> ActionRequestMetaType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                request_meta_type_0 = ActionRequestMetaType0.from_dict(data)


                return request_meta_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ActionRequestMetaType0 | None, data)

        request_meta = _parse_request_meta(d.pop("request_meta"))


        def _parse_response_meta(data: object) -> ActionResponseMetaType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_meta_type_0 = ActionResponseMetaType0.from_dict(data)


                return response_meta_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ActionResponseMetaType0 | None, data)

        response_meta = _parse_response_meta(d.pop("response_meta"))


        def _parse_error_message(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error_message = _parse_error_message(d.pop("error_message"))


        def _parse_execution_time_ms(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        execution_time_ms = _parse_execution_time_ms(d.pop("execution_time_ms"))


        def _parse_parent_action_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        parent_action_id = _parse_parent_action_id(d.pop("parent_action_id"))


        def _parse_created_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        created_at = _parse_created_at(d.pop("created_at"))


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


        def _parse_interception(data: object) -> ActionInterceptionType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                interception_type_0 = ActionInterceptionType0.from_dict(data)


                return interception_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ActionInterceptionType0 | None | Unset, data)

        interception = _parse_interception(d.pop("interception", UNSET))


        def _parse_approval(data: object) -> ActionApproval | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                approval_type_0 = ActionApproval.from_dict(data)


                return approval_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ActionApproval | None | Unset, data)

        approval = _parse_approval(d.pop("approval", UNSET))


        action = cls(
            id=id,
            agent_id=agent_id,
            heartbeat_id=heartbeat_id,
            thread_id=thread_id,
            event_id=event_id,
            event_seq=event_seq,
            event_type=event_type,
            subscription_id=subscription_id,
            tool=tool,
            status=status,
            request_meta=request_meta,
            response_meta=response_meta,
            error_message=error_message,
            execution_time_ms=execution_time_ms,
            parent_action_id=parent_action_id,
            created_at=created_at,
            started_at=started_at,
            completed_at=completed_at,
            interception=interception,
            approval=approval,
        )


        action.additional_properties = d
        return action

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
