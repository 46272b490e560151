"""What the interception point answers for one step of a thread.

The thread runtime persists a step (a MessageEvent or a ToolCallEvent), then asks
:func:`wakeful.interceptors.dispatch.dispatch` what to do with it, then enqueues the next
step according to the answer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal


@dataclass(frozen=True)
class Continue:
    """Go on with ``event`` (the original, or a mutated copy: only ``message.content``
    and tool call ``arguments`` may differ)."""

    event: dict[str, Any]


@dataclass(frozen=True)
class Respond:
    """Skip the default step; persist and process this message instead."""

    content: str
    sender_type: Literal["agent", "system", "user", "tool"] = "agent"
    enqueue_after: Literal["immediately", "tool_results"] = "immediately"
    #: Who the message is from (default: the agent for ``agent``, the owner for
    #: ``user``, ``system``, or ``interceptor`` for ``tool``).
    sender_id: str | None = None


@dataclass(frozen=True)
class Deny:
    """Do not run the tool calls; the model gets an error result naming ``reason``.

    On a message step (only when an interceptor failed and its ``on_failure`` is
    ``deny``): the message is held back. It stays persisted but is not acted on (no
    model call follows it) and the thread ends as ``failed`` with ``reason``, so that
    nothing passes unchecked and the failure is visible.
    """

    reason: str


@dataclass(frozen=True)
class RequireApproval:
    """Park the thread as waiting_approval for these tool calls (the rest run)."""

    tool_call_ids: tuple[str, ...] = field(default_factory=tuple)


Decision = Continue | Respond | Deny | RequireApproval
