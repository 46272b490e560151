from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.llm_settings_in_provider_type_0 import LLMSettingsInProviderType0
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.fallback_in import FallbackIn
  from ..models.llm_settings_in_tool_models_type_0 import LLMSettingsInToolModelsType0
  from ..models.triage_in import TriageIn


T = TypeVar("T", bound="LLMSettingsIn")


@_attrs_define
class LLMSettingsIn:
    """ ``PATCH /agents/{id}/llm``; null removes a setting (back to the default).

        Attributes:
            provider (LLMSettingsInProviderType0 | None | Unset): anthropic, bedrock or openai; null: the deployment's
                default (WAKEFUL_LLM_PROVIDER)
            model (None | str | Unset):
            base_url (None | str | Unset): openai only: the OpenAI-compatible endpoint (e.g. https://openrouter.ai/api/v1),
                judged by the outbound URL policy; dropped when the provider moves off openai
            api_key (None | str | Unset): Write-only: the agent's own key for its provider, sealed at rest and never
                returned; null removes it; dropped when provider or base_url change without a new key. Visible ASCII characters
                only (it is sent in a header): a space, a line break or another control character is a 422
            fallback (list[FallbackIn] | None | Unset):
            triage (None | TriageIn | Unset): A cheaper model asked first on heartbeat schedule runs: HEARTBEAT_OK from it
                ends the run as heartbeat_ok; any other answer (or a tool call, never run) runs the turn again with the agent's
                model. Null removes it
            tool_models (LLMSettingsInToolModelsType0 | None | Unset):
            daily_token_budget (int | None | Unset):
            thinking_budget_tokens (int | None | Unset): Extended thinking for the agent's threads: the model may think up
                to this many tokens before it answers (streamed as reasoning); max_tokens grows by it. Null turns thinking off.
     """

    provider: LLMSettingsInProviderType0 | None | Unset = UNSET
    model: None | str | Unset = UNSET
    base_url: None | str | Unset = UNSET
    api_key: None | str | Unset = UNSET
    fallback: list[FallbackIn] | None | Unset = UNSET
    triage: None | TriageIn | Unset = UNSET
    tool_models: LLMSettingsInToolModelsType0 | None | Unset = UNSET
    daily_token_budget: int | None | Unset = UNSET
    thinking_budget_tokens: int | None | Unset = UNSET


    def to_dict(self) -> dict[str, Any]:
        from ..models.fallback_in import FallbackIn # noqa: PLC0415
        from ..models.llm_settings_in_tool_models_type_0 import LLMSettingsInToolModelsType0 # noqa: PLC0415
        from ..models.triage_in import TriageIn # noqa: PLC0415
        provider: None | str | Unset
        if isinstance(self.provider, Unset):
            provider = UNSET
        elif isinstance(self.provider, LLMSettingsInProviderType0):
            provider = self.provider.value
        else:
            provider = self.provider

        model: None | str | Unset
        if isinstance(self.model, Unset):
            model = UNSET
        else:
            model = self.model

        base_url: None | str | Unset
        if isinstance(self.base_url, Unset):
            base_url = UNSET
        else:
            base_url = self.base_url

        api_key: None | str | Unset
        if isinstance(self.api_key, Unset):
            api_key = UNSET
        else:
            api_key = self.api_key

        fallback: list[dict[str, Any]] | None | Unset
        if isinstance(self.fallback, Unset):
            fallback = UNSET
        elif isinstance(self.fallback, list):
            fallback = []
            for fallback_type_0_item_data in self.fallback:
                fallback_type_0_item = fallback_type_0_item_data.to_dict()
                fallback.append(fallback_type_0_item)


        else:
            fallback = self.fallback

        triage: dict[str, Any] | None | Unset
        if isinstance(self.triage, Unset):
            triage = UNSET
        elif isinstance(self.triage, TriageIn):
            triage = self.triage.to_dict()
        else:
            triage = self.triage

        tool_models: dict[str, Any] | None | Unset
        if isinstance(self.tool_models, Unset):
            tool_models = UNSET
        elif isinstance(self.tool_models, LLMSettingsInToolModelsType0):
            tool_models = self.tool_models.to_dict()
        else:
            tool_models = self.tool_models

        daily_token_budget: int | None | Unset
        if isinstance(self.daily_token_budget, Unset):
            daily_token_budget = UNSET
        else:
            daily_token_budget = self.daily_token_budget

        thinking_budget_tokens: int | None | Unset
        if isinstance(self.thinking_budget_tokens, Unset):
            thinking_budget_tokens = UNSET
        else:
            thinking_budget_tokens = self.thinking_budget_tokens


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if provider is not UNSET:
            field_dict["provider"] = provider
        if model is not UNSET:
            field_dict["model"] = model
        if base_url is not UNSET:
            field_dict["base_url"] = base_url
        if api_key is not UNSET:
            field_dict["api_key"] = api_key
        if fallback is not UNSET:
            field_dict["fallback"] = fallback
        if triage is not UNSET:
            field_dict["triage"] = triage
        if tool_models is not UNSET:
            field_dict["tool_models"] = tool_models
        if daily_token_budget is not UNSET:
            field_dict["daily_token_budget"] = daily_token_budget
        if thinking_budget_tokens is not UNSET:
            field_dict["thinking_budget_tokens"] = thinking_budget_tokens

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.fallback_in import FallbackIn # noqa: PLC0415
        from ..models.llm_settings_in_tool_models_type_0 import LLMSettingsInToolModelsType0 # noqa: PLC0415
        from ..models.triage_in import TriageIn # noqa: PLC0415
        d = dict(src_dict)
        def _parse_provider(data: object) -> LLMSettingsInProviderType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                provider_type_0 = LLMSettingsInProviderType0(data)


                return provider_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LLMSettingsInProviderType0 | None | Unset, data)

        provider = _parse_provider(d.pop("provider", UNSET))


        def _parse_model(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        model = _parse_model(d.pop("model", UNSET))


        def _parse_base_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        base_url = _parse_base_url(d.pop("base_url", UNSET))


        def _parse_api_key(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        api_key = _parse_api_key(d.pop("api_key", UNSET))


        def _parse_fallback(data: object) -> list[FallbackIn] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                fallback_type_0 = []
                _fallback_type_0 = data
                for fallback_type_0_item_data in (_fallback_type_0):
                    fallback_type_0_item = FallbackIn.from_dict(fallback_type_0_item_data)


                    fallback_type_0.append(fallback_type_0_item)

                return fallback_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[FallbackIn] | None | Unset, data)

        fallback = _parse_fallback(d.pop("fallback", UNSET))


        def _parse_triage(data: object) -> None | TriageIn | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                triage_type_0 = TriageIn.from_dict(data)


                return triage_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TriageIn | Unset, data)

        triage = _parse_triage(d.pop("triage", UNSET))


        def _parse_tool_models(data: object) -> LLMSettingsInToolModelsType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                tool_models_type_0 = LLMSettingsInToolModelsType0.from_dict(data)


                return tool_models_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LLMSettingsInToolModelsType0 | None | Unset, data)

        tool_models = _parse_tool_models(d.pop("tool_models", UNSET))


        def _parse_daily_token_budget(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        daily_token_budget = _parse_daily_token_budget(d.pop("daily_token_budget", UNSET))


        def _parse_thinking_budget_tokens(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        thinking_budget_tokens = _parse_thinking_budget_tokens(d.pop("thinking_budget_tokens", UNSET))


        llm_settings_in = cls(
            provider=provider,
            model=model,
            base_url=base_url,
            api_key=api_key,
            fallback=fallback,
            triage=triage,
            tool_models=tool_models,
            daily_token_budget=daily_token_budget,
            thinking_budget_tokens=thinking_budget_tokens,
        )

        return llm_settings_in
