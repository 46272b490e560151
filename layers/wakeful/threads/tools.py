"""The tools a thread's model may call: the meta tools and the agent's HTTP/Lambda tools.

Meta tools act on the thread itself (``schedule_wake``, ``complete_task``,
``store_context``, ``get_context``, ``send_notification``). The agent's own tools run
through the tool machinery of heartbeat actions: each call is an action (``thread_id``
set, ``heartbeat_id`` null) whose id is derived from the thread and the tool call, sent
as the idempotency key; a finished action's recorded answer is reused, so a redelivered
step never calls a tool again once its answer is recorded.

A tool's answer is kept within :data:`~wakeful.limits.TOOL_ANSWER_BYTES`, as a heartbeat's
action keeps it: a longer ``output`` (or ``error``) is cut, with a note the model reads,
so the action and the tool result message always fit their items. Whatever cannot be
kept (new events over what one append holds, a value DynamoDB refuses) becomes an
error result that says why: the step goes on, and the tool is not called again.
"""

from __future__ import annotations

import json
import logging
import re
import time
from dataclasses import dataclass, field
from typing import Any

from wakeful import clock, dryrun, storable
from wakeful import targets as notify_targets
from wakeful.exceptions import ValidationError
from wakeful.actions import records as actions
from wakeful.actions import repository as action_repository
from wakeful.actions.records import Action
from wakeful.agents.records import Agent
from wakeful.hooks.events import ActionCompleted, ActionFailed, ActionStarted, Notification
from wakeful.limits import TOOL_ANSWER_BYTES
from wakeful.threads import matching, records
from wakeful.threads.hooks import fire_hook
from wakeful.threads.records import Thread
from wakeful.tools.records import ToolDefinition

logger = logging.getLogger(__name__)

SCHEDULE_WAKE = "schedule_wake"
COMPLETE_TASK = "complete_task"
STORE_CONTEXT = "store_context"
GET_CONTEXT = "get_context"
SEND_NOTIFICATION = "send_notification"

_WAIT_ITEM = {
    "anyOf": [
        {"type": "string", "description": "an event type"},
        {
            "type": "object",
            "properties": {
                "event_type": {"type": "string"},
                "match": {"type": "object", "description": "top-level payload fields that must be equal"},
                "coalesce": {
                    "type": "object",
                    "description": "hold matching events (grouped by the payload path key) and wake once with all of them, "
                    "quiet_seconds after the last one (or at max_wait_seconds / max_events)",
                    "properties": {
                        "key": {"type": "string"},
                        "quiet_seconds": {"type": "integer", "minimum": 1, "maximum": 3600},
                        "max_wait_seconds": {"type": "integer"},
                        "max_events": {"type": "integer", "minimum": 1, "maximum": 500},
                    },
                    "required": ["quiet_seconds"],
                },
            },
            "required": ["event_type"],
        },
    ]
}

