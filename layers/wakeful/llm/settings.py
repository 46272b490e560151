"""LLM settings, parsed once from the environment (call :func:`reset` after changing it).

- ``WAKEFUL_LLM_PROVIDER``: the deployment's default provider, ``anthropic``,
  ``bedrock``, ``openai`` or ``scripted``. Default: ``scripted`` when a conversation
  script is given (``WAKEFUL_LLM_SCRIPT``), else ``anthropic`` when the key has a source
  (``WAKEFUL_ANTHROPIC_SECRET``, a Secrets Manager secret, or ``ANTHROPIC_API_KEY``; see
  :mod:`wakeful.llm.credentials`), else ``scripted`` (deterministic, offline). An
  agent's LLM settings (``PATCH /agents/{id}/llm``) choose another for that agent.
- ``WAKEFUL_LLM_MODEL``: the default provider's default model (:data:`DEFAULT_MODELS`
  if unset); ``WAKEFUL_BEDROCK_MODEL`` and ``WAKEFUL_OPENAI_MODEL`` those of bedrock and
  openai when they are not the default provider. A tool's ``tool_config.model`` or the
  agent's LLM settings win.
- ``WAKEFUL_LLM_SCRIPT``: a JSON file of conversation rules for the scripted provider
  (:mod:`wakeful.llm.script`); ``WAKEFUL_LLM_PRICES``: extra prices
  (:mod:`wakeful.llm.pricing`).
- ``WAKEFUL_OPENAI_SECRET``: the Secrets Manager secret holding the OpenAI-compatible
  key (else ``OPENAI_API_KEY``); ``OPENAI_BASE_URL`` the default endpoint.
- ``WAKEFUL_LLM_TIMEOUT_SECONDS`` (default 30) per request; ``WAKEFUL_LLM_MAX_RETRIES``
  (default 2) the SDK's retries on 408/409/429/5xx/529 and timeouts.
- ``WAKEFUL_LLM_DAILY_TOKEN_BUDGET`` (default 500000): tokens per agent per UTC day,
  unless the agent's LLM settings say otherwise.
- ``WAKEFUL_ANTHROPIC_SECRET`` / ``WAKEFUL_ANTHROPIC_SECRET_MAX_AGE_SECONDS`` (default
  300): where the key is read from, and for how long a read value is reused.
- ``ANTHROPIC_BASE_URL`` is honoured by the SDK itself.
"""

from __future__ import annotations

import os
from functools import lru_cache
from typing import Iterator, Mapping

from pydantic import BaseModel, Field, field_validator

from wakeful import constants
from wakeful.config import llm_provider
from wakeful.llm import providers, slots
from wakeful.llm.slots import DEFAULT_MODEL  # noqa: F401 - the settings name it as theirs too


class _DefaultModels(Mapping[str, str]):
    """Each provider's default model, as the registry says (read when asked)."""

    def __getitem__(self, name: str) -> str:
        return slots.entries()[name].default_model

    def __iter__(self) -> Iterator[str]:
        return iter(slots.names())

    def __len__(self) -> int:
        return len(slots.names())


#: Each installed provider's default model (:data:`wakeful.llm.slots.PROVIDERS`).
DEFAULT_MODELS: Mapping[str, str] = _DefaultModels()
DEFAULT_DAILY_TOKEN_BUDGET = 500_000


class LLMSettings(BaseModel, frozen=True):
    """What the LLM layer reads from its environment."""

    #: The deployment's default provider (an installed one: :data:`wakeful.llm.slots.PROVIDERS`).
    provider: str
    provider_reason: str
    model: str = ""
    #: The default models of the providers that are not the deployment's default one,
    #: from their ``model_env`` (``WAKEFUL_BEDROCK_MODEL`` ...), where set.
    provider_models: dict[str, str] = Field(default_factory=dict)
    #: The scripted provider's conversation rules (a JSON file), if any.
    script_path: str | None = None
    #: Extra prices, JSON (see :mod:`wakeful.llm.pricing`).
    prices_json: str | None = None
    #: Name or ARN of the Secrets Manager secret holding the OpenAI-compatible key, if any.
    openai_secret: str | None = None
    timeout_seconds: float = Field(default=30.0, gt=0, le=600)
    max_retries: int = Field(default=2, ge=0, le=10)
    daily_token_budget: int = Field(default=DEFAULT_DAILY_TOKEN_BUDGET, ge=0)
    #: Name or ARN of the Secrets Manager secret holding the Anthropic key, if any.
    anthropic_secret: str | None = None
    anthropic_secret_max_age_seconds: int = Field(default=constants.DEFAULT_ANTHROPIC_SECRET_MAX_AGE_SECONDS, ge=0)

    @field_validator("provider")
    @classmethod
    def _known(cls, value: str) -> str:
        if value not in providers.names():
            llm_provider(value)  # raises, naming the variable and the allowed values
            raise ValueError(f"{value!r} is not a provider's name")
        return value

    def model_post_init(self, _context: object) -> None:
        if not self.model:
            object.__setattr__(self, "model", DEFAULT_MODELS[self.provider])

    def default_model(self, provider: str) -> str:
        """The model a call on ``provider`` uses when nothing more specific is set."""
        if provider == self.provider:
            return self.model
        if provider in self.provider_models:
            return self.provider_models[provider]
        return providers.default_model(provider)


def settings_from_env(env: dict[str, str] | None = None) -> LLMSettings:
    """Build :class:`LLMSettings` from an environment mapping (default ``os.environ``).

    Raises:
        ValueError: ``WAKEFUL_LLM_PROVIDER`` names no provider (as
            :func:`wakeful.config.llm_provider` says), or another variable is invalid.
    """
    env = dict(os.environ) if env is None else env
    chosen = llm_provider(env.get(constants.ENV_LLM_PROVIDER))
    if chosen:
        reason = f"{constants.ENV_LLM_PROVIDER}={chosen}"
    else:
        chosen, reason = providers.default_choice(env)
    raw: dict[str, object] = {"provider": chosen, "provider_reason": reason}
    for field, var in (
        ("model", constants.ENV_LLM_MODEL),
        ("timeout_seconds", constants.ENV_LLM_TIMEOUT),
        ("max_retries", constants.ENV_LLM_MAX_RETRIES),
        ("daily_token_budget", constants.ENV_LLM_DAILY_TOKEN_BUDGET),
        ("anthropic_secret", constants.ENV_ANTHROPIC_SECRET),
        ("anthropic_secret_max_age_seconds", constants.ENV_ANTHROPIC_SECRET_MAX_AGE),
        ("script_path", constants.ENV_LLM_SCRIPT),
        ("prices_json", constants.ENV_LLM_PRICES),
        ("openai_secret", constants.ENV_OPENAI_SECRET),
    ):
        if env.get(var):
            raw[field] = env[var]
    raw["provider_models"] = {
        entry.name: env[entry.model_env] for entry in slots.PROVIDERS.installed() if entry.model_env and env.get(entry.model_env)
    }
    settings = LLMSettings.model_validate(raw)
    if settings.prices_json:
        from wakeful.llm.pricing import parse_table

        parse_table(settings.prices_json)
    return settings


@lru_cache(maxsize=1)
def get_settings() -> LLMSettings:
    """The process-wide LLM settings, read once."""
    return settings_from_env()


def reset() -> None:
    """Forget the settings (the provider clients built from them are built again on
    their next use: :func:`wakeful.llm.providers.get` keeps them per settings)."""
    get_settings.cache_clear()
