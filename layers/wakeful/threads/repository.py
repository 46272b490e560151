"""The threads repository: every read and write of the ``threads`` table, one item per
thread, every write conditioned on its ``version``. Reads return :class:`Thread`
records; writes take the record that was read and the changes to write.

Optimistic concurrency: each write sets ``version = version + 1`` on the condition that
the version is the one read, so the runner, the router, the scan and the API never
overwrite each other's change; the loser reads again and decides again. A run step
also names the step it is (``step_key``): a redelivered, finished step no longer
matches and changes nothing.

Changes are ``sets`` (a :class:`Thread` field -> its new value, typed as the record
holds it) and ``removes`` (fields the item no longer has). Index attributes are kept
here, following from the fields that imply them:
- ``due_shard`` (sparse index ``thread-due``, with ``due_at``/``due_kind``): a sleeping
  thread's timer or expiry, a waiting_approval thread's expiry, a running step's lease;
- ``waits_agent`` (sparse index ``waiting``, with ``wake_on_events``/``wait_after_seq``/
  ``wait_id``): a sleeping thread's event waits, read by the router;
- ``agent_status`` (index ``by-status``, from ``status``): ``GET
  /agents/{id}/threads?status=``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from botocore.exceptions import ClientError

from wakeful import clock, ddb
from wakeful.config import get_settings
from wakeful.threads import messages_repository, records
from wakeful.threads.exceptions import ThreadNotFoundError
from wakeful.threads.records import Thread, ThreadKey, WaitingThread, Waits


class VersionConflict(Exception):
    """The thread changed since it was read (re-read and decide again)."""


def key(agent_id: str, thread_id: str) -> dict[str, Any]:
    """The item key."""
    return {"agent_id": agent_id, "thread_id": thread_id}


def get(agent_id: str, thread_id: str) -> Thread | None:
    """A thread (consistent read)."""
    item = ddb.get("threads", key(agent_id, thread_id))
    return None if item is None else Thread.from_item(item)


def get_or_404(agent_id: str, thread_id: str) -> Thread:
    """A thread, or :class:`ThreadNotFoundError`."""
    found = get(agent_id, thread_id)
    if found is None:
        raise ThreadNotFoundError(f"thread {thread_id} not found")
    return found


def list_page(agent_id: str, status: str | None, limit: int, cursor: str | None) -> tuple[list[Thread], str | None]:
    """An agent's threads, newest first, optionally of one status."""
    if status:
        items, next_cursor = ddb.page("threads", index="by-status", key="agent_status", value=f"{agent_id}#{status}", limit=limit, cursor=cursor)
    else:
        items, next_cursor = ddb.page("threads", key="agent_id", value=agent_id, limit=limit, cursor=cursor)
    return [Thread.from_item(item) for item in items], next_cursor


def state(
    thread: Thread,
    status: str,
    *,
    due: tuple[str, float] | None = None,
    waits: Waits | None = None,
) -> tuple[dict[str, Any], list[str]]:
    """The changes that put ``thread`` in ``status`` with its index entries: ``due`` =
    (kind, at) or None, ``waits`` the events it waits for, or None."""
    sets: dict[str, Any] = {"status": status, "updated_at": clock.now()}
    removes: list[str] = []
    if due is not None:
        sets.update({"due_kind": due[0], "due_at": due[1]})
    else:
        removes += ["due_at", "due_kind"]
    if waits is not None and waits.events:
        sets.update({"wake_on_events": waits.events, "wait_after_seq": waits.after_seq, "wait_id": waits.wait_id})
    else:
        removes += ["wait_after_seq", "wait_id"]
    return sets, removes


def lease(now: float | None = None) -> tuple[str, float]:
    """The due entry of a running step: the scan re-sends it if it is still there then."""
    return (records.DUE_LEASE, (clock.now() if now is None else now) + get_settings().thread_lease_seconds)


