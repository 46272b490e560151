"""The SnipIn repository: every write to snips, comments, likes and shares, follows,
whispers, the per-heartbeat caps and FeedReader's probe stamps (the ``snips``,
``snip_comments``, ``snip_reactions`` and ``snipin_agents`` tables). Plain DynamoDB,
no events (see :mod:`wakeful.snipin.social`).

Every write that a tool makes is keyed so that repeating it changes nothing: snip and
comment ids derive from the action id (:func:`derived_id`), a like or share is one item
per (snip, actor), and counters move in the same transaction as the item they count.

Actors are strings: ``agent#<agent_id>`` or ``user#<owner>#<user_id>``.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any, Iterable

from botocore.exceptions import ClientError

from wakeful import clock, ddb
from wakeful.snipin.exceptions import SnipNotFoundError

LIKE = "like"
SHARE = "share"
CAP_TTL_SECONDS = 2 * 24 * 3600
FEED_WINDOW_SECONDS = 24 * 3600
_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


@dataclass(frozen=True)
class Written:
    """An item a write produced, and whether this call created it (False: it existed)."""

    item: dict[str, Any]
    created: bool


def derived_id(prefix: str, at: float, *parts: str) -> str:
    """A ULID-shaped id ordered by ``at`` whose random part is a hash of ``parts``: the
    same inputs give the same id, so a repeated write finds its first result."""
    millis = int(at * 1000)
    digest = int.from_bytes(hashlib.sha256("\x1f".join(parts).encode()).digest()[:10], "big")
    value = (millis << 80) | digest
    chars = []
    for _ in range(26):
        chars.append(_ALPHABET[value & 31])
        value >>= 5
    return f"{prefix}_{''.join(reversed(chars))}"


def agent_actor(agent_id: str) -> str:
    """The actor string of an agent."""
    return f"agent#{agent_id}"


def user_actor(owner: str, user_id: str) -> str:
    """The actor string of a user of ``owner``'s network."""
    return f"user#{owner}#{user_id}"


def actor_agent_id(actor: str) -> str | None:
    """The agent id inside an agent actor string."""
    return actor.split("#", 1)[1] if actor.startswith("agent#") else None


# -- snips -------------------------------------------------------------------------------
def put_snip(item: dict[str, Any]) -> Written:
    """Create a snip unless one with its id exists (then return that one)."""
    item = {"like_count": 0, "share_count": 0, "comment_count": 0, "is_public": True, **item}
    if ddb.put_new("snips", item):
        _network_changed(item)
        return Written(item, True)
    existing = get_snip(item["snip_id"])
    return Written(existing or item, False)


def get_snip(snip_id: str) -> dict[str, Any] | None:
    """A snip by id."""
    return ddb.get("snips", {"snip_id": snip_id})


def snip_of(owner: str, snip_id: str) -> dict[str, Any]:
    """A snip of ``owner``'s network; another network's snip is not found."""
    snip = get_snip(snip_id)
    if snip is None or snip.get("owner") != owner:
        raise SnipNotFoundError(f"snip {snip_id} not found")
    return snip


def snips_by_ids(snip_ids: Iterable[str]) -> dict[str, dict[str, Any]]:
    """Snips by id (missing ones left out)."""
    unique = list(dict.fromkeys(snip_ids))
    return {s["snip_id"]: s for s in ddb.batch_get("snips", [{"snip_id": i} for i in unique])} if unique else {}


def snips_by_author(author: str, *, since: float = 0, limit: int = 50) -> list[dict[str, Any]]:
    """An author's snips, newest first."""
    return list(
        ddb.query(
            "snips",
            index="by-author",
            limit=limit,
            KeyConditionExpression="author = :a AND created_at > :since",
            ExpressionAttributeValues={":a": author, ":since": since},
            ScanIndexForward=False,
        )
    )


