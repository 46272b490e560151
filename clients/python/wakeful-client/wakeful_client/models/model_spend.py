from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset


T = TypeVar("T", bound="ModelSpend")


@_attrs_define
class ModelSpend:
    """ The current UTC month's calls of one provider, model and purpose.

        Attributes:
            provider (str):
            model (str):
            purpose (str): run, tool, triage, consolidation, replay or dry_run
            replay (bool): True for replays and dry runs
            calls (int):
            input_tokens (int):
            output_tokens (int):
            cache_read_tokens (int):
            cache_write_tokens (int):
            usd (float):
     """

    provider: str
    model: str
    purpose: str
    replay: bool
    calls: int
    input_tokens: int
    output_tokens: int
    cache_read_tokens: int
    cache_write_tokens: int
    usd: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        provider = self.provider

        model = self.model

        purpose = self.purpose

        replay = self.replay

        calls = self.calls

        input_tokens = self.input_tokens

        output_tokens = self.output_tokens

        cache_read_tokens = self.cache_read_tokens

        cache_write_tokens = self.cache_write_tokens

        usd = self.usd


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "provider": provider,
            "model": model,
            "purpose": purpose,
            "replay": replay,
            "calls": calls,
            "input_tokens": input_tokens,
            "output_tokens": output_tokens,
            "cache_read_tokens": cache_read_tokens,
            "cache_write_tokens": cache_write_tokens,
            "usd": usd,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        provider = d.pop("provider")

        model = d.pop("model")

        purpose = d.pop("purpose")

        replay = d.pop("replay")

        calls = d.pop("calls")

        input_tokens = d.pop("input_tokens")

        output_tokens = d.pop("output_tokens")

        cache_read_tokens = d.pop("cache_read_tokens")

        cache_write_tokens = d.pop("cache_write_tokens")

        usd = d.pop("usd")

        model_spend = cls(
            provider=provider,
            model=model,
            purpose=purpose,
            replay=replay,
            calls=calls,
            input_tokens=input_tokens,
            output_tokens=output_tokens,
            cache_read_tokens=cache_read_tokens,
            cache_write_tokens=cache_write_tokens,
            usd=usd,
        )


        model_spend.additional_properties = d
        return model_spend

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
