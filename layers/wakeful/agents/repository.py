"""The agents table and the alias reservations: the one writer of agent items.

An agent item is written here only (and read here, as an :class:`Agent` record): created with its alias reservation (an item of
the idempotency table, kind ``alias``) and its first heartbeat, changed, pointed at its
next heartbeat, flagged with the tools its quiet heartbeats depend on, advanced by a
finished heartbeat, moved on by an append (``last_seq``) and deleted. Writes that must
commit with another item are handed out as transaction parts (``*_part``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any


from wakeful import ddb
from wakeful.agents.exceptions import AgentAliasTakenError, AgentNotFoundError
from wakeful.agents.records import Agent

TABLE = "agents"
ALIASES = "idempotency"


def _key(agent_id: str) -> dict[str, Any]:
    return ddb.serialize({"agent_id": agent_id})


def alias_key(owner: str, alias: str) -> str:
    """The reservation of an alias: unique per owner, case-insensitively (``Ada`` and
    ``ada`` are one alias; another owner may use it too)."""
    return f"alias#{owner}#{alias.lower()}"


# --- reads -----------------------------------------------------------------------


def get(agent_id: str) -> Agent | None:
    """An agent (consistent read), whoever owns it."""
    item = ddb.get(TABLE, {"agent_id": agent_id})
    return None if item is None else Agent.from_item(item)


def get_owned(owner: str, agent_id: str) -> Agent:
    """The owner's agent. Another owner's agent is not found (tenants are isolated).

    Raises:
        AgentNotFoundError: no such agent of this owner.
    """
    agent = get(agent_id)
    if agent is None or agent.owner != owner:
        raise AgentNotFoundError(f"agent {agent_id} not found")
    return agent


def get_many(agent_ids: list[str]) -> list[Agent]:
    """Agents by id (BatchGetItem, 100 a call)."""
    return [Agent.from_item(i) for i in ddb.batch_get(TABLE, [{"agent_id": a} for a in agent_ids])]


def page(owner: str, limit: int, cursor: str | None) -> tuple[list[Agent], str | None]:
    """One page of the owner's agents, newest first."""
    items, next_cursor = ddb.page(TABLE, index="by-owner", key="owner", value=owner, limit=limit, cursor=cursor)
    return [Agent.from_item(i) for i in items], next_cursor


def of_owner(owner: str) -> Iterator[Agent]:
    """Every agent of an owner."""
    items = ddb.query(
        TABLE,
        index="by-owner",
        KeyConditionExpression="#o = :o",
        ExpressionAttributeNames={"#o": "owner"},
        ExpressionAttributeValues={":o": owner},
    )
    return (Agent.from_item(i) for i in items)


def find_alias(owner: str, alias: str) -> str | None:
    """The id of the agent holding the owner's alias, in any case (one GetItem)."""
    record = ddb.get(ALIASES, {"key": alias_key(owner, alias)})
    return record.get("agent_id") if record else None


# --- creating, changing, deleting ---------------------------------------------------


def create(agent: Agent, parts_with: Sequence[dict[str, Any]]) -> None:
    """Put a new agent, reserve its alias and write ``parts_with`` (its first
    heartbeat), atomically.

    Raises:
        AgentAliasTakenError: the owner already has an agent with this alias.
    """
    alias = agent.alias
    parts = [
        {"Put": {"TableName": ddb.table(TABLE), "Item": ddb.serialize(agent.to_item()), "ConditionExpression": "attribute_not_exists(agent_id)"}},
        {
            "Put": {
                "TableName": ddb.table(ALIASES),
                "Item": ddb.serialize({"key": alias_key(agent.owner, alias), "kind": "alias", "agent_id": agent.agent_id}),
                "ConditionExpression": "attribute_not_exists(#k)",
                "ExpressionAttributeNames": {"#k": "key"},
            }
        },
        *parts_with,
    ]
    cancelled = ddb.transact(parts)
    if cancelled is None:
        return
    if len(cancelled) > 1 and cancelled[1] == "ConditionalCheckFailed":
        raise AgentAliasTakenError(f"you already have an agent with the alias {alias!r} (aliases ignore case)") from cancelled.error
    raise cancelled.error


