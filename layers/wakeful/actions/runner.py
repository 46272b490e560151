"""Running one action: the tool Lambda's work.

Reads the action (which holds the seed's ``request_meta``: event, agent context, tool
config), runs the tool with the action id as its idempotency key, appends the tool's
``new_events`` (idempotently, keyed by the action), records the result, and tells the
orchestrator to look at the heartbeat again. A redelivered message finds the action
finished and only repeats that last, harmless step.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from botocore.exceptions import ClientError

from wakeful import clock, ddb, queues, retention, storable
from wakeful.actions import records
from wakeful.events import store as events
from wakeful.events.exceptions import EventAgentNotFoundError, EventNotStorableError
from wakeful.events.models import NewEvent
from wakeful.hooks.firing import fire
from wakeful.stream import actions as action_stream
from wakeful.tools import registry
from wakeful.tools.base import ToolRequest, ToolResponse
from wakeful.tools.exceptions import ToolCallError

logger = logging.getLogger(__name__)


def run(action_id: str) -> str:
    """Run an action if it is not finished. Returns what happened, for logs."""
    action = records.get(action_id)
    if action is None:
        return "missing"
    if action["status"] in records.TERMINAL:
        _continue(action)
        return "already-finished"
    now = clock.now()
    try:
        ddb.client().update_item(
            TableName=ddb.table("actions"),
            Key=ddb.serialize({"action_id": action_id}),
            UpdateExpression="SET #st = :running, started_at = if_not_exists(started_at, :now), run_count = run_count + :one",
            ConditionExpression="#st IN (:pending, :running)",
            ExpressionAttributeNames={"#st": "status"},
            ExpressionAttributeValues=ddb.values(
                {":running": records.RUNNING, ":pending": records.PENDING, ":now": now, ":one": 1}
            ),
        )
    except ClientError as error:
        if ddb.is_conditional_failure(error):
            return "already-finished"
        raise

    _renew_heartbeat_lease(action)
    meta = action.get("request_meta") or {}
    # The action carries what hooks need (agent identity, hook types), so no agent read.
    agent = {**(meta.get("agent_context") or {}), "hook_types": action.get("hook_types") or []}
    tool = registry.resolve(action["owner"], action["tool"])
    hook_data = {
        "action_id": action_id,
        "tool_name": action["tool"],
        "event_type": action.get("event_type"),
        "request_meta": meta,
    }
    hook_args: dict[str, Any] = {"heartbeat_id": action.get("heartbeat_id"), "action_id": action_id, "context": {"triggered_by": action.get("event_type")}}
    if tool is not None:
        fire(agent, f"BEFORE_{tool.hook_name()}", hook_data, delivery_key=f"{action_id}:before-tool", **hook_args)
        fire(agent, "ACTION_STARTED", hook_data, delivery_key=f"{action_id}:started", **hook_args)

    stream = action_stream.begin(action)  # the heartbeat's part of the agent's live stream
    started = time.perf_counter()
    if tool is None:
        response = ToolResponse(success=False, error=f"tool {action['tool']!r} not found (deleted?)")
    else:
        response = _call(tool, action_id, meta)
    elapsed_ms = int((time.perf_counter() - started) * 1000)
    response = _storable(response)

    if response.success and response.new_events:
        try:
            _append_new_events(action, response)
        except EventAgentNotFoundError:
            response = ToolResponse(success=False, output=response.output, error="agent deleted; its new events were dropped")
        except (storable.NotStorableError, EventNotStorableError) as error:
            response = ToolResponse(success=False, error=f"the tool's new_events cannot be stored: {error.message}")

    try:
        result = _record(action_id, response, elapsed_ms)
    except ClientError as error:
        if _is_refused(error):
            # Defence in depth: whatever DynamoDB refuses, the action still finishes
            # (FAILED, saying why) instead of staying RUNNING and being re-run forever.
            response = ToolResponse(success=False, error=f"the tool's answer cannot be stored ({_error_code(error)})")
            result = _record(action_id, response, elapsed_ms)
        elif not ddb.is_conditional_failure(error):
            raise
        else:
            result = None
    status = records.COMPLETED if response.success else records.FAILED
    error_message = None if response.success else (response.error or "the tool reported failure without a reason")
    if result is None:
        # A concurrent run of the same action finished first; its result stands.
        finished = records.get(action_id)
        if finished:
            _continue(finished)
        return "lost-race"
    finished = ddb.deserialize(result["Attributes"]) or action

    if tool is not None:
        after = {
            "action_id": action_id,
            "tool_name": action["tool"],
            "success": response.success,
            "output": response.output,
            "execution_time_ms": elapsed_ms,
        }
        fire(agent, f"AFTER_{tool.hook_name()}", after, delivery_key=f"{action_id}:after-tool", **hook_args)
        if response.success:
            fire(agent, "ACTION_COMPLETED", after, delivery_key=f"{action_id}:completed", **hook_args)
    if not response.success:
        fire(
            agent,
            "ACTION_FAILED",
            {
                "action_id": action_id,
                "tool_name": action["tool"],
                "error_message": error_message,
                "request_meta": meta,
                "execution_time_ms": elapsed_ms,
            },
            delivery_key=f"{action_id}:failed",
            **hook_args,
        )
    logger.info("action finished", extra={"action_id": action_id, "tool": action["tool"], "status": status})
    action_stream.finish(stream, action, response.success, response.output, error_message)
    _continue(finished)
    return status.lower()


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


def _record(action_id: str, response: ToolResponse, elapsed_ms: int) -> dict[str, Any]:
    """Write the action's result (conditioned on RUNNING: the first finisher wins)."""
    status = records.COMPLETED if response.success else records.FAILED
    error_message = None if response.success else (response.error or "the tool reported failure without a reason")
    expires_at = retention.expiry(clock.now())
    return ddb.client().update_item(
        TableName=ddb.table("actions"),
        Key=ddb.serialize({"action_id": action_id}),
        UpdateExpression=(
            "SET #st = :status, response_meta = :resp, execution_time_ms = :ms, completed_at = :now"
            + (", error_message = :err" if error_message else "")
            + (", expires_at = :exp" if expires_at else "")
        ),
        ConditionExpression="#st = :running",
        ExpressionAttributeNames={"#st": "status"},
        ExpressionAttributeValues=ddb.values(
            {
                ":status": status,
                ":resp": response.model_dump(mode="json"),
                ":ms": elapsed_ms,
                ":now": clock.now(),
                ":running": records.RUNNING,
                **({":err": error_message[:4000]} if error_message else {}),
                **({":exp": expires_at} if expires_at else {}),
            }
        ),
        ReturnValues="ALL_NEW",
    )


