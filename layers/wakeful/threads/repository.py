"""The threads repository: every read and write of the ``threads`` table, one item per
thread, every write conditioned on its ``version``.

Optimistic concurrency: each write sets ``version = version + 1`` on the condition that
the version is the one read, so the runner, the router, the scan and the API never
overwrite each other's change; the loser reads again and decides again. A run step
also names the step it is (``step_key``): a redelivered, finished step no longer
matches and changes nothing.

Index attributes are kept here, with the status that implies them:
- ``due_shard``/``due_at``/``due_kind`` (sparse index ``thread-due``): a sleeping
  thread's timer or expiry, a waiting_approval thread's expiry, a running step's lease;
- ``waits_agent``/``wait_after_seq``/``wait_id``/``wake_on_events`` (sparse index
  ``waiting``): a sleeping thread's event waits, read by the router;
- ``agent_status`` (index ``by-status``): ``GET /agents/{id}/threads?status=``.
"""

from __future__ import annotations

from typing import Any

from botocore.exceptions import ClientError

from wakeful import clock, ddb
from wakeful.config import get_settings
from wakeful.threads import messages_repository, records
from wakeful.threads.exceptions import ThreadNotFoundError


class VersionConflict(Exception):
    """The thread changed since it was read (re-read and decide again)."""


_INDEX_ATTRS = ("due_shard", "due_at", "due_kind", "waits_agent", "wait_after_seq", "wait_id")


def key(agent_id: str, thread_id: str) -> dict[str, Any]:
    """The item key."""
    return {"agent_id": agent_id, "thread_id": thread_id}


def get(agent_id: str, thread_id: str) -> dict[str, Any] | None:
    """A thread item (consistent read)."""
    return ddb.get("threads", key(agent_id, thread_id))


def get_or_404(agent_id: str, thread_id: str) -> dict[str, Any]:
    """A thread item, or :class:`ThreadNotFoundError`."""
    found = get(agent_id, thread_id)
    if found is None:
        raise ThreadNotFoundError(f"thread {thread_id} not found")
    return found


def list_page(agent_id: str, status: str | None, limit: int, cursor: str | None) -> tuple[list[dict[str, Any]], str | None]:
    """An agent's threads, newest first, optionally of one status."""
    if status:
        return ddb.page("threads", index="by-status", key="agent_status", value=f"{agent_id}#{status}", limit=limit, cursor=cursor)
    return ddb.page("threads", key="agent_id", value=agent_id, limit=limit, cursor=cursor)


def state(
    thread: dict[str, Any],
    status: str,
    *,
    due: tuple[str, float] | None = None,
    waits: dict[str, Any] | None = None,
) -> tuple[dict[str, Any], list[str]]:
    """The SET values and REMOVEd attributes that put ``thread`` in ``status`` with its
    index attributes: ``due`` = (kind, at) or None, ``waits`` = ``{wake_on_events,
    wait_after_seq, wait_id}`` or None."""
    now = clock.now()
    sets: dict[str, Any] = {"status": status, "agent_status": f"{thread['agent_id']}#{status}", "updated_at": now}
    removes: list[str] = []
    if due is not None:
        sets.update({"due_kind": due[0], "due_at": due[1], "due_shard": records.shard_of(thread["thread_id"])})
    else:
        removes += ["due_shard", "due_at", "due_kind"]
    if waits and waits.get("wake_on_events"):
        sets.update({"waits_agent": thread["agent_id"], **waits})
    else:
        removes += ["waits_agent", "wait_after_seq", "wait_id"]
    return sets, removes


def lease(now: float | None = None) -> tuple[str, float]:
    """The due entry of a running step: the scan re-sends it if it is still there then."""
    return (records.DUE_LEASE, (clock.now() if now is None else now) + get_settings().thread_lease_seconds)


