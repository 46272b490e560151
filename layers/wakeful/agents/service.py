"""Creating, reading, changing and deleting agents.

Creation is one transaction: the agent, its alias reservation and its first heartbeat
(PENDING, due at once, seed 000 "Heartbeat Initialization"). Pausing takes the pending
heartbeat out of the due index; resuming puts it back.
"""

from __future__ import annotations

from typing import Any

from botocore.exceptions import ClientError

from wakeful import clock, ddb, ids
from wakeful.agents.exceptions import (
    AgentAliasTakenError,
    AgentNotFoundError,
    AgentPausedError,
    AgentPresetUnknownError,
)
from wakeful.agents.models import AgentCreate, AgentPatch
from wakeful.heartbeats import records as hb


def _alias_key(alias: str) -> str:
    return f"alias#{alias.lower()}"


def create(owner: str, body: AgentCreate) -> dict[str, Any]:
    """Create an agent whose first heartbeat is due now; apply its preset."""
    from wakeful import presets  # presets import the tool registry; only creation needs it

    if body.preset is not None and body.preset not in presets.PRESETS:
        raise AgentPresetUnknownError(
            f"unknown preset {body.preset!r}; known presets: {', '.join(sorted(presets.PRESETS)) or 'none'}"
        )
    now = clock.now()
    agent_id = ids.new_id("agt", now)
    heartbeat_id = ids.new_id("hb", now)
    agent = {
        "agent_id": agent_id,
        "owner": owner,
        "name": body.name,
        "alias": body.alias,
        "personality": body.personality,
        "expertise": body.expertise,
        "focus_areas": body.focus_areas,
        "heartbeat_interval_seconds": body.heartbeat_interval_seconds,
        "preset": body.preset,
        "is_active": True,
        "last_seq": 0,
        "processed_seq": 0,
        "active_heartbeat_id": heartbeat_id,
        "next_heartbeat_at": now,
        "created_at": now,
        "updated_at": now,
        **_thread_fields(body),
    }
    items = [
        {
            "Put": {
                "TableName": ddb.table("agents"),
                "Item": ddb.serialize(agent),
                "ConditionExpression": "attribute_not_exists(agent_id)",
            }
        },
        {
            "Put": {
                "TableName": ddb.table("idempotency"),
                "Item": ddb.serialize({"key": _alias_key(body.alias), "kind": "alias", "agent_id": agent_id}),
                "ConditionExpression": "attribute_not_exists(#k)",
                "ExpressionAttributeNames": {"#k": "key"},
            }
        },
        {
            "Put": {
                "TableName": ddb.table("heartbeats"),
                "Item": ddb.serialize(hb.pending_item(agent, heartbeat_id, now, now=now)),
            }
        },
    ]
    try:
        ddb.client().transact_write_items(TransactItems=items)
    except ClientError as error:
        codes = ddb.cancellation_codes(error)
        if len(codes) > 1 and codes[1] == "ConditionalCheckFailed":
            raise AgentAliasTakenError(f"alias {body.alias!r} is already taken") from error
        raise
    if body.preset is not None:
        presets.PRESETS[body.preset](owner, agent_id)
    return agent


def _thread_fields(body: AgentCreate | AgentPatch, *, unset: bool = False) -> dict[str, Any]:
    """The thread fields given in a body; an agent with thread triggers routes its log
    (see wakeful.threads.router)."""
    from wakeful.threads.models import THREAD_AGENT_FIELDS

    given = body.model_dump(include=set(THREAD_AGENT_FIELDS), exclude_unset=unset)
    fields = {k: v for k, v in given.items() if v is not None}
    if fields.get("thread_triggers"):
        fields["routes_events"] = True
    return fields


def get(owner: str, agent_id: str) -> dict[str, Any]:
    """The owner's agent. Another owner's agent is not found (DESIGN.md invariant 6)."""
    agent = ddb.get("agents", {"agent_id": agent_id})
    if agent is None or agent.get("owner") != owner:
        raise AgentNotFoundError(f"agent {agent_id} not found")
    return agent


def list_page(owner: str, limit: int, cursor: str | None) -> tuple[list[dict[str, Any]], str | None]:
    """The owner's agents, newest first."""
    return ddb.page("agents", index="by-owner", key="owner", value=owner, limit=limit, cursor=cursor)


