"""Action API input: the body that decides an approval (an action's, and a thread's
tool call's, which the threads' route takes from here)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from wakeful.inputs import Body


class ApprovalIn(Body):
    """``POST .../approvals/{tool_call_id}`` body."""

    decision: Literal["approve", "deny"]
    note: str | None = Field(default=None, max_length=4000)