def _update_params(thread: dict[str, Any], sets: dict[str, Any], removes: list[str] | None = None, *, condition: str = "", values: dict[str, Any] | None = None) -> dict[str, Any]:
    """UpdateItem parameters: SET ``sets``, REMOVE ``removes``, ``version`` + 1, on the
    condition that the version is the one read (and ``condition``, if given)."""
    names: dict[str, str] = {}
    parts: list[str] = []
    vals: dict[str, Any] = {":v_read": int(thread.get("version", 0)), ":v_one": 1, **(values or {})}
    for i, (attr, value) in enumerate(sets.items()):
        names[f"#s{i}"] = attr
        vals[f":s{i}"] = value
        parts.append(f"#s{i} = :s{i}")
    parts.append("#version = #version + :v_one")
    names["#version"] = "version"
    expression = "SET " + ", ".join(parts)
    removing = [r for r in dict.fromkeys(removes or []) if r not in sets]
    if removing:
        for i, attr in enumerate(removing):
            names[f"#r{i}"] = attr
        expression += " REMOVE " + ", ".join(f"#r{i}" for i in range(len(removing)))
    cond = "#version = :v_read" + (f" AND ({condition})" if condition else "")
    if "#st " in cond + " ":
        names["#st"] = "status"
    return {
        "TableName": ddb.table("threads"),
        "Key": ddb.serialize(key(thread["agent_id"], thread["thread_id"])),
        "UpdateExpression": expression,
        "ConditionExpression": cond,
        "ExpressionAttributeNames": names,
        "ExpressionAttributeValues": ddb.values(vals),
    }


def update(thread: dict[str, Any], sets: dict[str, Any], removes: list[str] | None = None, **kwargs: Any) -> dict[str, Any]:
    """Apply an update conditioned on the version read; returns the new item.

    Raises:
        VersionConflict: the thread changed since it was read.
    """
    params = _update_params(thread, sets, removes, **kwargs)
    try:
        result = ddb.client().update_item(**params, ReturnValues="ALL_NEW")
    except ClientError as error:
        if ddb.is_conditional_failure(error):
            raise VersionConflict(thread["thread_id"]) from error
        raise
    return ddb.deserialize(result["Attributes"]) or {}


def transact(thread: dict[str, Any], sets: dict[str, Any], removes: list[str], new_messages: list[dict[str, Any]]) -> None:
    """The thread update and the puts of ``new_messages`` (each on a free seq) in one
    transaction.

    Raises:
        VersionConflict: the thread changed (or a message seq was taken) since it was read.
    """
    params = _update_params(thread, sets, removes)
    items = [{"Update": params}, *(messages_repository.put_transact_item(m) for m in new_messages)]
    try:
        ddb.client().transact_write_items(TransactItems=items)
    except ClientError as error:
        if ddb.cancellation_codes(error) or error.response["Error"]["Code"] == "TransactionConflictException":
            raise VersionConflict(thread["thread_id"]) from error
        raise


def start_run(
    thread: dict[str, Any],
    sets: dict[str, Any],
    removes: list[str],
    message: dict[str, Any],
    *,
    condition: str,
    values: dict[str, Any],
) -> bool:
    """Start a new run of an existing thread: its update (conditioned on the version read
    and ``condition``) and the put of the run's first ``message``, in one transaction.
    False when a condition failed (the thread changed meanwhile, or the seq is taken)."""
    params = _update_params(thread, sets, removes, condition=condition, values=values)
    try:
        ddb.client().transact_write_items(TransactItems=[{"Update": params}, messages_repository.put_transact_item(message)])
    except ClientError as error:
        if ddb.cancellation_codes(error):
            return False
        raise
    return True


def create(thread: dict[str, Any], first_message: dict[str, Any]) -> bool:
    """Create a thread and its first message once; False when it already exists."""
    items = [
        {
            "Put": {
                "TableName": ddb.table("threads"),
                "Item": ddb.serialize(thread),
                "ConditionExpression": "attribute_not_exists(thread_id)",
            }
        },
        messages_repository.put_transact_item(first_message),
    ]
    try:
        ddb.client().transact_write_items(TransactItems=items)
    except ClientError as error:
        codes = ddb.cancellation_codes(error)
        if codes and codes[0] == "ConditionalCheckFailed":
            return False
        raise
    return True


def due(shard: int, now: float) -> Any:
    """Keys of the threads due at ``now`` in one shard (sparse index, no Scan)."""
    return ddb.query(
        "threads",
        index="thread-due",
        KeyConditionExpression="due_shard = :s AND due_at <= :now",
        ExpressionAttributeValues={":s": shard, ":now": now},
    )


def waiting(agent_id: str) -> list[dict[str, Any]]:
    """The agent's sleeping threads that wait for events (keys and waits)."""
    return list(
        ddb.query(
            "threads",
            index="waiting",
            KeyConditionExpression="waits_agent = :a",
            ExpressionAttributeValues={":a": agent_id},
        )
    )
