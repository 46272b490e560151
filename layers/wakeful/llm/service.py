"""An agent's LLM settings: what ``GET``/``PATCH /agents/{id}/llm`` read and change."""

from __future__ import annotations

from typing import Any

from wakeful.exceptions import ValidationError
from wakeful.llm import choice, ledger, providers
from wakeful.llm.settings import get_settings



class LLMSettingsInvalidError(ValidationError):
    """The LLM settings asked for do not go together (422)."""

    code = "invalid_llm_settings"


def view(agent_id: str) -> dict[str, Any]:
    """The API view of an agent's LLM settings and today's usage (never its key)."""
    settings = get_settings()
    mine = ledger.agent_settings(agent_id)
    budget = mine.get("daily_token_budget")
    provider = str(mine.get("provider") or settings.provider)
    return {
        "provider": provider,
        "provider_reason": "set on the agent" if mine.get("provider") else settings.provider_reason,
        "default_provider": settings.provider,
        "default_model": settings.default_model(provider),
        "model": mine.get("model"),
        "effective_model": str(mine.get("model") or settings.default_model(provider)),
        "base_url": mine.get("base_url"),
        "api_key_set": bool(mine.get("api_key_sealed")),
        "fallback": [{k: v for k, v in f.items() if v is not None} for f in mine.get("fallback") or []],
        "triage": {k: v for k, v in mine["triage"].items() if v is not None} if mine.get("triage") else None,
        "tool_models": mine.get("tool_models") or {},
        "daily_token_budget": int(budget) if budget is not None else settings.daily_token_budget,
        "thinking_budget_tokens": int(mine["thinking_budget_tokens"]) if mine.get("thinking_budget_tokens") is not None else None,
        "usage_today": ledger.usage_today(agent_id),
        "usage_by_model": ledger.usage_by_model(agent_id),
    }


def update(agent_id: str, changes: dict[str, Any]) -> None:
    """Apply a PATCH's fields (None removes one), after checking they go together: a
    ``base_url`` only for openai (the agent's provider, else the deployment's) and
    allowed by the outbound URL policy, a model of its provider's shape; ``api_key`` is
    sealed before it is stored. A PATCH that moves the agent to a provider other than
    openai without naming ``base_url`` drops the stored one (it was the old provider's
    endpoint); one that names a ``base_url`` with such a provider is refused. A PATCH
    that changes the provider or the ``base_url`` without giving ``api_key`` again
    drops the stored key: a write-only key is never sent where it was not given for."""
    current = ledger.agent_settings(agent_id)
    if current.get("base_url") and "provider" in changes and "base_url" not in changes and not providers.takes_base_url(changes["provider"] or get_settings().provider):
        changes = {**changes, "base_url": None}
    merged = {**current, **changes}
    if current.get("api_key_sealed") and "api_key" not in changes and _endpoint(merged) != _endpoint(current):
        # The key was given for the old endpoint: it is never sent to another one.
        changes = {**changes, "api_key": None}
    provider = merged.get("provider")
    # An agent that names no provider is on the deployment's default: on openai, its
    # base_url applies (as at call time, in choice.endpoints).
    if merged.get("base_url") and not providers.takes_base_url(provider or get_settings().provider):
        takers = _url_providers()
        raise LLMSettingsInvalidError(f"base_url is for the {takers} provider only (set provider to {takers}, or base_url to null)")
    if changes.get("base_url"):
        _check_url(str(changes["base_url"]), "base_url")
    if provider and ("model" in changes or "provider" in changes) and merged.get("model"):
        _check_model(str(provider), str(merged["model"]), "model")
    for index, entry in enumerate(changes.get("fallback") or []):
        _check_entry(entry, f"fallback[{index}]")
    if changes.get("triage"):
        _check_entry(changes["triage"], "triage")
    stored = dict(changes)
    if "api_key" in stored:
        key = stored.pop("api_key")
        if key is not None:
            from wakeful import secrets

            stored["api_key_sealed"] = secrets.seal(str(key), context=choice.key_context(agent_id))
        else:
            stored["api_key_sealed"] = None
    if "fallback" in stored and stored["fallback"] is not None:
        stored["fallback"] = [{k: v for k, v in f.items() if v is not None} for f in stored["fallback"]]
    if stored.get("triage") is not None:
        stored["triage"] = {k: v for k, v in stored["triage"].items() if v is not None}
    ledger.put_settings(agent_id, stored)


def _check_entry(entry: dict[str, Any], where: str) -> None:
    """A fallback or triage entry: a base_url only for a provider that takes one, and
    allowed by the outbound URL policy; a model of its provider's shape."""
    if entry.get("base_url") and not providers.takes_base_url(entry["provider"]):
        raise LLMSettingsInvalidError(f"{where}.base_url is for the {_url_providers()} provider only")
    if entry.get("base_url"):
        _check_url(str(entry["base_url"]), f"{where}.base_url")
    _check_model(entry["provider"], entry["model"], f"{where}.model")


def _endpoint(settings: dict[str, Any]) -> tuple[str, str | None]:
    """Where an agent's own model calls go: its provider (else the deployment's) and
    base URL."""
    return str(settings.get("provider") or get_settings().provider), settings.get("base_url") or None


def _check_url(url: str, field: str) -> None:
    from wakeful import outbound

    try:
        outbound.check(url)
    except outbound.UnsafeUrlError as error:
        raise LLMSettingsInvalidError(f"{field}: {error}") from error


def _url_providers() -> str:
    """The providers an agent's ``base_url`` is for, as messages spell them."""
    return providers.spelled(tuple(name for name in providers.names() if providers.takes_base_url(name)))


def _check_model(provider: str, model: str, field: str) -> None:
    problem = providers.model_problem(provider, model)
    if problem:
        raise LLMSettingsInvalidError(f"{field}: {problem}")
