"""FeedReader's heartbeat probe: can a heartbeat skip FeedReader because the agent's
network posted nothing since FeedReader last looked?

Two small rows in ``snipin_agents`` answer it, read together in one BatchGetItem:

- ``("owner#<owner>", "feed-watermark")``: when the owner's network last changed (a
  snip published or shared), stamped *after* the write, so a snip a reader did not see
  is always stamped later than that reader's look;
- ``(<agent_id>, "feed-check")``: when FeedReader last read this agent's feed, stamped
  *before* the read. Following or unfollowing someone forgets it (the feed changed).

FeedReader has nothing to do when the watermark is older than the last check (by
:data:`CLOCK_SKEW_SECONDS`, the skew allowed between the writers' clocks). The scan
asks (wakeful.heartbeats.quiet); a heartbeat it skips is counted, not run.
"""

from __future__ import annotations

from typing import Any

from botocore.exceptions import ClientError

from wakeful import clock, ddb

#: Allowed clock skew between the function that publishes a snip and FeedReader's.
CLOCK_SKEW_SECONDS = 1.0


def _watermark_key(owner: str) -> dict[str, Any]:
    return {"agent_id": f"owner#{owner}", "record_key": "feed-watermark"}


def _check_key(agent_id: str) -> dict[str, Any]:
    return {"agent_id": agent_id, "record_key": "feed-check"}


def _raise_to(key: dict[str, Any], field: str, at: float) -> None:
    """Set ``field`` to ``at`` unless it is already later (stamps only move forward)."""
    try:
        ddb.client().update_item(
            TableName=ddb.table("snipin_agents"),
            Key=ddb.serialize(key),
            UpdateExpression="SET #f = :at",
            ConditionExpression="attribute_not_exists(#f) OR #f < :at",
            ExpressionAttributeNames={"#f": field},
            ExpressionAttributeValues=ddb.values({":at": at}),
        )
    except ClientError as error:
        if not ddb.is_conditional_failure(error):
            raise


def network_changed(owner: str) -> None:
    """A snip was published or shared in the owner's network (call after the write)."""
    _raise_to(_watermark_key(owner), "changed_at", clock.now())


def feed_checked(agent_id: str, started_at: float) -> None:
    """FeedReader read the agent's feed; ``started_at`` is when it began to read."""
    _raise_to(_check_key(agent_id), "checked_at", started_at)


def forget_check(agent_id: str) -> None:
    """The agent's feed changed shape (a follow or an unfollow): FeedReader must look."""
    ddb.client().delete_item(TableName=ddb.table("snipin_agents"), Key=ddb.serialize(_check_key(agent_id)))


def feed_reader_idle(owner: str, agent_id: str) -> bool:
    """True when FeedReader would find nothing new in the agent's feed."""
    rows = {row["record_key"]: row for row in ddb.batch_get("snipin_agents", [_watermark_key(owner), _check_key(agent_id)])}
    check = rows.get("feed-check")
    if check is None:
        return False
    watermark = rows.get("feed-watermark")
    if watermark is None:
        return True  # nothing was ever published in this network
    return float(watermark["changed_at"]) + CLOCK_SKEW_SECONDS <= float(check["checked_at"])