META_TOOLS: list[dict[str, Any]] = [
    {
        "name": SCHEDULE_WAKE,
        "description": (
            "Schedule yourself to wake up later and re-evaluate; the thread sleeps when this turn ends. "
            "Use it when you took an action that needs a follow-up. You will receive the reason when you wake. "
            "wake_on_events lists events that should wake you early."
        ),
        "input_schema": {
            "type": "object",
            "properties": {
                "delay": {
                    "type": "string",
                    "description": 'how long to sleep: "90s", "30m", "2h", "1d" (1 s to 30 d); or "on_event": no timer, '
                    "sleep until one of wake_on_events (at most until the thread expires)",
                },
                "reason": {"type": "string", "description": "what to check or do when you wake"},
                "wake_on_events": {"type": "array", "items": _WAIT_ITEM},
            },
            "required": ["delay", "reason"],
        },
    },
    {
        "name": COMPLETE_TASK,
        "description": "Mark this task as complete, when it is fully resolved and needs no follow-up.",
        "input_schema": {
            "type": "object",
            "properties": {"summary": {"type": "string", "description": "what was accomplished"}},
            "required": ["summary"],
        },
    },
    {
        "name": STORE_CONTEXT,
        "description": "Store information you will need later; it persists across sleep and wake.",
        "input_schema": {
            "type": "object",
            "properties": {"key": {"type": "string"}, "value": {}},
            "required": ["key", "value"],
        },
    },
    {
        "name": GET_CONTEXT,
        "description": "Retrieve previously stored context.",
        "input_schema": {"type": "object", "properties": {"key": {"type": "string"}}, "required": ["key"]},
    },
    {
        "name": SEND_NOTIFICATION,
        "description": "Send a notification to the people who look after this agent (its notify channels, or the "
        "channel you name).",
        "input_schema": {
            "type": "object",
            "properties": {
                "message": {"type": "string"},
                "channel": {"type": "string", "description": "Optional: a channel's name (or name:conversation) to send it to"},
            },
            "required": ["message"],
        },
    },
]
META_NAMES = {t["name"] for t in META_TOOLS}
#: The most a thread's stored context may hold: the UTF-8 bytes of its compact JSON
#: (every key and value), after a ``store_context``.
MAX_CONTEXT_BYTES = 256 * 1024


@dataclass
class Result:
    """A tool call's outcome: what the model sees, and what it asks of the thread."""

    content: str
    is_error: bool = False
    sleep: dict[str, Any] | None = None
    complete: str | None = None
    context: dict[str, Any] = field(default_factory=dict)


def user_tools(agent: Agent) -> dict[str, ToolDefinition]:
    """The owner's HTTP/Lambda tools the agent's threads may call, by name, and the
    tools of the MCP servers its ``tools`` names (``<server>__<tool>``; an HTTP or
    Lambda tool of the same name wins)."""
    from wakeful.tools import repository as tool_repository

    allowed = agent.tools
    own = {
        record.name: record
        for record in tool_repository.partition(agent.owner)
        if isinstance(record, ToolDefinition)
        and record.name not in META_NAMES
        and (allowed is None or record.name in allowed)
    }
    if allowed and any(name.startswith("mcp:") for name in allowed):
        from wakeful.mcp_servers import toolsource

        for name, definition in toolsource.definitions_for(agent).items():
            own.setdefault(name, definition)
    return own


def is_meta(name: str) -> bool:
    """Whether ``name`` is a meta tool (the threads' own or one a capability adds)."""
    from wakeful.threads import meta

    return name in META_NAMES or name in meta.installed()


def definitions(tools: dict[str, ToolDefinition], thread: Thread | None = None) -> list[dict[str, Any]]:
    """Messages API tool definitions: the agent's tools (sorted: a stable prompt prefix
    for the cache), then the meta tools capabilities add (sorted), then the threads' own.
    A run that acts on nothing outside (:data:`records.INWARD_SOURCES`) is offered only
    the added meta tools and ``complete_task``."""
    from wakeful.threads import meta

    added = [dict(tool.definition) for _, tool in sorted(meta.installed().items())]
    if thread is not None and thread.source in records.INWARD_SOURCES:
        return added + [t for t in META_TOOLS if t["name"] == COMPLETE_TASK]
    own = [
        {
            "name": name,
            "description": tools[name].description or f"The {name} tool.",
            "input_schema": tools[name].input_schema or {"type": "object"},
        }
        for name in sorted(tools)
    ]
    return own + added + META_TOOLS


