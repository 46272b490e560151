"""Recording at run time what a faithful replay needs.

At a run's first model call (the threads' first-turn slot) one item is put, once per
run: the system prompt's stable and per-call text as the model got them, the tool
definitions it was offered, the schedule's prompt and checklist (a scheduled run), the
agent's prompt fields, and ``answer_seq``, the seq of the run's first answer. What the
model saw before it (the messages ``1 .. answer_seq - 1``) and every tool call's
arguments and result after it are already kept, unchanged, as the thread's messages:
they are not copied, the recording points at them.

Bounded: the item stays under DynamoDB's 400 KB (the per-call text is cut to
:data:`MAX_DYNAMIC_BYTES`; a recording still too large keeps no prompt and is marked
``truncated``, which a replay refuses); it expires with the retention setting (30 days
by default), like the messages it points at.
"""

from __future__ import annotations

import json
import logging
from typing import TYPE_CHECKING, Any

from wakeful import clock, retention, storable
from wakeful.lab import repository
from wakeful.limits import DYNAMODB_ITEM_BYTES

if TYPE_CHECKING:
    from wakeful.agents.records import Agent
    from wakeful.threads.records import Thread

logger = logging.getLogger(__name__)

#: The most UTF-8 bytes of the per-call system text kept.
MAX_DYNAMIC_BYTES = 64 * 1024
#: A recording's item stays under this (DynamoDB's item limit, with room for its keys).
MAX_RECORD_BYTES = DYNAMODB_ITEM_BYTES - 16 * 1024
#: How long a recording is kept without a retention setting.
DEFAULT_DAYS = 30


def record(agent: Agent, thread: Thread, request: Any, answer_seq: int) -> None:
    """Record the run of ``thread`` whose first model call ``request`` is (once)."""
    now = clock.now()
    item = {
        "agent_id": agent.agent_id,
        "record_key": repository.record_key(thread.thread_id, thread.run_no),
        "kind": "schedule" if thread.source == "scheduled" else "thread",
        "thread_id": thread.thread_id,
        "run_id": thread.run_id,
        "run_no": thread.run_no,
        "answer_seq": answer_seq,
        "prompt_mode": thread.prompt_mode,
        "system": request.system,
        "system_dynamic": storable.cut_utf8(request.system_dynamic or "", MAX_DYNAMIC_BYTES),
        "tools": json.dumps(request.tools, separators=(",", ":")),
        "agent": {k: getattr(agent, k, None) for k in ("name", "alias", "system_prompt", "personality", "expertise")},
        "tool_policy": dict(agent.tool_policy) if agent.tool_policy else None,
        "created_at": now,
        "expires_at": retention.expiry(now, default_days=DEFAULT_DAYS),
        **_schedule_part(agent.agent_id, thread),
    }
    if _size(item) > MAX_RECORD_BYTES:
        item.update(system="", system_dynamic="", tools="[]", agent={}, truncated=True)
    repository.put_new({k: v for k, v in item.items() if v is not None})


def _schedule_part(agent_id: str, thread: Thread) -> dict[str, Any]:
    """A scheduled run's schedule, result, prompt and checklist."""
    if thread.source != "scheduled" or not thread.source_id:
        return {}
    from wakeful.schedules import repository as schedules

    schedule = schedules.get_schedule(agent_id, thread.source_id) or {}
    config = schedule.get("config") or {}
    return {
        "schedule_id": thread.source_id,
        "schedule_result_id": (thread.attributes or {}).get("schedule_result_id"),
        "schedule_type": config.get("schedule_type") or "scheduled",
        "prompt": schedule.get("prompt"),
        "heartbeat_checklist": list(config.get("heartbeat_checklist") or []) or None,
    }


def _size(item: dict[str, Any]) -> int:
    return len(json.dumps(item, ensure_ascii=False, default=str).encode("utf-8", "surrogatepass"))