def _index_attributes(thread: Thread, sets: Mapping[str, Any], removes: list[str]) -> tuple[dict[str, Any], list[str]]:
    """The index attributes the changes imply (see the module docstring)."""
    index_sets: dict[str, Any] = {}
    index_removes: list[str] = []
    if "status" in sets:
        index_sets["agent_status"] = f"{thread.agent_id}#{sets['status']}"
    if "due_at" in sets:
        index_sets["due_shard"] = records.shard_of(thread.thread_id)
    elif "due_at" in removes:
        index_removes.append("due_shard")
    if "wait_id" in sets:
        index_sets["waits_agent"] = thread.agent_id
    elif "wait_id" in removes:
        index_removes.append("waits_agent")
    return index_sets, index_removes


def _item_changes(thread: Thread, sets: Mapping[str, Any], removes: list[str] | None) -> tuple[dict[str, Any], list[str]]:
    """The item's SET values and REMOVEd attributes for the changes to ``thread``."""
    removes = list(removes or [])
    unknown = sorted(set(sets) - records.FIELDS) + sorted(set(removes) - records.FIELDS)
    if unknown or "version" in sets:
        raise ValueError(f"not changes of a thread's fields: {unknown or ['version']}")
    index_sets, index_removes = _index_attributes(thread, sets, removes)
    item_sets = {records.ITEM_NAMES.get(name, name): records.item_value(value) for name, value in sets.items()}
    item_removes = [records.ITEM_NAMES.get(name, name) for name in removes]
    return {**item_sets, **index_sets}, item_removes + index_removes


def _context_keys_set(thread: Thread, item_sets: Mapping[str, Any]) -> dict[str, Any] | None:
    """The keys a SET of ``context`` adds or changes, when it only adds or changes keys
    of a context the item already holds (``store_context`` never removes one): those
    keys are then written one by one (none when nothing changed) instead of the whole
    map. The whole map again would count it twice towards the item's 400 KB in the
    emulated DynamoDB of ``wakeful dev``, so a thread holding more than about 200 KB of
    context could not take another step there. None: write the whole map."""
    new = item_sets.get("context")
    old = thread.context
    if not isinstance(new, dict) or not old or any(k not in new for k in old):
        return None
    return {k: v for k, v in new.items() if k not in old or records.item_value(old[k]) != v}


def _update_params(
    thread: Thread, sets: Mapping[str, Any], removes: list[str] | None = None, *, if_status: tuple[str, ...] = ()
) -> dict[str, Any]:
    """UpdateItem parameters: SET ``sets``, REMOVE ``removes``, ``version`` + 1, on the
    condition that the version is the one read (and that the status is one of
    ``if_status``, if given)."""
    item_sets, item_removes = _item_changes(thread, sets, removes)
    context_keys = _context_keys_set(thread, item_sets)
    names: dict[str, str] = {"#version": "version"}
    parts: list[str] = []
    vals: dict[str, Any] = {":v_read": thread.version, ":v_one": 1}
    if context_keys is not None:
        item_sets.pop("context")
        if context_keys:
            names["#ctx"] = "context"
        for i, (context_key, value) in enumerate(context_keys.items()):
            names[f"#c{i}"] = context_key
            vals[f":c{i}"] = value
            parts.append(f"#ctx.#c{i} = :c{i}")
    for i, (attr, value) in enumerate(item_sets.items()):
        names[f"#s{i}"] = attr
        vals[f":s{i}"] = value
        parts.append(f"#s{i} = :s{i}")
    parts.append("#version = #version + :v_one")
    expression = "SET " + ", ".join(parts)
    removing = [r for r in dict.fromkeys(item_removes) if r not in item_sets]
    if removing:
        for i, attr in enumerate(removing):
            names[f"#r{i}"] = attr
        expression += " REMOVE " + ", ".join(f"#r{i}" for i in range(len(removing)))
    condition = "#version = :v_read"
    if if_status:
        names["#st"] = "status"
        vals.update({f":st{i}": status for i, status in enumerate(if_status)})
        condition += f" AND #st IN ({', '.join(f':st{i}' for i in range(len(if_status)))})"
    return {
        "TableName": ddb.table("threads"),
        "Key": ddb.serialize(key(thread.agent_id, thread.thread_id)),
        "UpdateExpression": expression,
        "ConditionExpression": condition,
        "ExpressionAttributeNames": names,
        "ExpressionAttributeValues": ddb.values(vals),
    }


