"""The lab's table: run recordings (``rec#``), replays (``rp#``) and their replayed
runs (``rr#``), all under the agent, all expiring with the retention setting."""

from __future__ import annotations

from typing import Any

from wakeful import ddb

TABLE = "lab"


def record_key(thread_id: str, run_no: int) -> str:
    """A run's recording: ordered by run within its thread."""
    return f"rec#{thread_id}#{run_no:06d}"


def put_new(item: dict[str, Any]) -> bool:
    """Write ``item`` unless its key is there (a run is recorded once); whether it was new."""
    return ddb.put_new(TABLE, item)


def put(item: dict[str, Any]) -> None:
    """Write ``item`` whole."""
    ddb.client().put_item(TableName=ddb.table(TABLE), Item=ddb.serialize(item))


def get(agent_id: str, key: str) -> dict[str, Any] | None:
    """One item."""
    return ddb.get(TABLE, {"agent_id": agent_id, "record_key": key})


def runs_of(agent_id: str, thread_id: str) -> list[dict[str, Any]]:
    """A thread's run recordings, oldest first."""
    return list(_prefixed(agent_id, f"rec#{thread_id}#"))


def replays(agent_id: str, limit: int) -> list[dict[str, Any]]:
    """The agent's replays, newest first."""
    return list(_prefixed(agent_id, "rp#", newest_first=True, limit=limit))


def replayed_runs(agent_id: str, replay_id: str) -> list[dict[str, Any]]:
    """A replay's runs, in order."""
    return list(_prefixed(agent_id, f"rr#{replay_id}#"))


def _prefixed(agent_id: str, prefix: str, *, newest_first: bool = False, limit: int | None = None) -> Any:
    return ddb.query(
        TABLE,
        limit=limit,
        KeyConditionExpression="agent_id = :a AND begins_with(record_key, :p)",
        ExpressionAttributeValues={":a": agent_id, ":p": prefix},
        ScanIndexForward=not newest_first,
    )
