from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.discord_interaction_answer_data_type_0 import DiscordInteractionAnswerDataType0


T = TypeVar("T", bound="DiscordInteractionAnswer")


@_attrs_define
class DiscordInteractionAnswer:
    """ What Discord gets back: 1 (PONG), 4 (a message, here only to the user: ephemeral),
    5 (deferred: the thread's answer follows up) or 6 (a button's deferred update).

        Attributes:
            type_ (int): The interaction response type
            data (DiscordInteractionAnswerDataType0 | None | Unset): Type 4's message
     """

    type_: int
    data: DiscordInteractionAnswerDataType0 | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.discord_interaction_answer_data_type_0 import DiscordInteractionAnswerDataType0 # noqa: PLC0415
        type_ = self.type_

        data: dict[str, Any] | None | Unset
        if isinstance(self.data, Unset):
            data = UNSET
        elif isinstance(self.data, DiscordInteractionAnswerDataType0):
            data = self.data.to_dict()
        else:
            data = self.data


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
        })
        if data is not UNSET:
            field_dict["data"] = data

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.discord_interaction_answer_data_type_0 import DiscordInteractionAnswerDataType0 # noqa: PLC0415
        d = dict(src_dict)
        type_ = d.pop("type")

        def _parse_data(data: object) -> DiscordInteractionAnswerDataType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_0 = DiscordInteractionAnswerDataType0.from_dict(data)


                return data_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DiscordInteractionAnswerDataType0 | None | Unset, data)

        data = _parse_data(d.pop("data", UNSET))


        discord_interaction_answer = cls(
            type_=type_,
            data=data,
        )


        discord_interaction_answer.additional_properties = d
        return discord_interaction_answer

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
