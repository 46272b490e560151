"""The slots the tools own, which the assembly fills. :data:`CONTEXT`: who adds to the
``agent_context`` of a tool request, the context listeners. :data:`KINDS`: the kinds of
tool that a capability above the tools runs (an MCP server's tool, by the MCP servers).
:data:`DELETING`: who keeps something of a tool that must go before it does (the
subscriptions to it).

Every tool request is built in one place (:func:`wakeful.tools.requests.build`), for a
heartbeat's action and for a thread's tool call alike, and whatever the tool's kind
(built-in, HTTP, Lambda, MCP). The agent's own fields are in the action's
``agent_context`` already (:meth:`wakeful.agents.records.Agent.agent_context`); a
capability above the tools that knows more of some agents registers a
:class:`ContextListener` instead of being called by name: SnipIn adds a SnipIn agent's
recent snips and interactions (:mod:`wakeful.snipin.manifest`).

Every handler imports this module on its cold start, so it imports nothing at run time.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wakeful.listening import Slot
from wakeful.structs import Struct


class ContextListener(Struct):
    """A capability's part in the ``agent_context`` of a tool request."""

    name: str
    #: ``(agent_context, tool_name) -> what to add`` (an empty mapping: nothing). Called
    #: as the request is built, before every run of the tool; an error fails the run.
    extra: Callable[[dict[str, Any], str], dict[str, Any]]


#: The installed context listeners (the entry points fill it, through
#: :func:`wakeful.assembly.install`).
CONTEXT: Slot[ContextListener] = Slot("tool request context listeners")


class ToolKind(Struct):
    """A kind of tool that a capability above the tools runs."""

    #: The kind (:attr:`wakeful.tools.records.ToolDefinition.kind`).
    name: str
    #: ``(definition) -> a runnable tool`` (a :class:`~wakeful.tools.base.BaseTool`).
    runnable: Callable[[Any], Any]


#: The installed tool kinds, beyond the tools' own (HTTP and Lambda).
KINDS: Slot[ToolKind] = Slot("tool kinds")


def runnable_of(kind: str) -> Callable[[Any], Any] | None:
    """The installed kind's factory, or None."""
    return next((installed.runnable for installed in KINDS.installed() if installed.name == kind), None)


class ToolDeleting(Struct):
    """A capability's part in deleting one of an owner's tools."""

    name: str
    #: ``(owner, tool_name)``: delete what it keeps of the tool; called before the tool
    #: is deleted (a crash in between leaves the tool, and deleting it again finishes).
    deleting: Callable[[str, str], None]


#: The installed deleting listeners.
DELETING: Slot[ToolDeleting] = Slot("tool deleting listeners")


def deleting(owner: str, tool_name: str) -> None:
    """Tell each deleting listener (an error stops the deletion: the tool stays)."""
    for listener in DELETING.installed():
        listener.deleting(owner, tool_name)
