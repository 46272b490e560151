from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="TelegramUpdateAnswer")


@_attrs_define
class TelegramUpdateAnswer:
    """ What Telegram gets back: empty, or a method call in the webhook's answer (a
    button's ``answerCallbackQuery``, which stops its spinner).

        Attributes:
            method (None | str | Unset):
            callback_query_id (None | str | Unset):
            text (None | str | Unset):
     """

    method: None | str | Unset = UNSET
    callback_query_id: None | str | Unset = UNSET
    text: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        method: None | str | Unset
        if isinstance(self.method, Unset):
            method = UNSET
        else:
            method = self.method

        callback_query_id: None | str | Unset
        if isinstance(self.callback_query_id, Unset):
            callback_query_id = UNSET
        else:
            callback_query_id = self.callback_query_id

        text: None | str | Unset
        if isinstance(self.text, Unset):
            text = UNSET
        else:
            text = self.text


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if method is not UNSET:
            field_dict["method"] = method
        if callback_query_id is not UNSET:
            field_dict["callback_query_id"] = callback_query_id
        if text is not UNSET:
            field_dict["text"] = text

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_method(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        method = _parse_method(d.pop("method", UNSET))


        def _parse_callback_query_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        callback_query_id = _parse_callback_query_id(d.pop("callback_query_id", UNSET))


        def _parse_text(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        text = _parse_text(d.pop("text", UNSET))


        telegram_update_answer = cls(
            method=method,
            callback_query_id=callback_query_id,
            text=text,
        )


        telegram_update_answer.additional_properties = d
        return telegram_update_answer

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