def patch(owner: str, agent_id: str, body: AgentPatch) -> dict[str, Any]:
    """Change an agent; pausing or resuming moves its pending heartbeat out of or into
    the due index in the same transaction."""
    agent = get(owner, agent_id)
    changes = body.model_dump(exclude_unset=True)
    if changes.get("thread_triggers"):
        changes["routes_events"] = True
    if "is_active" in changes and changes["is_active"] is None:
        del changes["is_active"]
    now = clock.now()
    changes["updated_at"] = now
    expression, names, vals = ddb.set_clause(changes)
    update = {
        "TableName": ddb.table("agents"),
        "Key": ddb.serialize({"agent_id": agent_id}),
        "UpdateExpression": expression,
        "ConditionExpression": "attribute_exists(agent_id)",
        "ExpressionAttributeNames": names,
        "ExpressionAttributeValues": ddb.values(vals),
    }
    toggled = "is_active" in changes and changes["is_active"] != agent.get("is_active", True)
    if toggled and agent.get("active_heartbeat_id"):
        heartbeat_key = ddb.serialize({"agent_id": agent_id, "heartbeat_id": agent["active_heartbeat_id"]})
        if changes["is_active"]:
            heartbeat_update = {
                "UpdateExpression": "SET due_shard = :s, due_at = scheduled_at",
                "ExpressionAttributeValues": ddb.values({":s": hb.shard_of(agent_id), ":p": hb.PENDING}),
            }
        else:
            heartbeat_update = {
                "UpdateExpression": "REMOVE due_shard, due_at",
                "ExpressionAttributeValues": ddb.values({":p": hb.PENDING}),
            }
        try:
            ddb.client().transact_write_items(
                TransactItems=[
                    {"Update": update},
                    {
                        "Update": {
                            "TableName": ddb.table("heartbeats"),
                            "Key": heartbeat_key,
                            "ConditionExpression": "#st = :p",
                            "ExpressionAttributeNames": {"#st": "status"},
                            **heartbeat_update,
                        }
                    },
                ]
            )
        except ClientError as error:
            if not ddb.cancellation_codes(error):
                raise
            # The heartbeat is running: its completion reads is_active and schedules
            # (or parks) the next one accordingly.
            ddb.client().update_item(**update)
    else:
        ddb.client().update_item(**update)
    return get(owner, agent_id)


def delete(owner: str, agent_id: str) -> None:
    """Delete an agent and free its alias. Its pending heartbeat leaves the due index;
    its log, heartbeats and actions stay as the audit trail."""
    agent = get(owner, agent_id)
    items: list[dict[str, Any]] = [
        {
            "Delete": {
                "TableName": ddb.table("agents"),
                "Key": ddb.serialize({"agent_id": agent_id}),
                "ConditionExpression": "attribute_exists(agent_id)",
            }
        },
        {
            "Delete": {
                "TableName": ddb.table("idempotency"),
                "Key": ddb.serialize({"key": _alias_key(agent["alias"])}),
            }
        },
    ]
    try:
        ddb.client().transact_write_items(TransactItems=items)
    except ClientError as error:
        if ddb.cancellation_codes(error):
            raise AgentNotFoundError(f"agent {agent_id} not found") from error
        raise
    if agent.get("active_heartbeat_id"):
        try:
            ddb.client().update_item(
                TableName=ddb.table("heartbeats"),
                Key=ddb.serialize({"agent_id": agent_id, "heartbeat_id": agent["active_heartbeat_id"]}),
                UpdateExpression="SET #st = :f, error_message = :m, completed_at = :now REMOVE due_shard, due_at",
                ConditionExpression="#st = :p",
                ExpressionAttributeNames={"#st": "status"},
                ExpressionAttributeValues=ddb.values(
                    {":f": hb.FAILED, ":m": "agent deleted", ":now": clock.now(), ":p": hb.PENDING}
                ),
            )
        except ClientError as error:
            if not ddb.is_conditional_failure(error):
                raise


def request_heartbeat(owner: str, agent_id: str) -> str:
    """Make a heartbeat due now and return its id.

    The pending heartbeat is moved to now. If a heartbeat is running, the next one is
    named now and scheduled at its completion, so two never run at once.
    """
    agent = get(owner, agent_id)
    if not agent.get("is_active", True):
        raise AgentPausedError(f"agent {agent_id} is paused; PATCH is_active=true first")
    now = clock.now()
    active = agent.get("active_heartbeat_id")
    if active:
        try:
            ddb.client().update_item(
                TableName=ddb.table("heartbeats"),
                Key=ddb.serialize({"agent_id": agent_id, "heartbeat_id": active}),
                UpdateExpression="SET scheduled_at = :now, due_at = :now, due_shard = :s",
                ConditionExpression="#st = :p AND attribute_exists(due_shard)",
                ExpressionAttributeNames={"#st": "status"},
                ExpressionAttributeValues=ddb.values({":now": now, ":s": hb.shard_of(agent_id), ":p": hb.PENDING}),
            )
            ddb.client().update_item(
                TableName=ddb.table("agents"),
                Key=ddb.serialize({"agent_id": agent_id}),
                UpdateExpression="SET next_heartbeat_at = :now",
                ConditionExpression="active_heartbeat_id = :h",
                ExpressionAttributeValues=ddb.values({":now": now, ":h": active}),
            )
            return active
        except ClientError as error:
            if not ddb.is_conditional_failure(error):
                raise
    # A heartbeat is running: name its successor now and ask for it to be due at once.
    next_id = agent.get("requested_heartbeat_id") or ids.new_id("hb", now)
    ddb.client().update_item(
        TableName=ddb.table("agents"),
        Key=ddb.serialize({"agent_id": agent_id}),
        UpdateExpression="SET requested_heartbeat_id = if_not_exists(requested_heartbeat_id, :h)",
        ConditionExpression="attribute_exists(agent_id)",
        ExpressionAttributeValues=ddb.values({":h": next_id}),
    )
    refreshed = ddb.get("agents", {"agent_id": agent_id}) or {}
    return refreshed.get("requested_heartbeat_id", next_id)
