"""The interception point: the agent's interceptor endpoint, its ``tool_policy`` and any
in-process interceptor. (So far: in-process interceptors only.)"""

from __future__ import annotations

from typing import Any

from wakeful.interceptors import registry
from wakeful.interceptors.decisions import Continue, Decision


def dispatch(agent: dict[str, Any], thread: dict[str, Any], event: dict[str, Any]) -> Decision:
    """Decide what happens to ``event`` (a MessageEvent or a ToolCallEvent dict).

    Args:
        agent: the agent item.
        thread: the thread item (``thread_id``, ``status``).
        event: ``{id, type: "message", created_by, thread_id, message: {role, content}}``
            or ``{id, type: "tool_call", created_by: "agent", thread_id, agent_name,
            tool_calls: [{id, name, arguments}]}``; ``id`` is stable across retries.
    """
    interceptor = registry.lookup(agent)
    if interceptor is not None:
        decision = interceptor(event)
        if decision is not None:
            return decision
    return Continue(event)
