"""The agent field interceptors own: the declarative ``tool_policy`` (see
:mod:`wakeful.agents.slots`; no pydantic at import)."""

from __future__ import annotations

from typing import Any

from wakeful.agents.slots import AgentField


def _policy() -> Any:
    from wakeful.interceptors.inputs import ToolPolicy

    return ToolPolicy | None


def _policy_view() -> Any:
    from wakeful.interceptors.responses import AgentToolPolicy

    return AgentToolPolicy | None


def _whole(policy: Any) -> Any:
    return policy.model_dump()


def _view(agent: Any) -> Any:
    return None if agent.tool_policy is None else dict(agent.tool_policy)


FIELDS = (
    AgentField(
        "tool_policy",
        _policy,
        {"default": None, "description": "Tools its threads may not call, or only with approval"},
        patch_description="null removes it",
        keep=_whole,  # kept whole, with its defaults, on PATCH too
        view=_view,
        response=_policy_view,
    ),
)
