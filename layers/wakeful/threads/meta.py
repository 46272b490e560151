"""The meta tools capabilities above the threads add to every thread (the threads' own
five are in :mod:`wakeful.threads.tools`).

A :class:`MetaTool` is offered to the model of every thread (after the agent's tools,
sorted by name, before the threads' own: a stable prefix for the prompt cache) and runs
like the threads' own: inside the step's tool-call event, so interception and the
agent's ``tool_policy`` apply to it as to any tool. The entry points fill :data:`META`
from the manifests (:func:`wakeful.assembly.install`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, NamedTuple

from wakeful.listening import Slot

if TYPE_CHECKING:
    from wakeful.agents.records import Agent
    from wakeful.threads.records import Thread


class MetaResult(NamedTuple):
    """What the model reads back, and whether it is an error it can correct."""

    content: str
    is_error: bool = False


class MetaTool(NamedTuple):
    """A meta tool a capability adds."""

    name: str
    #: Its Messages API definition ``{name, description, input_schema}``.
    definition: dict[str, Any]
    #: ``(agent, thread, call {id, name, arguments}, now)`` -> what the model reads.
    run: Callable[[Agent, Thread, dict[str, Any], float], MetaResult]


#: The installed meta tools.
META: Slot[MetaTool] = Slot("meta tools")


def installed() -> dict[str, MetaTool]:
    """The installed meta tools by name."""
    return {tool.name: tool for tool in META.installed()}
