from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.stream_event_metadata import StreamEventMetadata
  from ..models.stream_event_tool_args_type_0 import StreamEventToolArgsType0


T = TypeVar("T", bound="StreamEvent")


@_attrs_define
class StreamEvent:
    """ One event of a thread's live stream (the ``data:`` of its Server-Sent Event).

        Attributes:
            id (int): Per thread, from 1, without gaps
            type_ (str): start, text, reasoning, tool_call, tool_result, completed or error
            metadata (StreamEventMetadata): Where and when a stream event happened.
            content (None | str | Unset):
            tool_name (None | str | Unset):
            tool_call_id (None | str | Unset):
            tool_args (None | StreamEventToolArgsType0 | Unset):
            tool_result (Any | Unset):
            is_error (bool | None | Unset):
     """

    id: int
    type_: str
    metadata: StreamEventMetadata
    content: None | str | Unset = UNSET
    tool_name: None | str | Unset = UNSET
    tool_call_id: None | str | Unset = UNSET
    tool_args: None | StreamEventToolArgsType0 | Unset = UNSET
    tool_result: Any | Unset = UNSET
    is_error: bool | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.stream_event_metadata import StreamEventMetadata # noqa: PLC0415
        from ..models.stream_event_tool_args_type_0 import StreamEventToolArgsType0 # noqa: PLC0415
        id = self.id

        type_ = self.type_

        metadata = self.metadata.to_dict()

        content: None | str | Unset
        if isinstance(self.content, Unset):
            content = UNSET
        else:
            content = self.content

        tool_name: None | str | Unset
        if isinstance(self.tool_name, Unset):
            tool_name = UNSET
        else:
            tool_name = self.tool_name

        tool_call_id: None | str | Unset
        if isinstance(self.tool_call_id, Unset):
            tool_call_id = UNSET
        else:
            tool_call_id = self.tool_call_id

        tool_args: dict[str, Any] | None | Unset
        if isinstance(self.tool_args, Unset):
            tool_args = UNSET
        elif isinstance(self.tool_args, StreamEventToolArgsType0):
            tool_args = self.tool_args.to_dict()
        else:
            tool_args = self.tool_args

        tool_result = self.tool_result

        is_error: bool | None | Unset
        if isinstance(self.is_error, Unset):
            is_error = UNSET
        else:
            is_error = self.is_error


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "type": type_,
            "metadata": metadata,
        })
        if content is not UNSET:
            field_dict["content"] = content
        if tool_name is not UNSET:
            field_dict["tool_name"] = tool_name
        if tool_call_id is not UNSET:
            field_dict["tool_call_id"] = tool_call_id
        if tool_args is not UNSET:
            field_dict["tool_args"] = tool_args
        if tool_result is not UNSET:
            field_dict["tool_result"] = tool_result
        if is_error is not UNSET:
            field_dict["is_error"] = is_error

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.stream_event_metadata import StreamEventMetadata # noqa: PLC0415
        from ..models.stream_event_tool_args_type_0 import StreamEventToolArgsType0 # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        type_ = d.pop("type")

        metadata = StreamEventMetadata.from_dict(d.pop("metadata"))


        def _parse_content(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        content = _parse_content(d.pop("content", UNSET))


        def _parse_tool_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        tool_name = _parse_tool_name(d.pop("tool_name", UNSET))


        def _parse_tool_call_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        tool_call_id = _parse_tool_call_id(d.pop("tool_call_id", UNSET))


        def _parse_tool_args(data: object) -> None | StreamEventToolArgsType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                tool_args_type_0 = StreamEventToolArgsType0.from_dict(data)


                return tool_args_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | StreamEventToolArgsType0 | Unset, data)

        tool_args = _parse_tool_args(d.pop("tool_args", UNSET))


        tool_result = d.pop("tool_result", UNSET)

        def _parse_is_error(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        is_error = _parse_is_error(d.pop("is_error", UNSET))


        stream_event = cls(
            id=id,
            type_=type_,
            metadata=metadata,
            content=content,
            tool_name=tool_name,
            tool_call_id=tool_call_id,
            tool_args=tool_args,
            tool_result=tool_result,
            is_error=is_error,
        )


        stream_event.additional_properties = d
        return stream_event

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
