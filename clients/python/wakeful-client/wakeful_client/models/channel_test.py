from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="ChannelTest")


@_attrs_define
class ChannelTest:
    """ ``POST /channels/{channel_id}/test`` body (optional).

        Attributes:
            message (None | str | Unset): Default: a short test message
            conversation (None | str | Unset): Default: the channel's own
     """

    message: None | str | Unset = UNSET
    conversation: None | str | Unset = UNSET


    def to_dict(self) -> dict[str, Any]:
        message: None | str | Unset
        if isinstance(self.message, Unset):
            message = UNSET
        else:
            message = self.message

        conversation: None | str | Unset
        if isinstance(self.conversation, Unset):
            conversation = UNSET
        else:
            conversation = self.conversation


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if message is not UNSET:
            field_dict["message"] = message
        if conversation is not UNSET:
            field_dict["conversation"] = conversation

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_message(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        message = _parse_message(d.pop("message", UNSET))


        def _parse_conversation(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        conversation = _parse_conversation(d.pop("conversation", UNSET))


        channel_test = cls(
            message=message,
            conversation=conversation,
        )

        return channel_test
