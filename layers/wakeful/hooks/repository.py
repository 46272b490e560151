"""The hooks repository: every read and write of the ``hooks`` table, and the agent
item's ``hook_types`` / ``hooks_version`` (what firing reads to skip agents without
hooks).

One item per hook under ``agent_id`` + ``hook_id``; an agent's hooks are one Query.
Reads answer :class:`~wakeful.hooks.records.Hook` records. Writes that must find the
hook there are conditioned on it, and answer in domain terms:
:class:`~wakeful.hooks.exceptions.HookNotFoundError`, or False.
"""

from __future__ import annotations

from typing import Any

from botocore.exceptions import ClientError

from wakeful import ddb
from wakeful.hooks.exceptions import HookNotFoundError
from wakeful.hooks.records import Hook

TABLE = "hooks"


def _key(agent_id: str, hook_id: str) -> dict[str, Any]:
    return ddb.serialize({"agent_id": agent_id, "hook_id": hook_id})


def create(hook: Hook) -> None:
    """Store a new hook (its id is new)."""
    ddb.client().put_item(
        TableName=ddb.table(TABLE),
        Item=ddb.serialize(hook.to_item()),
        ConditionExpression="attribute_not_exists(hook_id)",
    )


def get(agent_id: str, hook_id: str) -> Hook | None:
    """A hook by key (consistent read); None when absent."""
    item = ddb.get(TABLE, {"agent_id": agent_id, "hook_id": hook_id})
    return None if item is None else Hook.from_item(item)


def list_page(agent_id: str, limit: int, cursor: str | None) -> tuple[list[Hook], str | None]:
    """One page of an agent's hooks, newest first."""
    items, next_cursor = ddb.page(TABLE, key="agent_id", value=agent_id, limit=limit, cursor=cursor)
    return [Hook.from_item(item) for item in items], next_cursor


def agent_hooks(agent_id: str) -> list[Hook]:
    """Every hook of an agent (one consistent Query on its partition)."""
    return [
        Hook.from_item(item)
        for item in ddb.query(
            TABLE,
            KeyConditionExpression="agent_id = :a",
            ExpressionAttributeValues={":a": agent_id},
            ConsistentRead=True,
        )
    ]


def update(agent_id: str, hook_id: str, sets: dict[str, Any], removes: list[str]) -> Hook:
    """SET ``sets`` and REMOVE ``removes`` on an existing hook; returns the hook as it
    now is.

    Raises:
        HookNotFoundError: the hook is gone.
    """
    names = {f"#s{i}": key for i, key in enumerate(sets)}
    names.update({f"#r{i}": key for i, key in enumerate(removes)})
    expression = "SET " + ", ".join(f"#s{i} = :s{i}" for i in range(len(sets)))
    if removes:
        expression += " REMOVE " + ", ".join(f"#r{i}" for i in range(len(removes)))
    try:
        response = ddb.client().update_item(
            TableName=ddb.table(TABLE),
            Key=_key(agent_id, hook_id),
            UpdateExpression=expression,
            ConditionExpression="attribute_exists(hook_id)",
            ExpressionAttributeNames=names,
            ExpressionAttributeValues=ddb.values({f":s{i}": value for i, value in enumerate(sets.values())}),
            ReturnValues="ALL_NEW",
        )
    except ClientError as error:
        if ddb.is_conditional_failure(error):
            raise HookNotFoundError(f"hook {hook_id} not found") from error
        raise
    return Hook.from_item(ddb.deserialize(response["Attributes"]) or {})


def delete(agent_id: str, hook_id: str) -> None:
    """Delete a hook (nothing happens when it is already gone)."""
    ddb.client().delete_item(TableName=ddb.table(TABLE), Key=_key(agent_id, hook_id))


def disable(agent_id: str, hook_id: str, reason: str, now: float) -> bool:
    """Make an active hook inactive with a recorded reason. False when it was already
    inactive or is gone."""
    try:
        ddb.client().update_item(
            TableName=ddb.table(TABLE),
            Key=_key(agent_id, hook_id),
            UpdateExpression="SET is_active = :f, disabled_reason = :r, disabled_at = :now, updated_at = :now",
            ConditionExpression="attribute_exists(hook_id) AND is_active = :t",
            ExpressionAttributeValues=ddb.values({":f": False, ":t": True, ":r": reason, ":now": now}),
        )
    except ClientError as error:
        if ddb.is_conditional_failure(error):
            return False
        raise
    return True


def start_failure_streak(agent_id: str, hook_id: str, now: float) -> float:
    """Start the hook's failure streak at ``now`` unless one is running; returns when the
    running streak started (``now`` when the hook is gone)."""
    try:
        response = ddb.client().update_item(
            TableName=ddb.table(TABLE),
            Key=_key(agent_id, hook_id),
            UpdateExpression="SET failing_since = if_not_exists(failing_since, :now)",
            ConditionExpression="attribute_exists(hook_id)",
            ExpressionAttributeValues=ddb.values({":now": now}),
            ReturnValues="ALL_NEW",
        )
    except ClientError as error:
        if ddb.is_conditional_failure(error):
            return now
        raise
    return float(ddb.deserialize(response["Attributes"])["failing_since"])  # type: ignore[index]


def end_failure_streak(agent_id: str, hook_id: str) -> None:
    """Clear the hook's failure streak (nothing happens when the hook is gone)."""
    try:
        ddb.client().update_item(
            TableName=ddb.table(TABLE),
            Key=_key(agent_id, hook_id),
            UpdateExpression="REMOVE failing_since",
            ConditionExpression="attribute_exists(hook_id)",
        )
    except ClientError as error:
        if not ddb.is_conditional_failure(error):
            raise


# -- the agent item's hook_types -------------------------------------------------------
# These two attributes live on the agent item so that firing costs no read for an
# agent without hooks; the agents repository writes them, for hooks only.
def hooks_version(agent_id: str) -> int | None:
    """The agent's ``hooks_version`` (0 before its first hook change); None when the
    agent is gone."""
    from wakeful.agents import repository as agents_repository  # changing hooks only, not delivering

    agent = agents_repository.get(agent_id)
    return None if agent is None else agent.hooks_version
