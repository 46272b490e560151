"""The memory record, the consolidation record, and their API views (pure).

A memory item of the ``memories`` table (PK ``agent_id``, SK ``memory_key``): ``mem_<ulid>``
for a memory, ``mem_k<hash of its key>`` for a keyed one (one per key: a write is an
upsert). Items from before the store (``feed_summary``, ``external_signal#<event>``) read
as keyed memories, their text taken from their ``content``. ``~meta`` holds the agent's
count, version and consolidation state; ``~cons#<id>`` one consolidation; ``~act#…`` the
activity since the last consolidation. Everything that is a memory sorts below ``~``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any, NamedTuple, Self

from wakeful import clock
from wakeful.memory import rank

#: Where provenance comes from.
SOURCE_KINDS = ("thread", "heartbeat", "schedule", "user", "consolidation")
META_KEY = "~meta"
CONS_PREFIX = "~cons#"
ACT_PREFIX = "~act#"
#: Every memory's key sorts below this.
MEMORY_CEILING = "~"
PREFIX = "mem_"
KEYED_PREFIX = "mem_k"
#: Bounds of a memory.
MAX_TEXT = 2000
MAX_TAGS = 10
TAG_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_:.-]{0,49}$"


def keyed_id(key: str) -> str:
    """The id of the keyed memory ``key`` (derived: a write needs no lookup)."""
    return KEYED_PREFIX + hashlib.sha256(key.encode()).hexdigest()[:26]


def _legacy_text(item: Mapping[str, Any]) -> str:
    content = item.get("content") or {}
    if isinstance(content, Mapping):
        for field in ("summary", "note", "text"):
            if isinstance(content.get(field), str) and content[field]:
                return str(content[field])
    return str(item.get("memory_type") or item["memory_key"])


class Memory(NamedTuple):
    """One memory. Times are epoch seconds."""

    agent_id: str
    id: str
    text: str
    tags: tuple[str, ...] = ()
    key: str | None = None
    source: Mapping[str, Any] = {"kind": "user", "id": None}
    terms: Mapping[str, int] = {}
    dl: int = 0
    relevance_score: float = 1.0
    scored_at: float | None = None
    last_used_at: float | None = None
    created_at: float = 0.0
    updated_at: float = 0.0
    content: Any = None

    @classmethod
    def from_item(cls, item: Mapping[str, Any]) -> Self:
        """Build from an item (one written before the store reads as a keyed memory)."""
        memory_key = str(item["memory_key"])
        legacy = not memory_key.startswith(PREFIX)
        text = str(item.get("text") or _legacy_text(item))
        tags = tuple(item.get("tags") or ((item["memory_type"],) if item.get("memory_type") else ()))
        terms = item.get("terms")
        return cls(
            agent_id=str(item["agent_id"]),
            id=memory_key,
            text=text,
            tags=tags,
            key=item.get("key") or (memory_key if legacy else None),
            source=item.get("source") or {"kind": "heartbeat", "id": None},
            terms={str(k): int(v) for k, v in terms.items()} if terms is not None else rank.terms_of(text, tags),
            dl=int(item["dl"]) if item.get("dl") is not None else sum(rank.terms_of(text, tags).values()),
            relevance_score=float(item.get("relevance_score", 1.0)),
            scored_at=_float(item.get("scored_at") or item.get("updated_at")),
            last_used_at=_float(item.get("last_used_at") or item.get("last_accessed_at")),
            created_at=float(item.get("created_at") or 0),
            updated_at=float(item.get("updated_at") or item.get("created_at") or 0),
            content=item.get("content"),
        )

    def to_item(self) -> dict[str, Any]:
        """The item to write."""
        item: dict[str, Any] = {
            "agent_id": self.agent_id,
            "memory_key": self.id,
            "text": self.text,
            "tags": list(self.tags),
            "source": {k: v for k, v in self.source.items() if v is not None},
            "terms": dict(self.terms),
            "dl": self.dl,
            "relevance_score": self.relevance_score,
            "scored_at": self.scored_at,
            "last_used_at": self.last_used_at,
            "created_at": self.created_at,
            "updated_at": self.updated_at,
            "memory_type": self.tags[0] if self.tags else None,
            "key": self.key,
            "content": self.content,
        }
        return {k: v for k, v in item.items() if v is not None}

    def relevance(self, now: float | None = None) -> float:
        """Its relevance now (faded since it was scored)."""
        return rank.relevance(self.relevance_score, self.scored_at, clock.now() if now is None else now)

    def doc(self) -> rank.Doc:
        """What ranking reads of it."""
        return rank.Doc(self.id, self.terms, self.dl, self.relevance_score, self.scored_at, self.updated_at)

    @property
    def evictable(self) -> bool:
        """Whether another write may evict it at the cap (keyed memories and a person's
        own never are)."""
        return self.key is None and self.source.get("kind") != "user"

    def public(self, score: float | None = None) -> dict[str, Any]:
        """The API view (with ``score`` when ranked)."""
        view: dict[str, Any] = {
            "id": self.id,
            "text": self.text,
            "tags": list(self.tags),
            "source": {"kind": self.source.get("kind"), "id": self.source.get("id"), **({"thread_id": self.source["thread_id"]} if self.source.get("thread_id") else {})},
            "created_at": clock.iso(self.created_at),
            "updated_at": clock.iso(self.updated_at),
            "key": self.key,
            "relevance_score": round(self.relevance(), 4),
            "last_used_at": clock.iso(self.last_used_at),
            # what SnipIn's memory readers knew: the key, its type, the structured data
            "memory_key": self.key or self.id,
            "memory_type": self.tags[0] if self.tags else None,
            "content": self.content,
            "last_accessed_at": clock.iso(self.last_used_at),
        }
        if score is not None:
            view["score"] = round(score, 4)
        return view


def _float(value: Any) -> float | None:
    return None if value is None else float(value)


CHANGE_OPS = ("added", "merged", "updated", "removed")


def consolidation_public(item: Mapping[str, Any]) -> dict[str, Any]:
    """The API view of a consolidation record (its changes in the order they were made)."""
    changes = sorted((item.get("changes") or {}).values(), key=lambda change: float(change.get("at") or 0))
    return {
        "id": item["memory_key"].removeprefix(CONS_PREFIX),
        "status": item.get("status"),
        "trigger": item.get("trigger"),
        "span": {
            "after_seq": int(item.get("after_seq") or 0),
            "up_to_seq": int(item.get("up_to_seq") or 0),
            "from": clock.iso(item.get("span_from")),
            "until": clock.iso(item.get("span_until")),
        },
        "thread_id": item.get("thread_id"),
        "changes": [{k: v for k, v in change.items() if k != "at"} for change in changes],
        "usd": float(item.get("usd") or 0),
        "started_at": clock.iso(item.get("started_at")),
        "completed_at": clock.iso(item.get("completed_at")),
        "error": item.get("error"),
    }