def _update_params(agent_id: str, changes: dict[str, Any]) -> dict[str, Any]:
    expression, names, vals = ddb.set_clause(changes)
    return {
        "TableName": ddb.table(TABLE),
        "Key": _key(agent_id),
        "UpdateExpression": expression,
        "ConditionExpression": "attribute_exists(agent_id)",
        "ExpressionAttributeNames": names,
        "ExpressionAttributeValues": ddb.values(vals),
    }


def update(agent_id: str, changes: dict[str, Any], parts_with: Sequence[dict[str, Any]] = ()) -> None:
    """Set the given attributes of an existing agent; with ``parts_with`` (pausing or
    resuming moves the pending heartbeat) in the same transaction. If those parts fail
    (the heartbeat is running), the agent alone changes: the running heartbeat's
    completion reads ``is_active`` and schedules (or parks) the next one accordingly."""
    params = _update_params(agent_id, changes)
    if parts_with and ddb.transact([{"Update": params}, *parts_with]) is None:
        return
    ddb.client().update_item(**params)


def reschedule(agent_id: str, heartbeat_id: str, scheduled: float, heartbeat_part: dict[str, Any]) -> bool:
    """Move the pending heartbeat (``heartbeat_part``) and the agent's
    ``next_heartbeat_at`` to ``scheduled`` together, provided ``heartbeat_id`` is still
    the agent's; False when either moved on meanwhile."""
    agent_part = {
        "Update": {
            "TableName": ddb.table(TABLE),
            "Key": _key(agent_id),
            "UpdateExpression": "SET next_heartbeat_at = :s",
            "ConditionExpression": "active_heartbeat_id = :h",
            "ExpressionAttributeValues": ddb.values({":s": scheduled, ":h": heartbeat_id}),
        }
    }
    return ddb.transact([heartbeat_part, agent_part]) is None


def delete(agent_id: str, owner: str, alias: str) -> None:
    """Delete an agent and free its alias, atomically.

    Raises:
        AgentNotFoundError: it was deleted meanwhile.
    """
    codes = ddb.transact(
        [
            {"Delete": {"TableName": ddb.table(TABLE), "Key": _key(agent_id), "ConditionExpression": "attribute_exists(agent_id)"}},
            {"Delete": {"TableName": ddb.table(ALIASES), "Key": ddb.serialize({"key": alias_key(owner, alias)})}},
        ]
    )
    if codes is not None:
        raise AgentNotFoundError(f"agent {agent_id} not found")


# --- the next heartbeat ---------------------------------------------------------------


def set_quiet_base(agent_id: str, month: str, count: int) -> None:
    """Note ``count``, the agent's quiet heartbeats before its first of ``month``: once
    a month (a second note for the same month changes nothing)."""
    ddb.conditional(
        ddb.client().update_item,
        TableName=ddb.table(TABLE),
        Key=_key(agent_id),
        UpdateExpression="SET quiet_base = :b",
        ConditionExpression="attribute_exists(agent_id) AND (attribute_not_exists(quiet_base) OR quiet_base.#m <> :m)",
        ExpressionAttributeNames={"#m": "month"},
        ExpressionAttributeValues=ddb.values({":b": {"month": month, "count": count}, ":m": month}),
    )


def point_next_heartbeat(agent_id: str, heartbeat_id: str, at: float) -> bool:
    """Set ``next_heartbeat_at`` provided ``heartbeat_id`` is still the agent's pending
    heartbeat; False if the agent moved on."""
    response = ddb.conditional(
        ddb.client().update_item,
        TableName=ddb.table(TABLE),
        Key=_key(agent_id),
        UpdateExpression="SET next_heartbeat_at = :now",
        ConditionExpression="active_heartbeat_id = :h",
        ExpressionAttributeValues=ddb.values({":now": at, ":h": heartbeat_id}),
    )
    return response is not None