def run_meta(agent: Agent, thread: Thread, call: dict[str, Any], now: float) -> Result:
    """Run a meta tool. Bad arguments are an error result the model can correct."""
    name, args = call["name"], call.get("arguments") or {}
    try:
        if name == SCHEDULE_WAKE:
            return _schedule_wake(args, now)
        if name == COMPLETE_TASK:
            summary = str(args.get("summary") or "").strip() or "complete"
            return Result(json.dumps({"completed": True}), complete=summary)
        if name == STORE_CONTEXT:
            return _store_context(thread, args)
        if name == GET_CONTEXT:
            context_key = str(args.get("key") or "")
            stored = thread.context
            if context_key not in stored:
                return Result(json.dumps({"key": context_key, "found": False}))
            return Result(json.dumps({"key": context_key, "found": True, "value": stored[context_key]}))
        if name == SEND_NOTIFICATION:
            message = str(args.get("message") or "").strip()
            if not message:
                raise ValueError("send_notification needs a message")
            channel = _notification_channel(agent.owner, args.get("channel"))
            dryrun.capture("notification", channel or "notify", {"message": message})
            fire_hook(
                agent,
                thread,
                Notification(thread_id=thread.thread_id, message=message, tool_call_id=call["id"]),
                context={"thread_id": thread.thread_id, "source": thread.source},
                delivery_key=f"{thread.thread_id}:{call['id']}:notification",
            )
            return Result(json.dumps({"sent": True, "channel": channel} if channel else {"sent": True}))
    except ValueError as error:
        return Result(str(error), is_error=True)
    from wakeful.threads import meta

    added = meta.installed().get(name)
    if added is not None:
        outcome = added.run(agent, thread, call, now)
        return Result(outcome.content, is_error=outcome.is_error)
    return Result(f"unknown meta tool {name!r}", is_error=True)


def _schedule_wake(args: dict[str, Any], now: float) -> Result:
    """Sleep for a delay, or (``on_event``) until one of the waits with no timer."""
    waits = matching.normalize_waits(args.get("wake_on_events"))
    reason = str(args.get("reason") or "").strip() or "scheduled wake"
    if str(args.get("delay", "")).strip() == matching.ON_EVENT:
        if not waits:
            raise ValueError('delay "on_event" needs wake_on_events: the events that should wake you')
        wake_at = None
    else:
        wake_at = now + matching.parse_delay(str(args.get("delay", "")))
    sleep = {"wake_at": wake_at, "reason": reason, "wake_on_events": waits}
    note = {"wake_at": clock.iso(wake_at), "reason": reason, "wake_on_events": waits}
    return Result(json.dumps({"scheduled": True, **note}), sleep=sleep)
def _notification_channel(owner: str, given: Any) -> str | None:
    """The channel a ``send_notification`` names (a channel name or
    ``name:conversation``), checked: the channels capability sends the notification
    there when the run ends (docs/channels.md). None: the agent's notify targets.

    Raises:
        ValueError: no such channel of the owner.
    """
    if given is None or (isinstance(given, str) and not given.strip()):
        return None
    target = str(given).strip()
    if not re.fullmatch(notify_targets.TARGET_PATTERN, target):
        raise ValueError(f"send_notification: {target!r} is not a channel name or name:conversation")
    try:
        notify_targets.check(owner, [target])
    except ValidationError as error:
        raise ValueError(f"send_notification: {error.message}; leave channel out to notify the agent's usual channels") from error
    return target


def _store_context(thread: Thread, args: dict[str, Any]) -> Result:
    """Store one key of the thread's context, unless the whole context would then be
    over :data:`MAX_CONTEXT_BYTES` (an error result, and nothing is stored).

    Raises:
        ValueError: no key.
    """
    context_key = str(args.get("key") or "").strip()
    if not context_key:
        raise ValueError("store_context needs a non-empty key")
    value = args.get("value")
    size = context_bytes({**thread.context, context_key: value})
    if size > MAX_CONTEXT_BYTES:
        raise ValueError(
            f"store_context refused: the thread's context would be {size} bytes of JSON, over its limit of "
            f"{MAX_CONTEXT_BYTES} bytes (256 KiB); nothing was stored. Store a shorter value (a summary, an id "
            "to look the rest up with a tool) or reuse a key whose old value you no longer need."
        )
    return Result(json.dumps({"stored": context_key}), context={context_key: value})


