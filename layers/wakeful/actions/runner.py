"""Running one action: the tool Lambda's work.

Reads the action (which holds its ``request_meta``: event, agent context, tool
config), runs the tool with the action id as its idempotency key, appends the tool's
``new_events`` (idempotently, keyed by the action), records the result, and tells the
orchestrator to look at the heartbeat again. A redelivered message finds the action
finished and only repeats that last, harmless step.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from wakeful import clock, retention, storable
from wakeful.actions import interception, records, repository, slots
from wakeful.actions.records import Action
from wakeful.agents.records import Agent
from wakeful.events import store as events
from wakeful.events.exceptions import EventAgentNotFoundError, EventNotStorableError
from wakeful.events.models import NewEvent
from wakeful.hooks.events import ActionCompleted, ActionFailed, ActionStarted, AfterTool, ApprovalRequested, BeforeTool
from wakeful.hooks.firing import fire
from wakeful.stream import actions as action_stream
from wakeful.tools import registry, requests
from wakeful.tools.base import ToolResponse

logger = logging.getLogger(__name__)


def run(action_id: str) -> str:
    """Run an action if it is not finished. Returns what happened, for logs."""
    action = repository.get(action_id)
    if action is None:
        return "missing"
    if action.status in records.TERMINAL:
        slots.finished(action)
        return "already-finished"
    if action.status == records.WAITING_APPROVAL:
        return "waiting-approval"
    meta = action.request_meta or {}
    # The action carries what hooks need (agent identity, hook types), so no agent read.
    agent = Agent.from_context(meta.get("agent_context") or {}, action.hook_types or ())
    outcome = _intercepted(action, meta)
    if outcome is not None and outcome.decision == interception.REQUIRE_APPROVAL:
        return _park(action, agent, outcome)
    changed = outcome is not None and outcome.decision == interception.MUTATE
    if outcome is not None:
        meta = outcome.meta
    if not repository.start(action_id, clock.now(), interception=outcome.record() if outcome else None, request_meta=meta if changed else None):
        return "already-finished"
    slots.started(action)
    if outcome is not None and outcome.decision in (interception.DENY, interception.RESPOND):
        return _finish_unrun(action, agent, outcome)
    tool = registry.resolve(action.owner or "", action.tool)
    hook_args: dict[str, Any] = {"heartbeat_id": action.heartbeat_id, "action_id": action_id, "context": {"triggered_by": action.event_type}}
    if tool is not None:
        before = BeforeTool(tool_hook_name=tool.hook_name(), action_id=action_id, tool_name=action.tool, event_type=action.event_type, request_meta=meta)
        fire(agent, before, delivery_key=f"{action_id}:before-tool", **hook_args)
        started = ActionStarted(action_id=action_id, tool_name=action.tool, event_type=action.event_type, request_meta=meta)
        fire(agent, started, delivery_key=f"{action_id}:started", **hook_args)

    stream = action_stream.begin(action)  # the heartbeat's part of the agent's live stream
    response, elapsed_ms = _execute(tool, action, meta)
    response, finished = _record(action_id, response, elapsed_ms)
    if finished is None:
        # A concurrent run of the same action finished first; its result stands.
        winner = repository.get(action_id)
        if winner:
            slots.finished(winner)
        return "lost-race"
    error_message = None if response.success else (response.error or "the tool reported failure without a reason")
    _fire_finished(agent, tool, action, meta, response, elapsed_ms, error_message, hook_args)
    status = records.COMPLETED if response.success else records.FAILED
    logger.info("action finished", extra={"action_id": action_id, "tool": action.tool, "status": status})
    action_stream.finish(stream, action, response.success, response.output, error_message)
    slots.finished(finished or action)
    return status.lower()


def _intercepted(action: Action, meta: dict[str, Any]) -> interception.Outcome | None:
    """A heartbeat's action passes the interception point before its tool runs (once
    a person approved it, it runs as approved)."""
    if not action.heartbeat_id or action.approval is not None:
        return None
    return interception.intercept(action, meta)


def _park(action: Action, agent: Agent, outcome: interception.Outcome) -> str:
    """Park the action for a person's decision; its heartbeat goes on without it."""
    if repository.park(action.action_id, clock.now(), outcome.record()):
        arguments = interception.tool_call_event(action, agent.name, outcome.meta)["tool_calls"][0]["arguments"]
        requested = ApprovalRequested(
            thread_id=None,
            tool_call_id=action.action_id,
            tool=action.tool,
            arguments=arguments,
            action_id=action.action_id,
            heartbeat_id=action.heartbeat_id,
        )
        fire(agent, requested, heartbeat_id=action.heartbeat_id, action_id=action.action_id, delivery_key=f"{action.action_id}:approval")
        slots.parked(action, arguments)
        logger.info("action waits for approval", extra={"action_id": action.action_id, "tool": action.tool})
    slots.finished(action)
    return "waiting-approval"


