"""Building a tool request: the one place every :class:`ToolRequest` is made, for a
heartbeat's action (:mod:`wakeful.actions.runner`) and for a thread's tool call
(:mod:`wakeful.threads.tools`), whatever the tool's kind.

The request's ``agent_context`` is the one the action carries (the agent's profile,
``system_prompt`` and ``preset``, as :meth:`wakeful.agents.records.Agent.agent_context`
gives it), plus what the installed context listeners add as the tool is about to run
(:data:`wakeful.tools.slots.CONTEXT`): SnipIn's ``recent_snips`` and
``recent_interactions``, read then, so a later action of the same heartbeat sees what an
earlier one posted. What is added is not stored with the action.
"""

from __future__ import annotations

from typing import Any

from wakeful.tools.base import ToolRequest
from wakeful.tools.slots import CONTEXT


def build(action_id: str, tool_name: str, meta: dict[str, Any]) -> ToolRequest:
    """The request for running ``tool_name`` on an action's ``request_meta``: a
    heartbeat's (``event``) or a thread's (``thread_id`` and ``tool_call``).

    Raises:
        KeyError: a heartbeat's meta without its ``event``.
        pydantic.ValidationError: a meta that is not a tool request's.
    """
    context = context_for(meta.get("agent_context") or {}, tool_name)
    if meta.get("thread_id") is not None:
        return ToolRequest(
            action_id=action_id,
            thread_id=meta["thread_id"],
            tool_call=meta["tool_call"],
            agent_context=context,
            tool_config=meta.get("tool_config") or {},
        )
    return ToolRequest(action_id=action_id, event=meta["event"], agent_context=context, tool_config=meta.get("tool_config") or {})


def thread_meta(thread_id: str, call: dict[str, Any], agent_context: dict[str, Any], tool_config: dict[str, Any] | None) -> dict[str, Any]:
    """The ``request_meta`` of a thread's tool call (what :func:`build` takes): the
    thread, the call (id, name, arguments), the agent's context and the tool's config.
    A live call and a replayed or dry-run one are built from it alike."""
    return {
        "thread_id": thread_id,
        "tool_call": {"id": call["id"], "name": call["name"], "arguments": call.get("arguments") or {}},
        "agent_context": agent_context,
        "tool_config": tool_config or {},
    }


def context_for(agent_context: dict[str, Any], tool_name: str) -> dict[str, Any]:
    """``agent_context`` as ``tool_name`` receives it: ``system_prompt`` always present
    (an action stored before it was carried has None), then every listener's part."""
    context = dict(agent_context)
    context.setdefault("system_prompt", None)
    for listener in CONTEXT.installed():
        context.update(listener.extra(context, tool_name))
    return context
