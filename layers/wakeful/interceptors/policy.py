"""An agent's ``tool_policy``: the deny and require-approval decisions without an
endpoint, applied at the same interception point (pure, no I/O)."""

from __future__ import annotations

from typing import Any

from wakeful.interceptors.decisions import Decision, Deny, RequireApproval


def evaluate(policy: dict[str, Any] | None, event: dict[str, Any]) -> Decision | None:
    """The policy's decision for a tool-call step, or None when it has nothing to say.

    A batch with a denied tool is denied whole: running the batch's other calls while
    one of them is refused would act on a plan the model made with that call in it.
    The reason tells the model which tools are denied, so it can call the others again
    on their own. Otherwise the calls of tools that require approval wait for one.
    """
    if not policy or event.get("type") != "tool_call":
        return None
    calls = event.get("tool_calls") or []
    denied = set(policy.get("deny") or ())
    refused = sorted({c.get("name") for c in calls if c.get("name") in denied})
    if refused:
        others = " (the other calls of this batch were not run either; call them again on their own)" if len(
            {c.get("name") for c in calls}
        ) > len(refused) else ""
        return Deny(reason=f"the agent's tool_policy denies {', '.join(refused)}{others}")
    approval = set(policy.get("require_approval") or ())
    waiting = tuple(str(c.get("id")) for c in calls if c.get("name") in approval)
    if waiting:
        return RequireApproval(tool_call_ids=waiting)
    return None
