from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.captured_send import CapturedSend
  from ..models.tool_call_view import ToolCallView


T = TypeVar("T", bound="Outcome")


@_attrs_define
class Outcome:
    """ How a run went (an original, a replay, a dry run).

        Attributes:
            outcome (str): heartbeat_ok | finding | completed | sleeping | waiting_approval | failed
            answer (str):
            tool_calls (list[ToolCallView]):
            input_tokens (int):
            output_tokens (int):
            usd (float):
            captured (list[CapturedSend]):
     """

    outcome: str
    answer: str
    tool_calls: list[ToolCallView]
    input_tokens: int
    output_tokens: int
    usd: float
    captured: list[CapturedSend]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.captured_send import CapturedSend # noqa: PLC0415
        from ..models.tool_call_view import ToolCallView # noqa: PLC0415
        outcome = self.outcome

        answer = self.answer

        tool_calls = []
        for tool_calls_item_data in self.tool_calls:
            tool_calls_item = tool_calls_item_data.to_dict()
            tool_calls.append(tool_calls_item)


        input_tokens = self.input_tokens

        output_tokens = self.output_tokens

        usd = self.usd

        captured = []
        for captured_item_data in self.captured:
            captured_item = captured_item_data.to_dict()
            captured.append(captured_item)


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "outcome": outcome,
            "answer": answer,
            "tool_calls": tool_calls,
            "input_tokens": input_tokens,
            "output_tokens": output_tokens,
            "usd": usd,
            "captured": captured,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.captured_send import CapturedSend # noqa: PLC0415
        from ..models.tool_call_view import ToolCallView # noqa: PLC0415
        d = dict(src_dict)
        outcome = d.pop("outcome")

        answer = d.pop("answer")

        tool_calls = []
        _tool_calls = d.pop("tool_calls")
        for tool_calls_item_data in (_tool_calls):
            tool_calls_item = ToolCallView.from_dict(tool_calls_item_data)


            tool_calls.append(tool_calls_item)


        input_tokens = d.pop("input_tokens")

        output_tokens = d.pop("output_tokens")

        usd = d.pop("usd")

        captured = []
        _captured = d.pop("captured")
        for captured_item_data in (_captured):
            captured_item = CapturedSend.from_dict(captured_item_data)


            captured.append(captured_item)


        outcome = cls(
            outcome=outcome,
            answer=answer,
            tool_calls=tool_calls,
            input_tokens=input_tokens,
            output_tokens=output_tokens,
            usd=usd,
            captured=captured,
        )


        outcome.additional_properties = d
        return outcome

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