def request_successor(agent_id: str, next_id: str, running: str | None) -> bool:
    """Name the heartbeat to run as soon as ``running`` completes (kept if one was named
    already); False if ``running`` is no longer the agent's heartbeat (or the agent is
    gone)."""
    response = ddb.conditional(
        ddb.client().update_item,
        TableName=ddb.table(TABLE),
        Key=_key(agent_id),
        UpdateExpression="SET requested_heartbeat_id = if_not_exists(requested_heartbeat_id, :h)",
        ConditionExpression="attribute_exists(agent_id) AND "
        + ("active_heartbeat_id = :a" if running else "attribute_not_exists(active_heartbeat_id)"),
        ExpressionAttributeValues=ddb.values({":h": next_id, **({":a": running} if running else {})}),
    )
    return response is not None


def heartbeat_finished_part(
    agent: Agent,
    *,
    finished_id: str,
    next_id: str,
    scheduled: float,
    summary: dict[str, Any],
    quiet: dict[str, Any],
    processed_seq: int | None,
) -> dict[str, Any]:
    """Transaction part: the agent moves on from ``finished_id`` to ``next_id`` (due at
    ``scheduled``), keeps the summary and quiet counts, and (``processed_seq`` given:
    a completed heartbeat) advances ``processed_seq``. Conditioned on the agent as read:
    same heartbeat, same ``is_active``, same requested successor."""
    requested = agent.requested_heartbeat_id
    values: dict[str, Any] = {
        ":next": next_id,
        ":at": scheduled,
        ":hid": finished_id,
        ":active": agent.is_active,
        ":summary": summary,
    }
    fields = "active_heartbeat_id = :next, next_heartbeat_at = :at, last_heartbeat = :summary"
    if quiet["quiet_heartbeats"]:
        fields += ", quiet_heartbeats = :qc, last_quiet_heartbeat_at = :qa"
        values[":qc"] = quiet["quiet_heartbeats"]
        values[":qa"] = quiet["last_quiet_heartbeat_at"]
    if processed_seq is not None:
        fields += ", processed_seq = :processed"
        values[":processed"] = processed_seq
    condition = "active_heartbeat_id = :hid AND is_active = :active"
    if requested:
        condition += " AND requested_heartbeat_id = :req"
        values[":req"] = requested
    else:
        condition += " AND attribute_not_exists(requested_heartbeat_id)"
    return {
        "Update": {
            "TableName": ddb.table(TABLE),
            "Key": _key(agent.agent_id),
            "UpdateExpression": f"SET {fields} REMOVE requested_heartbeat_id",
            "ConditionExpression": condition,
            "ExpressionAttributeValues": ddb.values(values),
        }
    }


# --- flags other capabilities keep on the agent ---------------------------------------


def set_heartbeat_tools(agent_id: str, tools: list[str], version: int) -> bool:
    """Store the agent's ``heartbeat_tools`` if ``subs_version`` is still ``version``
    (bumping it); False when a concurrent change bumped it first."""
    condition = "attribute_exists(agent_id) AND " + (
        "subs_version = :v" if version else "(attribute_not_exists(subs_version) OR subs_version = :v)"
    )
    response = ddb.conditional(
        ddb.client().update_item,
        TableName=ddb.table(TABLE),
        Key=_key(agent_id),
        UpdateExpression="SET heartbeat_tools = :t, subs_version = :next",
        ConditionExpression=condition,
        ExpressionAttributeValues=ddb.values({":t": tools, ":v": version, ":next": version + 1}),
    )
    return response is not None


def set_hook_types(agent_id: str, types: list[str], version: int) -> bool:
    """Store the agent's ``hook_types`` if ``hooks_version`` is still ``version``
    (bumping it); False when a concurrent change bumped it first."""
    condition = "attribute_exists(agent_id) AND " + (
        "hooks_version = :v" if version else "(attribute_not_exists(hooks_version) OR hooks_version = :v)"
    )
    response = ddb.conditional(
        ddb.client().update_item,
        TableName=ddb.table(TABLE),
        Key=_key(agent_id),
        UpdateExpression="SET hook_types = :t, hooks_version = :next",
        ConditionExpression=condition,
        ExpressionAttributeValues=ddb.values({":t": types, ":v": version, ":next": version + 1}),
    )
    return response is not None


