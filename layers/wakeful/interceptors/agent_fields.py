"""The agent field interceptors own: the declarative ``tool_policy`` (see
:mod:`wakeful.agents.fields`; no pydantic at import)."""

from __future__ import annotations

from typing import Any

from wakeful.agents.fields import AgentField


def _policy() -> Any:
    from wakeful.interceptors.inputs import ToolPolicy

    return ToolPolicy | None


FIELDS = (
    AgentField(
        "tool_policy",
        _policy,
        {"default": None, "description": "Tools its threads may not call, or only with approval"},
        patch_description="null removes it",
        whole=True,  # stored whole, with its defaults, on PATCH too
    ),
)
