"""The deployment's API keys (Anthropic, and OpenAI-compatible), read at run time.

On AWS the key lives in a Secrets Manager secret (``WAKEFUL_ANTHROPIC_SECRET``, its
name or ARN, set by the stack on the functions that call a model), never in a
function's environment. It is read through Powertools' parameters utility
(:func:`~aws_lambda_powertools.utilities.parameters.get_secret`), which keeps the value
for ``WAKEFUL_ANTHROPIC_SECRET_MAX_AGE_SECONDS`` (default 300): a warm function asks
Secrets Manager at most once per max age, and a rotated key is used within that time
without a redeploy. When the API answers 401 the cached value is dropped
(:func:`forget`), so the next call reads the secret again at once.

Without a secret (tests, a laptop without ``wakeful dev``), ``ANTHROPIC_API_KEY`` is the
key. ``wakeful dev`` puts ``ANTHROPIC_API_KEY`` into a secret in its emulator, so that
it runs the same path as AWS.

The OpenAI-compatible key works the same way: ``WAKEFUL_OPENAI_SECRET`` (a secret the
stack creates, or one named at deploy time), else ``OPENAI_API_KEY``
(:func:`openai_key`). An agent's own key (``PATCH /agents/{id}/llm`` ``api_key``) wins
over both; see :mod:`wakeful.llm.choice`.
"""

from __future__ import annotations

import logging
import os

from wakeful import constants
from wakeful.llm.exceptions import LLMConfigurationError
from wakeful.llm.settings import get_settings

logger = logging.getLogger(__name__)

ENV_API_KEY = "ANTHROPIC_API_KEY"
ENV_OPENAI_API_KEY = "OPENAI_API_KEY"


def openai_key(*, force_fetch: bool = False) -> str | None:
    """The deployment's OpenAI-compatible key: the secret's value, else
    ``OPENAI_API_KEY``, else None (a local endpoint such as Ollama needs none).

    Raises:
        LLMConfigurationError: the secret cannot be read, or still holds its placeholder.
    """
    name = (get_settings().openai_secret or "").strip()
    if not name:
        return os.environ.get(ENV_OPENAI_API_KEY, "").strip() or None
    return _read_secret(name, force_fetch=force_fetch, what="OpenAI-compatible", placeholder=constants.OPENAI_SECRET_PLACEHOLDER)


def secret_id() -> str | None:
    """The secret holding the key, if one is configured."""
    return (get_settings().anthropic_secret or "").strip() or None


def api_key(*, force_fetch: bool = False) -> str:
    """The Anthropic API key: the secret's value (cached for the configured max age),
    else ``ANTHROPIC_API_KEY``.

    Raises:
        LLMConfigurationError: no key is configured, the secret cannot be read, or it
            still holds the placeholder the stack created it with.
    """
    name = secret_id()
    if name is None:
        key = os.environ.get(ENV_API_KEY, "").strip()
        if not key:
            raise LLMConfigurationError(f"no Anthropic API key: set {constants.ENV_ANTHROPIC_SECRET} (a Secrets Manager secret) or {ENV_API_KEY}")
        return key
    return _read_secret(name, force_fetch=force_fetch)


def _read_secret(
    name: str, *, force_fetch: bool, what: str = "Anthropic", placeholder: str = constants.ANTHROPIC_SECRET_PLACEHOLDER
) -> str:
    from aws_lambda_powertools.utilities import parameters  # noqa: PLC0415 - loads boto3: only where a model is called

    try:
        value = parameters.get_secret(name, max_age=get_settings().anthropic_secret_max_age_seconds, force_fetch=force_fetch)
    except parameters.GetParameterError as error:
        logger.error("llm key secret unreadable", extra={"secret": name, "provider": what})
        raise LLMConfigurationError(f"could not read the {what} API key from Secrets Manager secret {name}: {error}") from error
    key = (value.decode() if isinstance(value, bytes) else str(value or "")).strip()
    if not key or key == placeholder:
        raise LLMConfigurationError(
            f"the Secrets Manager secret {name} holds no {what} API key yet: "
            f"aws secretsmanager put-secret-value --secret-id {name} --secret-string <key>"
        )
    return key


def forget() -> None:
    """Drop the cached secret values (after a 401: the key may have been rotated)."""
    if secret_id() is None and not get_settings().openai_secret:
        return
    from aws_lambda_powertools.utilities.parameters.base import DEFAULT_PROVIDERS  # noqa: PLC0415

    provider = DEFAULT_PROVIDERS.get("secrets")
    if provider is not None:
        provider.clear_cache()
