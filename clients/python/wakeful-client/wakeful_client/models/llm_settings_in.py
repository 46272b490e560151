from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.llm_settings_in_tool_models_type_0 import LLMSettingsInToolModelsType0


T = TypeVar("T", bound="LLMSettingsIn")


@_attrs_define
class LLMSettingsIn:
    """ ``PATCH /agents/{id}/llm``; null removes a setting (back to the default).

        Attributes:
            model (None | str | Unset):
            tool_models (LLMSettingsInToolModelsType0 | None | Unset):
            daily_token_budget (int | None | Unset):
            thinking_budget_tokens (int | None | Unset): Extended thinking for the agent's threads: the model may think up
                to this many tokens before it answers (streamed as reasoning); max_tokens grows by it. Null turns thinking off.
     """

    model: None | str | Unset = UNSET
    tool_models: LLMSettingsInToolModelsType0 | None | Unset = UNSET
    daily_token_budget: int | None | Unset = UNSET
    thinking_budget_tokens: int | None | Unset = UNSET


    def to_dict(self) -> dict[str, Any]:
        from ..models.llm_settings_in_tool_models_type_0 import LLMSettingsInToolModelsType0 # noqa: PLC0415
        model: None | str | Unset
        if isinstance(self.model, Unset):
            model = UNSET
        else:
            model = self.model

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
        if model is not UNSET:
            field_dict["model"] = model
        if tool_models is not UNSET:
            field_dict["tool_models"] = tool_models
        if daily_token_budget is not UNSET:
            field_dict["daily_token_budget"] = daily_token_budget
        if thinking_budget_tokens is not UNSET:
            field_dict["thinking_budget_tokens"] = thinking_budget_tokens

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.llm_settings_in_tool_models_type_0 import LLMSettingsInToolModelsType0 # noqa: PLC0415
        d = dict(src_dict)
        def _parse_model(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        model = _parse_model(d.pop("model", UNSET))


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
            model=model,
            tool_models=tool_models,
            daily_token_budget=daily_token_budget,
            thinking_budget_tokens=thinking_budget_tokens,
        )

        return llm_settings_in
