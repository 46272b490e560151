"""The slots the model calls own, which the assembly fills: :data:`PROVIDERS`, every
model provider Wakeful may call, and :data:`GATE`, the gates every model call passes
(see :mod:`wakeful.llm.callgate`).

A provider plugs in with one module (its class) and one :class:`ProviderEntry`
(Wakeful's own are listed in the llm manifest, which the assembly installs). Every list of provider names derives from what is installed here, when asked:
what ``WAKEFUL_LLM_PROVIDER`` may say, the providers an agent may choose, the default
models, the stack's options. Light: the API's bodies and the settings read it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wakeful.listening import Slot
from wakeful.structs import Struct


class ProviderEntry(Struct):
    """One model provider, as every list, check and builder of providers knows it."""

    name: str
    #: Returns the provider's class (its module, and its SDK, load when first called).
    load: Callable[[], Callable[[], Any]]
    #: The model a call uses when nothing more specific is set.
    default_model: str
    #: An agent may choose it (``PATCH /agents/{id}/llm``); else only a deployment may.
    agent_choosable: bool = True
    #: The stack builds resources for it only when enabled (``wakeful:llmProviders``).
    stack_optional: bool = False
    #: The environment variable of its default model when it is not the deployment's.
    model_env: str | None = None
    #: An agent's ``base_url`` applies to it (an OpenAI-compatible endpoint).
    takes_base_url: bool = False
    #: A model name -> what is wrong with it for this provider (None: nothing).
    model_check: Callable[[str], str | None] | None = None


#: The one documented default model of the Anthropic API (Claude Sonnet, for every tool):
#: the default of a provider no entry names.
DEFAULT_MODEL = "claude-sonnet-4-6"

#: The installed providers, in the order messages list them (the entry points fill it,
#: through :func:`wakeful.assembly.install`).
PROVIDERS: Slot[ProviderEntry] = Slot("model providers")


def entries() -> dict[str, ProviderEntry]:
    """Every installed provider, by name."""
    return {entry.name: entry for entry in PROVIDERS.installed()}


def names() -> tuple[str, ...]:
    """Every provider's name (what ``WAKEFUL_LLM_PROVIDER`` may say)."""
    return tuple(entry.name for entry in PROVIDERS.installed())


def agent_names() -> tuple[str, ...]:
    """The providers an agent may choose."""
    return tuple(entry.name for entry in PROVIDERS.installed() if entry.agent_choosable)


class Gate(Struct):
    """A capability's say in every model call."""

    name: str
    #: ``(ctx, endpoint)`` (a :class:`~wakeful.llm.callgate.CallContext` and an
    #: :class:`~wakeful.llm.models.Endpoint`; a leaf module, so not typed here) -> a ticket for :attr:`settle` / :attr:`abandon`; raises an
    #: :class:`~wakeful.llm.exceptions.LLMError` to refuse the call before it is made.
    admit: Callable[[Any, Any], Any]
    #: ``(ticket, usage)``: the call answered; count its cost once.
    settle: Callable[[Any, Any], None]
    #: ``(ticket)``: the provider failed; providers do not bill it.
    abandon: Callable[[Any], None]


#: The installed gates (at most one is expected: the spend guard).
GATE: Slot[Gate] = Slot("model call gates")
