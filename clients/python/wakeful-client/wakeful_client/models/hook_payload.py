from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.hook_payload_agent import HookPayloadAgent
  from ..models.hook_payload_context import HookPayloadContext
  from ..models.hook_payload_data import HookPayloadData


T = TypeVar("T", bound="HookPayload")


@_attrs_define
class HookPayload:
    """ The JSON body of every hook delivery (POSTed to the hook's endpoint_url, signed
    with the hook's secret by Standard Webhooks: webhook-id, webhook-timestamp,
    webhook-signature). Not an answer of this API: what your endpoint receives.

        Attributes:
            hook_type (str): What happened, e.g. AFTER_HEARTBEAT, ACTION_FAILED, THREAD_COMPLETED
            agent (HookPayloadAgent): The agent a hook delivery is about.
            timestamp (str): When it happened (ISO 8601, UTC)
            data (HookPayloadData): What the hook type reports (see docs/hooks.md)
            context (HookPayloadContext): Extra context (may be empty)
            heartbeat_id (None | str | Unset): The heartbeat it happened in, if any
            action_id (None | str | Unset): The action it is about, if any
     """

    hook_type: str
    agent: HookPayloadAgent
    timestamp: str
    data: HookPayloadData
    context: HookPayloadContext
    heartbeat_id: None | str | Unset = UNSET
    action_id: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.hook_payload_agent import HookPayloadAgent # noqa: PLC0415
        from ..models.hook_payload_context import HookPayloadContext # noqa: PLC0415
        from ..models.hook_payload_data import HookPayloadData # noqa: PLC0415
        hook_type = self.hook_type

        agent = self.agent.to_dict()

        timestamp = self.timestamp

        data = self.data.to_dict()

        context = self.context.to_dict()

        heartbeat_id: None | str | Unset
        if isinstance(self.heartbeat_id, Unset):
            heartbeat_id = UNSET
        else:
            heartbeat_id = self.heartbeat_id

        action_id: None | str | Unset
        if isinstance(self.action_id, Unset):
            action_id = UNSET
        else:
            action_id = self.action_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "hook_type": hook_type,
            "agent": agent,
            "timestamp": timestamp,
            "data": data,
            "context": context,
        })
        if heartbeat_id is not UNSET:
            field_dict["heartbeat_id"] = heartbeat_id
        if action_id is not UNSET:
            field_dict["action_id"] = action_id

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.hook_payload_agent import HookPayloadAgent # noqa: PLC0415
        from ..models.hook_payload_context import HookPayloadContext # noqa: PLC0415
        from ..models.hook_payload_data import HookPayloadData # noqa: PLC0415
        d = dict(src_dict)
        hook_type = d.pop("hook_type")

        agent = HookPayloadAgent.from_dict(d.pop("agent"))


        timestamp = d.pop("timestamp")

        data = HookPayloadData.from_dict(d.pop("data"))


        context = HookPayloadContext.from_dict(d.pop("context"))


        def _parse_heartbeat_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        heartbeat_id = _parse_heartbeat_id(d.pop("heartbeat_id", UNSET))


        def _parse_action_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        action_id = _parse_action_id(d.pop("action_id", UNSET))


        hook_payload = cls(
            hook_type=hook_type,
            agent=agent,
            timestamp=timestamp,
            data=data,
            context=context,
            heartbeat_id=heartbeat_id,
            action_id=action_id,
        )


        hook_payload.additional_properties = d
        return hook_payload

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
