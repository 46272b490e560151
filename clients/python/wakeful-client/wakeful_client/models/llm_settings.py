from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.llm_fallback import LLMFallback
  from ..models.llm_model_usage import LLMModelUsage
  from ..models.llm_settings_tool_models import LLMSettingsToolModels
  from ..models.llm_usage import LLMUsage


T = TypeVar("T", bound="LLMSettings")


@_attrs_define
class LLMSettings:
    """ An agent's LLM settings (never its key), today's usage and its daily budget.

        Attributes:
            provider (str): The provider the agent's calls go to
            provider_reason (None | str):
            default_provider (str):
            default_model (None | str):
            model (None | str):
            effective_model (str):
            base_url (None | str):
            api_key_set (bool): Whether the agent has a key of its own (the key is never shown)
            fallback (list[LLMFallback]):
            tool_models (LLMSettingsToolModels):
            daily_token_budget (int | None):
            thinking_budget_tokens (int | None):
            usage_today (LLMUsage): An agent's model usage for one UTC day, over every provider.
            usage_by_model (list[LLMModelUsage]): Today's usage per provider and model
            triage (LLMFallback | None | Unset): The model asked first on heartbeat schedule runs, if any
     """

    provider: str
    provider_reason: None | str
    default_provider: str
    default_model: None | str
    model: None | str
    effective_model: str
    base_url: None | str
    api_key_set: bool
    fallback: list[LLMFallback]
    tool_models: LLMSettingsToolModels
    daily_token_budget: int | None
    thinking_budget_tokens: int | None
    usage_today: LLMUsage
    usage_by_model: list[LLMModelUsage]
    triage: LLMFallback | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.llm_fallback import LLMFallback # noqa: PLC0415
        from ..models.llm_model_usage import LLMModelUsage # noqa: PLC0415
        from ..models.llm_settings_tool_models import LLMSettingsToolModels # noqa: PLC0415
        from ..models.llm_usage import LLMUsage # noqa: PLC0415
        provider = self.provider

        provider_reason: None | str
        provider_reason = self.provider_reason

        default_provider = self.default_provider

        default_model: None | str
        default_model = self.default_model

        model: None | str
        model = self.model

        effective_model = self.effective_model

        base_url: None | str
        base_url = self.base_url

        api_key_set = self.api_key_set

        fallback = []
        for fallback_item_data in self.fallback:
            fallback_item = fallback_item_data.to_dict()
            fallback.append(fallback_item)


        tool_models = self.tool_models.to_dict()

        daily_token_budget: int | None
        daily_token_budget = self.daily_token_budget

        thinking_budget_tokens: int | None
        thinking_budget_tokens = self.thinking_budget_tokens

        usage_today = self.usage_today.to_dict()

        usage_by_model = []
        for usage_by_model_item_data in self.usage_by_model:
            usage_by_model_item = usage_by_model_item_data.to_dict()
            usage_by_model.append(usage_by_model_item)


        triage: dict[str, Any] | None | Unset
        if isinstance(self.triage, Unset):
            triage = UNSET
        elif isinstance(self.triage, LLMFallback):
            triage = self.triage.to_dict()
        else:
            triage = self.triage


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "provider": provider,
            "provider_reason": provider_reason,
            "default_provider": default_provider,
            "default_model": default_model,
            "model": model,
            "effective_model": effective_model,
            "base_url": base_url,
            "api_key_set": api_key_set,
            "fallback": fallback,
            "tool_models": tool_models,
            "daily_token_budget": daily_token_budget,
            "thinking_budget_tokens": thinking_budget_tokens,
            "usage_today": usage_today,
            "usage_by_model": usage_by_model,
        })
        if triage is not UNSET:
            field_dict["triage"] = triage

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.llm_fallback import LLMFallback # noqa: PLC0415
        from ..models.llm_model_usage import LLMModelUsage # noqa: PLC0415
        from ..models.llm_settings_tool_models import LLMSettingsToolModels # noqa: PLC0415
        from ..models.llm_usage import LLMUsage # noqa: PLC0415
        d = dict(src_dict)
        provider = d.pop("provider")

        def _parse_provider_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        provider_reason = _parse_provider_reason(d.pop("provider_reason"))


        default_provider = d.pop("default_provider")

        def _parse_default_model(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        default_model = _parse_default_model(d.pop("default_model"))


        def _parse_model(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        model = _parse_model(d.pop("model"))


        effective_model = d.pop("effective_model")

        def _parse_base_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        base_url = _parse_base_url(d.pop("base_url"))


        api_key_set = d.pop("api_key_set")

        fallback = []
        _fallback = d.pop("fallback")
        for fallback_item_data in (_fallback):
            fallback_item = LLMFallback.from_dict(fallback_item_data)


            fallback.append(fallback_item)


        tool_models = LLMSettingsToolModels.from_dict(d.pop("tool_models"))


        def _parse_daily_token_budget(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        daily_token_budget = _parse_daily_token_budget(d.pop("daily_token_budget"))


        def _parse_thinking_budget_tokens(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        thinking_budget_tokens = _parse_thinking_budget_tokens(d.pop("thinking_budget_tokens"))


        usage_today = LLMUsage.from_dict(d.pop("usage_today"))


        usage_by_model = []
        _usage_by_model = d.pop("usage_by_model")
        for usage_by_model_item_data in (_usage_by_model):
            usage_by_model_item = LLMModelUsage.from_dict(usage_by_model_item_data)


            usage_by_model.append(usage_by_model_item)


        def _parse_triage(data: object) -> LLMFallback | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                triage_type_0 = LLMFallback.from_dict(data)


                return triage_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LLMFallback | None | Unset, data)

        triage = _parse_triage(d.pop("triage", UNSET))


        llm_settings = cls(
            provider=provider,
            provider_reason=provider_reason,
            default_provider=default_provider,
            default_model=default_model,
            model=model,
            effective_model=effective_model,
            base_url=base_url,
            api_key_set=api_key_set,
            fallback=fallback,
            tool_models=tool_models,
            daily_token_budget=daily_token_budget,
            thinking_budget_tokens=thinking_budget_tokens,
            usage_today=usage_today,
            usage_by_model=usage_by_model,
            triage=triage,
        )


        llm_settings.additional_properties = d
        return llm_settings

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
