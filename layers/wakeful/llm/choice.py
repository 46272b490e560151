"""Which model answers an agent's call, and what happens when it fails.

An agent's LLM settings (``PATCH /agents/{id}/llm``) may name a ``provider``
(``anthropic``, ``bedrock`` or ``openai``), a ``model``, a ``base_url`` (openai), its own
``api_key`` (sealed at rest) and a ``fallback`` list of ``{provider, model, base_url?}``.
:func:`endpoints` turns them into the ordered list of :class:`~wakeful.llm.models.Endpoint`
to try; :func:`ask` asks each in turn while the one before fails with a retryable
:class:`~wakeful.llm.exceptions.LLMProviderError` (429, 5xx, overload, a timeout, no
connection: after the SDK's own retries), and records each failed attempt in the
ledger. Other errors (a bad request, a refusal, a missing key) end the call at once.

Nothing above this module learns which provider answered, but the usage does
(``Usage.provider``, ``Usage.model``).
"""

from __future__ import annotations

import logging
from typing import Any, Callable

from wakeful.llm import callgate, ledger, metrics, providers
from wakeful.llm.exceptions import LLMError, LLMProviderError
from wakeful.llm.callgate import CallContext
from wakeful.llm.models import Endpoint, RawAnswer
from wakeful.llm.settings import get_settings

logger = logging.getLogger(__name__)

#: The encryption context an agent's own API key is sealed under.
KEY_FIELD = "llm_api_key"


def key_context(agent_id: str) -> dict[str, str]:
    """What an agent's sealed API key is bound to (its agent)."""
    return {"agent_id": agent_id, "field": KEY_FIELD}


def endpoints(agent_id: str, agent_settings: dict[str, Any], model: str | None = None) -> list[Endpoint]:
    """The endpoints to try for an agent, in order: its own choice (``model`` overrides
    the model, e.g. a tool's), then its fallback."""
    settings = get_settings()
    provider = str(agent_settings.get("provider") or settings.provider)
    chosen = model or agent_settings.get("model") or settings.default_model(provider)
    base_url = agent_settings.get("base_url") if providers.takes_base_url(provider) else None
    key = _own_key(agent_id, agent_settings)
    out = [Endpoint(provider, str(chosen), base_url or None, key, checked=bool(base_url))]
    for entry in agent_settings.get("fallback") or []:
        other = str(entry.get("provider") or "")
        other_url = entry.get("base_url") if providers.takes_base_url(other) else None
        same = other == provider and (other_url or None) == (base_url or None)
        out.append(
            Endpoint(
                other,
                str(entry.get("model") or settings.default_model(other)),
                other_url or None,
                key if same else None,
                checked=bool(other_url),
            )
        )
    return out


def _own_key(agent_id: str, agent_settings: dict[str, Any]) -> str | None:
    sealed = agent_settings.get("api_key_sealed")
    if not sealed or not agent_id:
        return None
    from wakeful import secrets

    return secrets.unseal(str(sealed), context=key_context(agent_id))


def ask(agent_id: str, chain: list[Endpoint], call: Callable[[Any, Endpoint], RawAnswer], ctx: CallContext | None = None) -> RawAnswer:
    """``call(provider, endpoint)`` on each endpoint of ``chain`` until one answers; the
    next is tried only after a retryable provider failure. Anything a provider raises
    that is not an LLM error (an answer its SDK could not read) is a provider error.

    Every provider error leaves here without the call's secrets (the key it sent, a
    token), which an endpoint, a gateway or a proxy may repeat in its error: the thread's
    error, the live stream and the logs get the redacted text, and the SDK's own
    exception (which holds the raw text) is not chained to it.

    Each endpoint is admitted by the gates of :mod:`wakeful.llm.callgate` before it is
    asked (a refusal raises before any request), and its answer settled with them."""
    last: LLMProviderError | None = None
    for index, endpoint in enumerate(chain):
        provider = providers.get(endpoint.provider)
        tickets = callgate.admit(ctx, endpoint)
        try:
            raw = call(provider, endpoint)
        except LLMProviderError as error:
            failure = _redacted(provider, endpoint, str(error), error.retryable)
        except LLMError:
            callgate.abandon(tickets)
            raise
        except Exception as error:  # noqa: BLE001 - an SDK that choked on an answer
            said = f"the {endpoint.provider} provider answered something unreadable ({type(error).__name__}: {str(error)[:300]})"
            failure = _redacted(provider, endpoint, said, False)
        else:
            callgate.settle(tickets, raw.usage)
            # Every call's cost, a thread's turn or a tool's call alike (the dashboard's spend).
            metrics.add("LLM_COST_MICRO_USD", int(round(raw.usage.cost_usd * 1_000_000)))
            return raw
        callgate.abandon(tickets)
        last = failure
        if agent_id:
            ledger.add_failure(agent_id, endpoint.provider, endpoint.model)
        if not failure.retryable or index == len(chain) - 1:
            raise failure from None
        nxt = chain[index + 1]
        logger.warning(
            "model call failed; trying the fallback",
            extra={"agent_id": agent_id, "provider": endpoint.provider, "model": endpoint.model, "fallback_provider": nxt.provider, "fallback_model": nxt.model, "error": str(failure)[:300]},
        )
    raise last or LLMProviderError("no model to ask")


def _redacted(provider: Any, endpoint: Endpoint, message: str, retryable: bool) -> LLMProviderError:
    """A provider error of ``message`` without what the call sent that is secret."""
    from wakeful import outbound

    return LLMProviderError(outbound.redact(message, (endpoint.api_key, *provider.secrets(endpoint))), retryable=retryable, provider=endpoint.provider)