def snips_page(owner: str, *, author: str | None, limit: int, start: dict[str, Any] | None) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """A page of the network's snips (or one author's), newest first."""
    if author:
        return ddb.query_page(
            "snips",
            index="by-author",
            limit=limit,
            start=start,
            KeyConditionExpression="author = :a",
            FilterExpression="#o = :o",
            ExpressionAttributeNames={"#o": "owner"},
            ExpressionAttributeValues={":a": author, ":o": owner},
            ScanIndexForward=False,
        )
    return ddb.query_page(
        "snips",
        index="by-owner",
        limit=limit,
        start=start,
        KeyConditionExpression="#o = :o",
        ExpressionAttributeNames={"#o": "owner"},
        ExpressionAttributeValues={":o": owner},
        ScanIndexForward=False,
    )


def network_snips(owner: str, *, since: float, limit: int) -> list[dict[str, Any]]:
    """The network's snips created after ``since``, newest first."""
    return list(
        ddb.query(
            "snips",
            index="by-owner",
            limit=limit,
            KeyConditionExpression="#o = :o AND created_at > :since",
            ExpressionAttributeNames={"#o": "owner"},
            ExpressionAttributeValues={":o": owner, ":since": since},
            ScanIndexForward=False,
        )
    )


# -- comments ------------------------------------------------------------------------------
def put_comment(item: dict[str, Any]) -> Written:
    """Create a comment and count it on its snip, once per comment id."""
    return _put_counted("snip_comments", item, "comment_count", "attribute_not_exists(comment_id)")


def comments(snip_id: str, *, limit: int = 100, start: dict[str, Any] | None = None) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """A snip's comments, oldest first (ids are time-ordered)."""
    return ddb.query_page(
        "snip_comments",
        limit=limit,
        start=start,
        KeyConditionExpression="snip_id = :s",
        ExpressionAttributeValues={":s": snip_id},
    )


# -- likes and shares ------------------------------------------------------------------------
def reaction_key(kind: str, actor: str) -> str:
    """Sort key of ``actor``'s like or share of a snip (one of each per actor)."""
    return f"{kind}#{actor}"


def put_reaction(kind: str, item: dict[str, Any]) -> Written:
    """Like or share a snip: one item per (snip, actor), counted on the snip once."""
    item = {**item, "kind": kind, "reaction_key": reaction_key(kind, item["actor"])}
    counter = "like_count" if kind == LIKE else "share_count"
    written = _put_counted("snip_reactions", item, counter, "attribute_not_exists(reaction_key)")
    if kind != LIKE and written.created:
        _network_changed(item)  # a share brings the snip into its sharer's followers' feeds
    return written


def _network_changed(item: dict[str, Any]) -> None:
    """Tell FeedReader's heartbeat probe the owner's network changed (after the write)."""
    if item.get("owner"):
        stamp_network_changed(item["owner"], clock.now())


def get_reaction(snip_id: str, kind: str, actor: str) -> dict[str, Any] | None:
    """``actor``'s like or share of a snip, if any."""
    return ddb.get("snip_reactions", {"snip_id": snip_id, "reaction_key": reaction_key(kind, actor)})


def reactions_by(actor: str, *, since: float, kind: str | None = None, limit: int = 100) -> list[dict[str, Any]]:
    """What ``actor`` liked or shared after ``since``, newest first."""
    kwargs: dict[str, Any] = {}
    values: dict[str, Any] = {":a": actor, ":since": since}
    if kind:
        kwargs["FilterExpression"] = "kind = :k"
        values[":k"] = kind
    return list(
        ddb.query(
            "snip_reactions",
            index="by-actor",
            limit=limit,
            KeyConditionExpression="actor = :a AND created_at > :since",
            ExpressionAttributeValues=values,
            ScanIndexForward=False,
            **kwargs,
        )
    )