def _finish_unrun(action: Action, agent: Agent, outcome: interception.Outcome) -> str:
    """A denied action fails with the reason; a responded one completes with the
    response as its output. Its tool never runs."""
    if outcome.decision == interception.DENY:
        response = ToolResponse(success=False, error=f"denied by the interception point: {outcome.reason or 'no reason given'}")
    else:
        response = ToolResponse(success=True, output={"responded": outcome.reason})
    response, finished = _record(action.action_id, response, 0)
    if finished is not None and not response.success:
        failed = ActionFailed(action_id=action.action_id, tool_name=action.tool, error_message=response.error, request_meta=outcome.meta, execution_time_ms=0)
        fire(agent, failed, heartbeat_id=action.heartbeat_id, action_id=action.action_id, context={"triggered_by": action.event_type}, delivery_key=f"{action.action_id}:failed")
    logger.info("action decided by interception", extra={"action_id": action.action_id, "decision": outcome.decision})
    slots.finished(finished or action)
    return outcome.decision


def _execute(tool: Any, action: Action, meta: dict[str, Any]) -> tuple[ToolResponse, int]:
    """Call the tool and keep what of its answer can be stored: its new events are
    appended (once per action); the response says why if they could not be."""
    started = time.perf_counter()
    if tool is None:
        response = ToolResponse(success=False, error=f"tool {action.tool!r} not found (deleted?)")
    else:
        response = _call(tool, action.action_id, meta)
    elapsed_ms = int((time.perf_counter() - started) * 1000)
    response = _storable(response)
    if response.success and response.new_events:
        try:
            _append_new_events(action, response)
        except EventAgentNotFoundError:
            response = ToolResponse(success=False, output=response.output, error="agent deleted; its new events were dropped")
        except (storable.NotStorableError, EventNotStorableError) as error:
            response = ToolResponse(success=False, error=f"the tool's new_events cannot be stored: {error.message}")
    return response, elapsed_ms


def _fire_finished(
    agent: Agent,
    tool: Any,
    action: Action,
    meta: dict[str, Any],
    response: ToolResponse,
    elapsed_ms: int,
    error_message: str | None,
    hook_args: dict[str, Any],
) -> None:
    """The hooks of a finished action: AFTER_<TOOL>, then ACTION_COMPLETED or ACTION_FAILED."""
    action_id = action.action_id
    if tool is not None:
        made, context = tool.after_hook(response)
        after = AfterTool(
            tool_hook_name=tool.hook_name(),
            action_id=action_id,
            tool_name=action.tool,
            success=response.success,
            output=response.output,
            execution_time_ms=elapsed_ms,
            made=made,
        )
        after_args = {**hook_args, "context": {**hook_args["context"], **context}}
        fire(agent, after, delivery_key=f"{action_id}:after-tool", **after_args)
        if response.success:
            completed = ActionCompleted(action_id=action_id, tool_name=action.tool, output=response.output, execution_time_ms=elapsed_ms)
            fire(agent, completed, delivery_key=f"{action_id}:completed", **hook_args)
    if not response.success:
        failed = ActionFailed(
            action_id=action_id, tool_name=action.tool, error_message=error_message, request_meta=meta, execution_time_ms=elapsed_ms
        )
        fire(agent, failed, delivery_key=f"{action_id}:failed", **hook_args)


def _storable(response: ToolResponse) -> ToolResponse:
    """The tool's answer if it can be stored (:mod:`wakeful.storable`), else a failure
    that says why: a poison answer fails its action and never wedges the agent."""
    try:
        storable.check(
            response.model_dump(exclude={"new_events"}), "the tool's answer", max_bytes=storable.MAX_TOOL_ANSWER_BYTES
        )
        for index, event in enumerate(response.new_events):
            storable.check({"payload": event.payload}, f"new_events[{index}]")
    except storable.NotStorableError as error:
        return ToolResponse(success=False, error=f"the tool's answer cannot be stored: {error.message}")
    return response


def _record(action_id: str, response: ToolResponse, elapsed_ms: int) -> tuple[ToolResponse, Action | None]:
    """Write the action's result (the first finisher wins). Returns the response as
    recorded and the finished action (None: another run finished first)."""
    try:
        return response, _write_result(action_id, response, elapsed_ms)
    except repository.ActionRefusedError as error:
        # Defence in depth: whatever DynamoDB refuses, the action still finishes
        # (FAILED, saying why) instead of staying RUNNING and being re-run forever.
        response = ToolResponse(success=False, error=f"the tool's answer cannot be stored ({error.code})")
        return response, _write_result(action_id, response, elapsed_ms)


def _write_result(action_id: str, response: ToolResponse, elapsed_ms: int) -> Action | None:
    status = records.COMPLETED if response.success else records.FAILED
    error_message = None if response.success else (response.error or "the tool reported failure without a reason")
    return repository.finish(
        action_id,
        status=status,
        response_meta=response.recorded(),
        elapsed_ms=elapsed_ms,
        error_message=error_message,
        now=clock.now(),
        expires_at=retention.expiry(clock.now()),
    )


def _append_new_events(action: Action, response: ToolResponse) -> None:
    """Append the tool's ``new_events``, once per action (idempotency key)."""
    events.append(
        action.agent_id,
        [
            NewEvent(event_type=e.event_type, payload=e.payload, priority=e.priority, source=f"tool:{action.tool}")
            for e in response.new_events
        ],
        idempotency_key=f"action:{action.action_id}",
        parent_action_id=action.action_id,
    )


def _call(tool: Any, action_id: str, meta: dict[str, Any]) -> ToolResponse:
    from wakeful.tools import invoke

    return invoke.call(tool, requests.build(action_id, tool.name, meta))