def last_seq_part(agent_id: str, *, old: int, new: int, routes: bool) -> dict[str, Any]:
    """Transaction part of an append: ``last_seq`` moves from ``old`` to ``new``.

    The routing flag is part of the condition: an append commits with the flag it
    read, so an event is either routed by its own append or seen by whoever set the
    flag (threads)."""
    return {
        "Update": {
            "TableName": ddb.table(TABLE),
            "Key": _key(agent_id),
            "UpdateExpression": "SET last_seq = :new",
            "ConditionExpression": "attribute_exists(agent_id) AND last_seq = :old AND "
            + ("routes_events = :routes" if routes else "attribute_not_exists(routes_events)"),
            "ExpressionAttributeValues": ddb.values({":new": new, ":old": old, **({":routes": True} if routes else {})}),
        }
    }


# --- for threads and interceptors (their packages keep their own logic) ---------------

ACTIVE_INTERCEPTOR = "active_interceptor_id"


def mark_routing(agent_id: str) -> int:
    """Flag the agent's log for routing (appends then send a routing message); returns
    its ``last_seq`` as of the flag: every later event is routed."""
    result = ddb.client().update_item(
        TableName=ddb.table(TABLE),
        Key=_key(agent_id),
        UpdateExpression="SET routes_events = :t",
        ConditionExpression="attribute_exists(agent_id)",
        ExpressionAttributeValues=ddb.values({":t": True}),
        ReturnValues="ALL_NEW",
    )
    return int((ddb.deserialize(result["Attributes"]) or {}).get("last_seq", 0))


def claim_thread_slot(agent_id: str, thread_id: str, limit: int) -> bool:
    """Take one of the agent's ``limit`` running-thread slots (idempotent for the same
    thread); False when they are all taken (or the agent is gone)."""
    response = ddb.conditional(
        ddb.client().update_item,
        TableName=ddb.table(TABLE),
        Key=_key(agent_id),
        UpdateExpression="ADD running_threads :t",
        ConditionExpression=(
            "attribute_exists(agent_id) AND (attribute_not_exists(running_threads) "
            "OR size(running_threads) < :max OR contains(running_threads, :id))"
        ),
        ExpressionAttributeValues={**ddb.values({":max": limit, ":id": thread_id}), ":t": {"SS": [thread_id]}},
    )
    return response is not None


def release_thread_slot(agent_id: str, thread_id: str) -> None:
    """Give a thread's running slot back (idempotent; nothing if the agent is gone)."""
    ddb.conditional(
        ddb.client().update_item,
        TableName=ddb.table(TABLE),
        Key=_key(agent_id),
        UpdateExpression="DELETE running_threads :t",
        ConditionExpression="attribute_exists(agent_id)",
        ExpressionAttributeValues={":t": {"SS": [thread_id]}},
    )


def claim_interceptor_part(agent_id: str, interceptor_id: str) -> dict[str, Any]:
    """Transaction part: ``interceptor_id`` becomes the agent's active interceptor,
    unless another one is."""
    return {
        "Update": {
            "TableName": ddb.table(TABLE),
            "Key": _key(agent_id),
            "UpdateExpression": "SET #a = :i",
            "ConditionExpression": "attribute_exists(agent_id) AND (attribute_not_exists(#a) OR #a = :i)",
            "ExpressionAttributeNames": {"#a": ACTIVE_INTERCEPTOR},
            "ExpressionAttributeValues": ddb.values({":i": interceptor_id}),
        }
    }


def release_interceptor(agent_id: str, interceptor_id: str) -> bool:
    """Clear the agent's active interceptor if it is this one; False if it was not."""
    response = ddb.conditional(
        ddb.client().update_item,
        TableName=ddb.table(TABLE),
        Key=_key(agent_id),
        UpdateExpression="REMOVE #a",
        ConditionExpression="#a = :i",
        ExpressionAttributeNames={"#a": ACTIVE_INTERCEPTOR},
        ExpressionAttributeValues=ddb.values({":i": interceptor_id}),
    )
    return response is not None