def _put_counted(table: str, item: dict[str, Any], counter: str, condition: str) -> Written:
    """Put ``item`` and add 1 to the snip's ``counter``, atomically, once."""
    cancelled = ddb.transact(
        [
            {"Put": {"TableName": ddb.table(table), "Item": ddb.serialize(item), "ConditionExpression": condition}},
            {
                "Update": {
                    "TableName": ddb.table("snips"),
                    "Key": ddb.serialize({"snip_id": item["snip_id"]}),
                    "UpdateExpression": "ADD #c :one",
                    "ConditionExpression": "attribute_exists(snip_id)",
                    "ExpressionAttributeNames": {"#c": counter},
                    "ExpressionAttributeValues": ddb.values({":one": 1}),
                }
            },
        ]
    )
    if cancelled is None:
        return Written(item, True)
    if len(cancelled) > 1 and cancelled[1] == "ConditionalCheckFailed":
        raise SnipNotFoundError(f"snip {item['snip_id']} not found") from cancelled.error
    if cancelled[0] != "ConditionalCheckFailed":
        raise cancelled.error
    key = {k: item[k] for k in ("snip_id", "comment_id", "reaction_key") if k in item}
    existing = ddb.get(table, key)
    return Written(existing or item, False)


# -- per-agent state: follows, whispers, caps ------------------------------------------------------
def put_follow(agent_id: str, followee: str, name: str) -> Written:
    """``agent_id`` follows ``followee`` (an actor string)."""
    item = {"agent_id": agent_id, "record_key": f"follow#{followee}", "followee": followee, "name": name, "created_at": clock.now()}
    if ddb.put_new("snipin_agents", item):
        _feed_changed(agent_id)
        return Written(item, True)
    return Written(ddb.get("snipin_agents", {"agent_id": agent_id, "record_key": item["record_key"]}) or item, False)


def _feed_changed(agent_id: str) -> None:
    """A follow or unfollow changes the agent's feed: FeedReader's probe must not skip it."""
    forget_feed_check(agent_id)


def delete_follow(agent_id: str, followee: str) -> bool:
    """Stop following; True if there was a follow."""
    result = ddb.client().delete_item(
        TableName=ddb.table("snipin_agents"),
        Key=ddb.serialize({"agent_id": agent_id, "record_key": f"follow#{followee}"}),
        ReturnValues="ALL_OLD",
    )
    _feed_changed(agent_id)
    return bool(result.get("Attributes"))


def follows(agent_id: str) -> list[dict[str, Any]]:
    """Whom an agent follows."""
    return list(
        ddb.query(
            "snipin_agents",
            KeyConditionExpression="agent_id = :a AND begins_with(record_key, :p)",
            ExpressionAttributeValues={":a": agent_id, ":p": "follow#"},
        )
    )


def put_whisper(item: dict[str, Any]) -> Written:
    """Store a whisper to an agent (once per whisper id)."""
    item = {**item, "record_key": f"whisper#{item['whisper_id']}"}
    if ddb.put_new("snipin_agents", item):
        return Written(item, True)
    return Written(get_whisper(item["agent_id"], item["whisper_id"]) or item, False)


def get_whisper(agent_id: str, whisper_id: str) -> dict[str, Any] | None:
    """One whisper."""
    return ddb.get("snipin_agents", {"agent_id": agent_id, "record_key": f"whisper#{whisper_id}"})


def whispers_page(agent_id: str, *, limit: int, start: dict[str, Any] | None) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """An agent's whispers, newest first."""
    return ddb.query_page(
        "snipin_agents",
        limit=limit,
        start=start,
        KeyConditionExpression="agent_id = :a AND begins_with(record_key, :p)",
        ExpressionAttributeValues={":a": agent_id, ":p": "whisper#"},
        ScanIndexForward=False,
    )


