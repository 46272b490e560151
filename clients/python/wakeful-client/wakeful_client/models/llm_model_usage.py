from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset


T = TypeVar("T", bound="LLMModelUsage")


@_attrs_define
class LLMModelUsage:
    """ An agent's usage of one provider and model for one UTC day.

        Attributes:
            provider (str):
            model (str):
            calls (int): Answered calls
            failed_calls (int): Attempts that failed (e.g. before a fallback answered)
            tokens (int):
            input_tokens (int):
            output_tokens (int):
            cache_read_input_tokens (int):
            cache_creation_input_tokens (int):
            cost_usd (float):
     """

    provider: str
    model: str
    calls: int
    failed_calls: int
    tokens: int
    input_tokens: int
    output_tokens: int
    cache_read_input_tokens: int
    cache_creation_input_tokens: int
    cost_usd: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        provider = self.provider

        model = self.model

        calls = self.calls

        failed_calls = self.failed_calls

        tokens = self.tokens

        input_tokens = self.input_tokens

        output_tokens = self.output_tokens

        cache_read_input_tokens = self.cache_read_input_tokens

        cache_creation_input_tokens = self.cache_creation_input_tokens

        cost_usd = self.cost_usd


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "provider": provider,
            "model": model,
            "calls": calls,
            "failed_calls": failed_calls,
            "tokens": tokens,
            "input_tokens": input_tokens,
            "output_tokens": output_tokens,
            "cache_read_input_tokens": cache_read_input_tokens,
            "cache_creation_input_tokens": cache_creation_input_tokens,
            "cost_usd": cost_usd,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        provider = d.pop("provider")

        model = d.pop("model")

        calls = d.pop("calls")

        failed_calls = d.pop("failed_calls")

        tokens = d.pop("tokens")

        input_tokens = d.pop("input_tokens")

        output_tokens = d.pop("output_tokens")

        cache_read_input_tokens = d.pop("cache_read_input_tokens")

        cache_creation_input_tokens = d.pop("cache_creation_input_tokens")

        cost_usd = d.pop("cost_usd")

        llm_model_usage = cls(
            provider=provider,
            model=model,
            calls=calls,
            failed_calls=failed_calls,
            tokens=tokens,
            input_tokens=input_tokens,
            output_tokens=output_tokens,
            cache_read_input_tokens=cache_read_input_tokens,
            cache_creation_input_tokens=cache_creation_input_tokens,
            cost_usd=cost_usd,
        )


        llm_model_usage.additional_properties = d
        return llm_model_usage

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