def _error_code(error: ClientError) -> str:
    return str(error.response.get("Error", {}).get("Code", "error"))


def _is_refused(error: ClientError) -> bool:
    """DynamoDB refused the item itself (too large, a bad value): retrying cannot help."""
    return _error_code(error) == "ValidationException"


def _append_new_events(action: dict[str, Any], response: ToolResponse) -> None:
    """Append the tool's ``new_events``, once per action (idempotency key)."""
    events.append(
        action["agent_id"],
        [
            NewEvent(event_type=e.event_type, payload=e.payload, priority=e.priority, source=f"tool:{action['tool']}")
            for e in response.new_events
        ],
        idempotency_key=f"action:{action['action_id']}",
        parent_action_id=action["action_id"],
    )


def _call(tool: Any, action_id: str, meta: dict[str, Any]) -> ToolResponse:
    try:
        request = ToolRequest(
            action_id=action_id,
            event=meta["event"],
            agent_context=meta.get("agent_context") or {},
            tool_config=meta.get("tool_config") or {},
        )
        response = tool.run(request)
        if not isinstance(response, ToolResponse):
            raise ToolCallError(f"{tool.name} returned {type(response).__name__}, not a ToolResponse")
        return response
    except ToolCallError as error:
        return ToolResponse(success=False, error=str(error))
    except Exception as error:  # noqa: BLE001 - a failed tool fails its action, not the heartbeat
        logger.exception("tool raised", extra={"action_id": action_id})
        return ToolResponse(success=False, error=f"{type(error).__name__}: {error}")


def _renew_heartbeat_lease(action: dict[str, Any]) -> None:
    """Push the heartbeat's lease out as each of its actions starts: a heartbeat whose
    actions make progress is alive, however long its round takes in all. Only a claimed
    heartbeat carries a lease (the ``lease-expiry`` index is sparse), hence the
    condition; a finished one is left alone."""
    from wakeful.config import get_settings
    from wakeful.heartbeats import records as hb

    if not action.get("heartbeat_id"):
        return
    lease = clock.now() + get_settings().heartbeat_lease_seconds
    try:
        ddb.client().update_item(
            TableName=ddb.table("heartbeats"),
            Key=ddb.serialize({"agent_id": action["agent_id"], "heartbeat_id": action["heartbeat_id"]}),
            UpdateExpression="SET lease_expires_at = :lease",
            ConditionExpression="#st IN (:queued, :executing) AND attribute_exists(lease_shard) AND lease_expires_at < :lease",
            ExpressionAttributeNames={"#st": "status"},
            ExpressionAttributeValues=ddb.values({":lease": lease, ":queued": hb.QUEUED, ":executing": hb.EXECUTING}),
        )
    except ClientError as error:
        if not ddb.is_conditional_failure(error):
            raise


def _continue(action: dict[str, Any]) -> None:
    """Take the finished action out of its heartbeat's ``open_actions``; whoever empties
    the set asks the orchestrator to go on. Removing from a set is idempotent, so a
    redelivered message can do it again safely."""
    if not action.get("heartbeat_id"):
        return
    try:
        response = ddb.client().update_item(
            TableName=ddb.table("heartbeats"),
            Key=ddb.serialize({"agent_id": action["agent_id"], "heartbeat_id": action["heartbeat_id"]}),
            UpdateExpression="DELETE open_actions :done",
            ConditionExpression="attribute_exists(heartbeat_id)",
            ExpressionAttributeValues={":done": {"SS": [action["action_id"]]}},
            ReturnValues="UPDATED_NEW",
        )
    except ClientError as error:
        if ddb.is_conditional_failure(error):
            return  # the heartbeat is gone; nothing waits for this action
        raise
    if not (response.get("Attributes") or {}).get("open_actions"):
        queues.send_heartbeats([{"agent_id": action["agent_id"], "heartbeat_id": action["heartbeat_id"]}])
