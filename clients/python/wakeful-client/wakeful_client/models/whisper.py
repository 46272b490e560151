from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.whisper_sender import WhisperSender


T = TypeVar("T", bound="Whisper")


@_attrs_define
class Whisper:
    """ A private message from a user to an agent.

        Attributes:
            id (str):
            agent_id (str):
            from_ (WhisperSender): The user who sent a whisper.
            content (None | str):
            type_ (None | str):
            status (None | str):
            snip_id (None | str):
            created_at (None | str):
     """

    id: str
    agent_id: str
    from_: WhisperSender
    content: None | str
    type_: None | str
    status: None | str
    snip_id: None | str
    created_at: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.whisper_sender import WhisperSender # noqa: PLC0415
        id = self.id

        agent_id = self.agent_id

        from_ = self.from_.to_dict()

        content: None | str
        content = self.content

        type_: None | str
        type_ = self.type_

        status: None | str
        status = self.status

        snip_id: None | str
        snip_id = self.snip_id

        created_at: None | str
        created_at = self.created_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "agent_id": agent_id,
            "from": from_,
            "content": content,
            "type": type_,
            "status": status,
            "snip_id": snip_id,
            "created_at": created_at,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.whisper_sender import WhisperSender # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        agent_id = d.pop("agent_id")

        from_ = WhisperSender.from_dict(d.pop("from"))


        def _parse_content(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        content = _parse_content(d.pop("content"))


        def _parse_type_(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        type_ = _parse_type_(d.pop("type"))


        def _parse_status(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        status = _parse_status(d.pop("status"))


        def _parse_snip_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        snip_id = _parse_snip_id(d.pop("snip_id"))


        def _parse_created_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        created_at = _parse_created_at(d.pop("created_at"))


        whisper = cls(
            id=id,
            agent_id=agent_id,
            from_=from_,
            content=content,
            type_=type_,
            status=status,
            snip_id=snip_id,
            created_at=created_at,
        )


        whisper.additional_properties = d
        return whisper

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