def context_bytes(context: dict[str, Any]) -> int:
    """The size a thread's context counts against :data:`MAX_CONTEXT_BYTES`."""
    text = json.dumps(context, ensure_ascii=False, separators=(",", ":"), default=str)
    return len(text.encode("utf-8", "surrogatepass"))


def run_user_tool(agent: Agent, thread: Thread, tool: ToolDefinition | None, call: dict[str, Any]) -> Result:
    """Run one of the agent's tools for a tool call, as an action, at most once per
    recorded answer."""
    action_id = records.action_id(thread.thread_id, call["id"])
    existing = action_repository.get(action_id)
    if existing and existing.status in actions.TERMINAL:
        return _result(existing.response_meta or {}, existing.error_message)
    if tool is None:
        return Result(f"tool {call['name']!r} is not available to this agent", is_error=True)
    meta = {
        "thread_id": thread.thread_id,
        "tool_call": {"id": call["id"], "name": call["name"], "arguments": call.get("arguments") or {}},
        "agent_context": agent.agent_context(),
        "tool_config": tool.config or {},
    }
    now = clock.now()
    action_repository.create(
        Action(
            action_id=action_id,
            agent_id=agent.agent_id,
            owner=agent.owner,
            thread_id=thread.thread_id,
            tool=call["name"],
            status=actions.PENDING,
            request_meta=meta,
            run_count=0,
            created_at=now,
        ),
    )
    hook_args: dict[str, Any] = {"action_id": action_id, "context": {"thread_id": thread.thread_id}}
    started_event = ActionStarted(action_id=action_id, tool_name=call["name"], thread_id=thread.thread_id, request_meta=meta)
    action_repository.start(action_id, now)
    fire_hook(agent, thread, started_event, delivery_key=f"{action_id}:started", **hook_args)
    started = time.perf_counter()
    response = capped(_call(tool, action_id, meta))
    elapsed_ms = int((time.perf_counter() - started) * 1000)
    if response.success and response.new_events:
        response = _append_new_events(agent.agent_id, action_id, call["name"], response)
    response = _finish(action_id, response, elapsed_ms)
    error_message = None if response.success else (response.error or "the tool reported failure without a reason")
    finished_class = ActionCompleted if response.success else ActionFailed
    done = finished_class(
        action_id=action_id, tool_name=call["name"], thread_id=thread.thread_id, output=response.output, execution_time_ms=elapsed_ms, error_message=error_message
    )
    fire_hook(agent, thread, done, delivery_key=f"{action_id}:{'completed' if response.success else 'failed'}", **hook_args)
    return _result(response.recorded(), error_message)


def _result(response: dict[str, Any], error_message: str | None) -> Result:
    if response.get("success"):
        output = response.get("output")
        return Result(output if isinstance(output, str) else json.dumps(output, default=str))
    return Result(error_message or response.get("error") or "the tool failed", is_error=True)


def _call(tool: ToolDefinition, action_id: str, meta: dict[str, Any]) -> Any:
    from wakeful.tools import invoke, registry, requests
    from wakeful.tools.base import ToolResponse
    from wakeful.tools.exceptions import ToolCallError

    try:
        return invoke.call(registry.runnable(tool), requests.build(action_id, tool.name, meta))
    except ToolCallError as error:
        return ToolResponse(success=False, error=str(error))
    except Exception as error:  # noqa: BLE001 - a failed tool is an error result, not a failed run
        logger.exception("thread tool raised", extra={"action_id": action_id})
        return ToolResponse(success=False, error=f"{type(error).__name__}: {error}")


#: What of a cut answer's ``error`` is kept, at most: the rest is left to its ``output``.
_ERROR_SHARE = 8_000
#: Room kept for the note on a cut value and the answer's own keys.
_NOTE_ROOM = 400


