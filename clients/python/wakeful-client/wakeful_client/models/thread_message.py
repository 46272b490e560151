from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.thread_message_event_type_0 import ThreadMessageEventType0
  from ..models.thread_tool_call import ThreadToolCall


T = TypeVar("T", bound="ThreadMessage")


@_attrs_define
class ThreadMessage:
    """ A message of a thread.

        Attributes:
            seq (int):
            role (str): user, assistant, tool or system
            created_by (str): user, agent, tool or system
            content (str):
            created_at (None | str):
            sender_id (None | str | Unset): Who it is from: the agent's id, your owner name for your messages, a tool's
                name, system, or what an interceptor gave
            tool_calls (list[ThreadToolCall] | None | Unset):
            tool_call_id (None | str | Unset):
            tool_name (None | str | Unset):
            is_error (bool | None | Unset):
            event (None | ThreadMessageEventType0 | Unset): The event this message carries, if any
     """

    seq: int
    role: str
    created_by: str
    content: str
    created_at: None | str
    sender_id: None | str | Unset = UNSET
    tool_calls: list[ThreadToolCall] | None | Unset = UNSET
    tool_call_id: None | str | Unset = UNSET
    tool_name: None | str | Unset = UNSET
    is_error: bool | None | Unset = UNSET
    event: None | ThreadMessageEventType0 | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.thread_message_event_type_0 import ThreadMessageEventType0 # noqa: PLC0415
        from ..models.thread_tool_call import ThreadToolCall # noqa: PLC0415
        seq = self.seq

        role = self.role

        created_by = self.created_by

        content = self.content

        created_at: None | str
        created_at = self.created_at

        sender_id: None | str | Unset
        if isinstance(self.sender_id, Unset):
            sender_id = UNSET
        else:
            sender_id = self.sender_id

        tool_calls: list[dict[str, Any]] | None | Unset
        if isinstance(self.tool_calls, Unset):
            tool_calls = UNSET
        elif isinstance(self.tool_calls, list):
            tool_calls = []
            for tool_calls_type_0_item_data in self.tool_calls:
                tool_calls_type_0_item = tool_calls_type_0_item_data.to_dict()
                tool_calls.append(tool_calls_type_0_item)


        else:
            tool_calls = self.tool_calls

        tool_call_id: None | str | Unset
        if isinstance(self.tool_call_id, Unset):
            tool_call_id = UNSET
        else:
            tool_call_id = self.tool_call_id

        tool_name: None | str | Unset
        if isinstance(self.tool_name, Unset):
            tool_name = UNSET
        else:
            tool_name = self.tool_name

        is_error: bool | None | Unset
        if isinstance(self.is_error, Unset):
            is_error = UNSET
        else:
            is_error = self.is_error

        event: dict[str, Any] | None | Unset
        if isinstance(self.event, Unset):
            event = UNSET
        elif isinstance(self.event, ThreadMessageEventType0):
            event = self.event.to_dict()
        else:
            event = self.event


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "seq": seq,
            "role": role,
            "created_by": created_by,
            "content": content,
            "created_at": created_at,
        })
        if sender_id is not UNSET:
            field_dict["sender_id"] = sender_id
        if tool_calls is not UNSET:
            field_dict["tool_calls"] = tool_calls
        if tool_call_id is not UNSET:
            field_dict["tool_call_id"] = tool_call_id
        if tool_name is not UNSET:
            field_dict["tool_name"] = tool_name
        if is_error is not UNSET:
            field_dict["is_error"] = is_error
        if event is not UNSET:
            field_dict["event"] = event

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.thread_message_event_type_0 import ThreadMessageEventType0 # noqa: PLC0415
        from ..models.thread_tool_call import ThreadToolCall # noqa: PLC0415
        d = dict(src_dict)
        seq = d.pop("seq")

        role = d.pop("role")

        created_by = d.pop("created_by")

        content = d.pop("content")

        def _parse_created_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        created_at = _parse_created_at(d.pop("created_at"))


        def _parse_sender_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        sender_id = _parse_sender_id(d.pop("sender_id", UNSET))


        def _parse_tool_calls(data: object) -> list[ThreadToolCall] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                tool_calls_type_0 = []
                _tool_calls_type_0 = data
                for tool_calls_type_0_item_data in (_tool_calls_type_0):
                    tool_calls_type_0_item = ThreadToolCall.from_dict(tool_calls_type_0_item_data)


                    tool_calls_type_0.append(tool_calls_type_0_item)

                return tool_calls_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[ThreadToolCall] | None | Unset, data)

        tool_calls = _parse_tool_calls(d.pop("tool_calls", UNSET))


        def _parse_tool_call_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        tool_call_id = _parse_tool_call_id(d.pop("tool_call_id", UNSET))


        def _parse_tool_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        tool_name = _parse_tool_name(d.pop("tool_name", UNSET))


        def _parse_is_error(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        is_error = _parse_is_error(d.pop("is_error", UNSET))


        def _parse_event(data: object) -> None | ThreadMessageEventType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                event_type_0 = ThreadMessageEventType0.from_dict(data)


                return event_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ThreadMessageEventType0 | Unset, data)

        event = _parse_event(d.pop("event", UNSET))


        thread_message = cls(
            seq=seq,
            role=role,
            created_by=created_by,
            content=content,
            created_at=created_at,
            sender_id=sender_id,
            tool_calls=tool_calls,
            tool_call_id=tool_call_id,
            tool_name=tool_name,
            is_error=is_error,
            event=event,
        )


        thread_message.additional_properties = d
        return thread_message

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
