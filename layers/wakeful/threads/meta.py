"""The meta tools capabilities above the threads add to every thread (the threads' own
five are in :mod:`wakeful.threads.tools`).

A :class:`~wakeful.threads.slots.MetaTool` is offered to the model of every thread (after
the agent's tools, sorted by name, before the threads' own: a stable prefix for the
prompt cache) and runs like the threads' own: inside the step's tool-call event, so
interception and the agent's ``tool_policy`` apply to it as to any tool. The entry points
fill :data:`wakeful.threads.slots.META` from the manifests.
"""

from __future__ import annotations

from wakeful.threads.slots import META, MetaTool


def installed() -> dict[str, MetaTool]:
    """The installed meta tools by name."""
    return {tool.name: tool for tool in META.installed()}