def capped(response: Any) -> Any:
    """A tool's answer as a thread keeps it: at most :data:`TOOL_ANSWER_BYTES` (its
    ``output``, ``error`` and ``usage_stats``, as :func:`wakeful.storable.check` measures
    them). A longer ``error`` is cut first to :data:`_ERROR_SHARE` bytes, then ``output``
    (as text: a JSON answer becomes the start of its JSON) to what is left, each ending
    with a note that says it was cut and from how many bytes; ``usage_stats`` that do
    not fit are dropped. An answer DynamoDB could not hold at all fails, saying why."""
    from wakeful.tools.base import ToolResponse

    try:
        size = storable.check(response.model_dump(mode="json", exclude={"new_events"}), "the tool's answer", max_bytes=None)
    except storable.NotStorableError as refused:
        return ToolResponse(success=False, error=f"the tool's answer cannot be stored: {refused.message}")
    if size <= TOOL_ANSWER_BYTES:
        return response
    usage = response.usage_stats
    if usage is not None and storable.check(usage, "usage_stats", max_bytes=None) > _ERROR_SHARE:
        usage = None
    error = None if response.error is None else _cut(response.error, _ERROR_SHARE)
    used = storable.check({"error": error, "usage_stats": usage}, max_bytes=None)
    output = response.output
    if output is not None:
        text = output if isinstance(output, str) else json.dumps(output, ensure_ascii=False, default=str)
        output = _cut(text, TOOL_ANSWER_BYTES - used - _NOTE_ROOM)
    return response.model_copy(update={"output": output, "error": error, "usage_stats": usage})


def _cut(text: str, max_bytes: int) -> str:
    """``text`` if it fits ``max_bytes`` of UTF-8, else its start and a note the model
    reads (the note's own bytes within ``max_bytes`` too)."""
    size = len(text.encode("utf-8", "surrogatepass"))
    if size <= max_bytes:
        return text
    kept = storable.cut_utf8(text, max_bytes - _NOTE_ROOM)
    kept_bytes = len(kept.encode("utf-8"))
    return f"{kept}\n[cut by Wakeful: the tool answered {size} bytes; only the first {kept_bytes} are shown]"


def _append_new_events(agent_id: str, action_id: str, tool: str, response: Any) -> Any:
    """Append the tool's new events (once per action); the answer as it then stands:
    a failure that says why when they cannot be appended."""
    from wakeful.events import store as events
    from wakeful.events.exceptions import EventAgentNotFoundError, EventNotStorableError
    from wakeful.events.models import NewEvent
    from wakeful.tools.base import ToolResponse

    try:
        events.append(
            agent_id,
            [NewEvent(event_type=e.event_type, payload=e.payload, priority=e.priority, source=f"tool:{tool}") for e in response.new_events],
            idempotency_key=f"action:{action_id}",
            parent_action_id=action_id,
        )
    except EventAgentNotFoundError:
        return ToolResponse(success=False, output=response.output, error="agent deleted; its new events were dropped")
    except (storable.NotStorableError, EventNotStorableError) as error:
        return ToolResponse(success=False, error=f"the tool's new_events cannot be stored: {error.message}")
    return response


def _finish(action_id: str, response: Any, elapsed_ms: int) -> Any:
    """Record the action's result; the answer as recorded. Should DynamoDB refuse it
    all the same, the action still finishes (FAILED, saying why) instead of staying
    RUNNING and its step being retried, calling the tool again each time."""
    from wakeful.tools.base import ToolResponse

    try:
        _write(action_id, response, elapsed_ms)
    except action_repository.ActionRefusedError as error:
        response = ToolResponse(success=False, error=f"the tool's answer cannot be stored ({error.code})")
        _write(action_id, response, elapsed_ms)
    return response


def _write(action_id: str, response: Any, elapsed_ms: int) -> None:
    action_repository.finish(
        action_id,
        status=actions.COMPLETED if response.success else actions.FAILED,
        response_meta=response.recorded(),
        elapsed_ms=elapsed_ms,
        error_message=None if response.success else (response.error or "the tool reported failure without a reason"),
        now=clock.now(),
        expires_at=None,
    )
