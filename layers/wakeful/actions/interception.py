"""A heartbeat's tool action passes the interception point before its tool runs: the
same point, with the same stages, as a thread's tool calls (the agent's in-process
interceptor, its ``tool_policy``, its interceptor endpoint; see
:mod:`wakeful.interceptors.dispatch`).

The action is shown as a ToolCallEvent of one call, ``{id, type: "tool_call",
created_by: "agent", thread_id: null, heartbeat_id, agent_name, tool_calls: [{id:
<action id>, name: <tool>, arguments: {event, tool_config}}]}``. The decision:

- continue (possibly with changed ``arguments``): the tool gets the event and
  ``tool_config`` as they now are;
- deny: the action fails with the reason, and the tool never runs;
- respond: the tool is not run; the action completes with the response as its output;
- require approval: the action is parked (``WAITING_APPROVAL``) until a person decides
  it through the approvals API; it no longer holds its heartbeat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wakeful.actions.records import Action
from wakeful.agents import repository as agents_repository
from wakeful.interceptors.decisions import Continue, Deny, RequireApproval, Respond
from wakeful.interceptors.dispatch import dispatch

CONTINUE = "continue"
MUTATE = "mutate"
DENY = "deny"
RESPOND = "respond"
REQUIRE_APPROVAL = "require_approval"


@dataclass(frozen=True)
class Outcome:
    """What the interception point decided, and the request the tool would get."""

    decision: str
    meta: dict[str, Any]
    reason: str | None = None

    def record(self) -> dict[str, Any]:
        """What the action keeps of it."""
        return {"decision": self.decision, **({"reason": self.reason} if self.reason else {})}


def tool_call_event(action: Action, agent_name: str, meta: dict[str, Any]) -> dict[str, Any]:
    """The ToolCallEvent of a heartbeat's action (its id is stable across retries)."""
    return {
        "id": f"{action.action_id}:tool_call",
        "type": "tool_call",
        "created_by": "agent",
        "thread_id": None,
        "heartbeat_id": action.heartbeat_id,
        "agent_name": agent_name,
        "tool_calls": [{"id": action.action_id, "name": action.tool, "arguments": _arguments(meta)}],
    }


def intercept(action: Action, meta: dict[str, Any]) -> Outcome:
    """Pass the action through the agent's interception point."""
    agent = agents_repository.get(action.agent_id)
    if agent is None:
        return Outcome(CONTINUE, meta)
    event = tool_call_event(action, agent.name, meta)
    decision = dispatch(agent, None, event)
    if isinstance(decision, Deny):
        return Outcome(DENY, meta, decision.reason)
    if isinstance(decision, RequireApproval):
        return Outcome(REQUIRE_APPROVAL, meta, "the interception point asked for approval")
    if isinstance(decision, Respond):
        return Outcome(RESPOND, meta, decision.content)
    if isinstance(decision, Continue):
        (call,) = decision.event.get("tool_calls") or [{}]
        arguments = call.get("arguments")
        if isinstance(arguments, dict) and arguments != _arguments(meta):
            return Outcome(MUTATE, _with_arguments(meta, arguments))
    return Outcome(CONTINUE, meta)


def _arguments(meta: dict[str, Any]) -> dict[str, Any]:
    return {"event": meta.get("event") or {}, "tool_config": meta.get("tool_config") or {}}


def _with_arguments(meta: dict[str, Any], arguments: dict[str, Any]) -> dict[str, Any]:
    """The request with the changed event and tool config (each kept when not an object)."""
    changed = dict(meta)
    if isinstance(arguments.get("event"), dict):
        changed["event"] = {**(meta.get("event") or {}), **arguments["event"]}
    if isinstance(arguments.get("tool_config"), dict):
        changed["tool_config"] = arguments["tool_config"]
    return changed
