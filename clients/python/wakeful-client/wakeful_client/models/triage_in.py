from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.triage_in_provider import TriageInProvider
from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="TriageIn")


@_attrs_define
class TriageIn:
    """ The triage model: asked first on heartbeat schedule runs; its ``HEARTBEAT_OK`` ends
    the run, anything else is asked again of the agent's model.

        Attributes:
            provider (TriageInProvider):
            model (str):
            base_url (None | str | Unset): openai only
     """

    provider: TriageInProvider
    model: str
    base_url: None | str | Unset = UNSET


    def to_dict(self) -> dict[str, Any]:
        provider = self.provider.value

        model = self.model

        base_url: None | str | Unset
        if isinstance(self.base_url, Unset):
            base_url = UNSET
        else:
            base_url = self.base_url


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "provider": provider,
            "model": model,
        })
        if base_url is not UNSET:
            field_dict["base_url"] = base_url

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        provider = TriageInProvider(d.pop("provider"))


        model = d.pop("model")

        def _parse_base_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        base_url = _parse_base_url(d.pop("base_url", UNSET))


        triage_in = cls(
            provider=provider,
            model=model,
            base_url=base_url,
        )

        return triage_in