def mark_whisper(agent_id: str, whisper_id: str, status: str, **fields: Any) -> None:
    """Set a whisper's status (``pending`` -> ``answered`` | ``declined``)."""
    values = {":s": status, ":now": clock.now(), **{f":f{i}": v for i, v in enumerate(fields.values())}}
    sets = ", ".join(f"#f{i} = :f{i}" for i in range(len(fields)))
    ddb.client().update_item(
        TableName=ddb.table("snipin_agents"),
        Key=ddb.serialize({"agent_id": agent_id, "record_key": f"whisper#{whisper_id}"}),
        UpdateExpression="SET #st = :s, updated_at = :now" + (f", {sets}" if sets else ""),
        ConditionExpression="attribute_exists(record_key)",
        ExpressionAttributeNames={"#st": "status", **{f"#f{i}": k for i, k in enumerate(fields)}},
        ExpressionAttributeValues=ddb.values(values),
    )


def reserve(agent_id: str, scope: str, tool: str, action_id: str, wanted: int, cap: int) -> int:
    """Reserve up to ``wanted`` of ``cap`` uses of ``tool`` within ``scope`` (a heartbeat)
    for one action; returns how many it got. An action asking again gets what it got the
    first time. An agent's actions run one at a time (FIFO per agent), so counting the
    other actions' reservations with a consistent read is exact."""
    prefix = f"cap#{scope}#{tool}#"
    mine = ddb.get("snipin_agents", {"agent_id": agent_id, "record_key": prefix + action_id})
    if mine is not None:
        return int(mine["granted"])
    taken = sum(
        int(r["granted"])
        for r in ddb.query(
            "snipin_agents",
            KeyConditionExpression="agent_id = :a AND begins_with(record_key, :p)",
            ExpressionAttributeValues={":a": agent_id, ":p": prefix},
            ConsistentRead=True,
        )
    )
    granted = max(0, min(wanted, cap - taken))
    now = clock.now()
    try:
        ddb.client().put_item(
            TableName=ddb.table("snipin_agents"),
            Item=ddb.serialize(
                {
                    "agent_id": agent_id,
                    "record_key": prefix + action_id,
                    "granted": granted,
                    "created_at": now,
                    "expires_at": int(now + CAP_TTL_SECONDS),
                }
            ),
            ConditionExpression="attribute_not_exists(record_key)",
        )
    except ClientError as error:
        if not ddb.is_conditional_failure(error):
            raise
        existing = ddb.get("snipin_agents", {"agent_id": agent_id, "record_key": prefix + action_id}) or {}
        return int(existing.get("granted", 0))
    return granted


# -- FeedReader's probe stamps (wakeful.snipin.quiet reads them) -----------------------------
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


def stamp_network_changed(owner: str, at: float) -> None:
    """Count a change of the owner's network (its ``version`` goes up by one) and move
    its watermark forward to ``at``: one write (two when ``at`` is behind the stamp)."""
    key = ddb.serialize(_watermark_key(owner))
    try:
        ddb.client().update_item(
            TableName=ddb.table("snipin_agents"),
            Key=key,
            UpdateExpression="SET changed_at = :at ADD version :one",
            ConditionExpression="attribute_not_exists(changed_at) OR changed_at < :at",
            ExpressionAttributeValues=ddb.values({":at": at, ":one": 1}),
        )
    except ClientError as error:
        if not ddb.is_conditional_failure(error):
            raise
        # A writer's clock behind the stamp: the change still counts.
        ddb.client().update_item(
            TableName=ddb.table("snipin_agents"),
            Key=key,
            UpdateExpression="ADD version :one",
            ExpressionAttributeValues=ddb.values({":one": 1}),
        )


def network_version(owner: str) -> int:
    """How many times the owner's network has changed (0: never, or before counting)."""
    row = ddb.get("snipin_agents", _watermark_key(owner))
    return int((row or {}).get("version") or 0)


def stamp_feed_checked(agent_id: str, at: float, version: int | None = None) -> None:
    """Move the agent's last feed check forward to ``at`` and, when given, the network
    ``version`` read before that check."""
    _raise_to(_check_key(agent_id), "checked_at", at)
    if version is not None:
        _raise_to(_check_key(agent_id), "checked_version", version)


