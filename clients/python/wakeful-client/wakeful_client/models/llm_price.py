from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset


T = TypeVar("T", bound="LLMPrice")


@_attrs_define
class LLMPrice:
    """ One entry of the price table, in US dollars per million tokens.

        Attributes:
            provider (str): The provider, or `*` for any
            model (str): The model; a trailing `*` makes it a prefix
            input_per_mtok (float):
            output_per_mtok (float):
            cache_read_per_mtok (float):
            cache_write_per_mtok (float):
            source (str): `builtin`, or `deployment` (WAKEFUL_LLM_PRICES)
     """

    provider: str
    model: str
    input_per_mtok: float
    output_per_mtok: float
    cache_read_per_mtok: float
    cache_write_per_mtok: float
    source: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        provider = self.provider

        model = self.model

        input_per_mtok = self.input_per_mtok

        output_per_mtok = self.output_per_mtok

        cache_read_per_mtok = self.cache_read_per_mtok

        cache_write_per_mtok = self.cache_write_per_mtok

        source = self.source


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "provider": provider,
            "model": model,
            "input_per_mtok": input_per_mtok,
            "output_per_mtok": output_per_mtok,
            "cache_read_per_mtok": cache_read_per_mtok,
            "cache_write_per_mtok": cache_write_per_mtok,
            "source": source,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        provider = d.pop("provider")

        model = d.pop("model")

        input_per_mtok = d.pop("input_per_mtok")

        output_per_mtok = d.pop("output_per_mtok")

        cache_read_per_mtok = d.pop("cache_read_per_mtok")

        cache_write_per_mtok = d.pop("cache_write_per_mtok")

        source = d.pop("source")

        llm_price = cls(
            provider=provider,
            model=model,
            input_per_mtok=input_per_mtok,
            output_per_mtok=output_per_mtok,
            cache_read_per_mtok=cache_read_per_mtok,
            cache_write_per_mtok=cache_write_per_mtok,
            source=source,
        )


        llm_price.additional_properties = d
        return llm_price

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