def update(thread: Thread, sets: Mapping[str, Any], removes: list[str] | None = None, *, if_status: tuple[str, ...] = ()) -> Thread:
    """Apply changes to ``thread``, conditioned on the version read (and on its status
    being one of ``if_status``, if given); returns the thread as it now is.

    Raises:
        VersionConflict: the thread changed since it was read.
    """
    params = _update_params(thread, sets, removes, if_status=if_status)
    try:
        result = ddb.client().update_item(**params, ReturnValues="ALL_NEW")
    except ClientError as error:
        if ddb.is_conditional_failure(error):
            raise VersionConflict(thread.thread_id) from error
        raise
    return Thread.from_item(ddb.deserialize(result["Attributes"]) or key(thread.agent_id, thread.thread_id))


def transact(thread: Thread, sets: Mapping[str, Any], removes: list[str], new_messages: list[dict[str, Any]]) -> None:
    """The thread's changes and the puts of ``new_messages`` (each on a free seq) in one
    transaction.

    Raises:
        VersionConflict: the thread changed (or a message seq was taken) since it was read.
    """
    params = _update_params(thread, sets, removes)
    items = [{"Update": params}, *(messages_repository.put_transact_item(m) for m in new_messages)]
    cancelled = ddb.transact(items, conflict_as_cancel=True)
    if cancelled is not None:
        raise VersionConflict(thread.thread_id) from cancelled.error


def start_run(thread: Thread, sets: Mapping[str, Any], removes: list[str], messages: list[dict[str, Any]], *, if_status: tuple[str, ...]) -> bool:
    """Start a new run of an existing thread: its changes (conditioned on the version
    read and on its status being one of ``if_status``) and the puts of the run's first
    ``messages``, in one transaction. False when a condition failed (the thread changed
    meanwhile, or a seq is taken)."""
    params = _update_params(thread, sets, removes, if_status=if_status)
    puts = [messages_repository.put_transact_item(message) for message in messages]
    return ddb.transact([{"Update": params}, *puts]) is None


def create(thread: Thread, first_message: dict[str, Any]) -> bool:
    """Create a thread and its first message once; False when it already exists."""
    item = thread.to_item()
    index_sets, _ = _index_attributes(thread, item, [])
    items = [
        {
            "Put": {
                "TableName": ddb.table("threads"),
                "Item": ddb.serialize({**item, **index_sets}),
                "ConditionExpression": "attribute_not_exists(thread_id)",
            }
        },
        messages_repository.put_transact_item(first_message),
    ]
    cancelled = ddb.transact(items)
    if cancelled is None:
        return True
    if cancelled[0] == "ConditionalCheckFailed":
        return False
    raise cancelled.error


def due(shard: int, now: float) -> Iterator[ThreadKey]:
    """Keys of the threads due at ``now`` in one shard (sparse index, no Scan)."""
    items = ddb.query(
        "threads",
        index="thread-due",
        KeyConditionExpression="due_shard = :s AND due_at <= :now",
        ExpressionAttributeValues={":s": shard, ":now": now},
    )
    return (ThreadKey(item["agent_id"], item["thread_id"]) for item in items)


def waiting_admission(agent_id: str) -> list[Thread]:
    """The agent's active threads whose run waits to be admitted (a Query of its active
    threads, consistent reads of those that wait)."""
    items = ddb.query(
        "threads",
        index="by-status",
        KeyConditionExpression="agent_status = :s",
        FilterExpression="due_kind = :k",
        ExpressionAttributeValues={":s": f"{agent_id}#{records.ACTIVE}", ":k": records.DUE_ADMIT},
    )
    found = (get(item["agent_id"], item["thread_id"]) for item in items)
    return [thread for thread in found if thread is not None and thread.due_kind == records.DUE_ADMIT]


def waiting(agent_id: str) -> list[WaitingThread]:
    """The agent's sleeping threads that wait for events (keys and waits)."""
    items = ddb.query(
        "threads",
        index="waiting",
        KeyConditionExpression="waits_agent = :a",
        ExpressionAttributeValues={":a": agent_id},
    )
    return [WaitingThread.from_item(item) for item in items]