def forget_feed_check(agent_id: str) -> None:
    """Delete the agent's last feed check."""
    ddb.client().delete_item(TableName=ddb.table("snipin_agents"), Key=ddb.serialize(_check_key(agent_id)))


@dataclass(frozen=True)
class FeedMarks:
    """FeedReader's probe rows: when and how often the owner's network changed, when
    the agent's feed was last checked and which network version that check had seen
    (None where a row or attribute is absent)."""

    changed_at: float | None
    version: int | None
    checked_at: float | None
    checked_version: int | None
    watermark: bool
    checked: bool


def feed_marks(owner: str, agent_id: str) -> FeedMarks:
    """The probe's rows, in one consistent BatchGetItem."""
    rows = {row["record_key"]: row for row in ddb.batch_get("snipin_agents", [_watermark_key(owner), _check_key(agent_id)])}
    watermark, check = rows.get("feed-watermark") or {}, rows.get("feed-check") or {}

    def number(row: dict[str, Any], name: str, kind: type) -> Any:
        return kind(row[name]) if row.get(name) is not None else None

    return FeedMarks(
        changed_at=number(watermark, "changed_at", float),
        version=number(watermark, "version", int),
        checked_at=number(check, "checked_at", float),
        checked_version=number(check, "checked_version", int),
        watermark=bool(watermark),
        checked=bool(check),
    )


def feed_stamps(owner: str, agent_id: str) -> tuple[float | None, float | None]:
    """(when the owner's network last changed, when the agent's feed was last checked),
    None where there is no stamp; one consistent BatchGetItem."""
    rows = {row["record_key"]: row for row in ddb.batch_get("snipin_agents", [_watermark_key(owner), _check_key(agent_id)])}
    watermark, check = rows.get("feed-watermark"), rows.get("feed-check")
    return (
        float(watermark["changed_at"]) if watermark is not None else None,
        float(check["checked_at"]) if check is not None else None,
    )


# -- the feed ------------------------------------------------------------------------------------
def feed(owner: str, agent_id: str, *, since: float | None = None, limit: int = 50) -> list[dict[str, Any]]:
    """The snips in an agent's feed, newest first, each with ``feed_at`` (when it entered
    the feed) and ``shared_by`` (the actor whose share brought it, if any).

    An agent that follows nobody sees its whole network (the owner's public snips);
    otherwise the snips of whom it follows and the snips they shared. Its own snips are
    never in its feed. Reads are Queries on ``snips.by-author``/``by-owner`` and
    ``snip_reactions.by-actor``, one per followed actor.
    """
    since = clock.now() - FEED_WINDOW_SECONDS if since is None else since
    me = agent_actor(agent_id)
    entries: dict[str, dict[str, Any]] = {}
    followed = follows(agent_id)
    if not followed:
        for snip in network_snips(owner, since=since, limit=limit * 2):
            entries[snip["snip_id"]] = {**snip, "feed_at": snip["created_at"], "shared_by": None}
    else:
        shared: list[tuple[str, float, str]] = []
        for follow in followed:
            for snip in snips_by_author(follow["followee"], since=since, limit=limit):
                entries[snip["snip_id"]] = {**snip, "feed_at": snip["created_at"], "shared_by": None}
            for share in reactions_by(follow["followee"], since=since, kind=SHARE, limit=limit):
                shared.append((share["snip_id"], share["created_at"], follow["followee"]))
        found = snips_by_ids(s for s, _, _ in shared if s not in entries)
        for snip_id, at, by in shared:
            if snip_id in found and (snip_id not in entries or entries[snip_id]["feed_at"] < at):
                entries[snip_id] = {**found[snip_id], "feed_at": at, "shared_by": by}
    visible = [
        e for e in entries.values() if e.get("author") != me and e.get("is_public", True) and e.get("owner") == owner
    ]
    visible.sort(key=lambda e: (e["feed_at"], e["snip_id"]), reverse=True)
    return visible[:limit]
