"""Remembering, forgetting, editing and finding an agent's memories.

Every write goes through :func:`commit` (one place to watch or capture them). A new
memory counts against the agent's cap (``memory_cap``, default 500): at the cap the write
also evicts the memory with the lowest relevance now, ties to the oldest, among those
another write may evict (never a keyed memory, nor one a person wrote); with none of
those, the write is refused (:class:`MemoryCapReachedError`).

Reads rank lexically (:mod:`wakeful.memory.rank`). A process keeps each agent's memories
keyed by the agent's ``version``, which every write moves: one GetItem tells whether its
copy is current, so a warm function ranks without a Query.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from wakeful import clock, ids
from wakeful.memory import rank, repository
from wakeful.memory.exceptions import MemoryCapReachedError, MemoryInvalidError, MemoryNotFoundError
from wakeful.memory.models import DEFAULT_CAP
from wakeful.memory.records import (
    MAX_TAGS,
    MAX_TEXT,
    PREFIX,
    SOURCE_KINDS,
    TAG_PATTERN,
    Memory,
    keyed_id,
)

_BIDI = {"\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"}
_cache: dict[str, tuple[int, list[Memory]]] = {}


class Change(NamedTuple):
    """One write of memories: ``put`` (new or changed), ``deletes`` (ids), whether it
    adds one to the count, and whether ``put`` must be new."""

    agent_id: str
    put: Memory | None = None
    deletes: tuple[str, ...] = ()
    adds: bool = False
    new: bool = False


def commit(change: Change, cap: int | None = None) -> bool:
    """Write one change (the one function every memory write goes through). False: a
    condition failed (the cap, or a memory changed meanwhile); nothing was written."""
    if change.put is not None and not change.adds and not change.new and not change.deletes:
        written = repository.replace(change.put)
    else:
        written = repository.write(change.agent_id, change.put, change.deletes, adds=change.adds, cap=cap, new=change.new)
    if written:
        _cache.pop(change.agent_id, None)
    return written


# -- validation -------------------------------------------------------------------------


def clean_text(value: Any) -> str:
    """A memory's text, stripped; 1 to 2,000 characters with something visible, no
    control or direction-override characters.

    Raises:
        MemoryInvalidError: saying what is wrong.
    """
    if not isinstance(value, str):
        raise MemoryInvalidError("text must be a string")
    text = value.strip()
    if not text:
        raise MemoryInvalidError("text must not be empty")
    if len(text) > MAX_TEXT:
        raise MemoryInvalidError(f"text is {len(text)} characters, over the limit of {MAX_TEXT}")
    if any((unicodedata.category(c) == "Cc" and c not in "\n\t") or c in _BIDI for c in text):
        raise MemoryInvalidError("text must not hold control or direction-override characters")
    if not any(not c.isspace() and unicodedata.category(c)[0] not in "CZ" for c in text):
        raise MemoryInvalidError("text must hold a visible character")
    return text


def clean_tags(value: Any) -> tuple[str, ...]:
    """A memory's tags: at most 10, unique, each 1-50 of letters, digits and ``_:.-``
    starting with a letter or digit.

    Raises:
        MemoryInvalidError: saying what is wrong.
    """
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(t, str) for t in value):
        raise MemoryInvalidError("tags must be a list of strings")
    if len(value) > MAX_TAGS:
        raise MemoryInvalidError(f"at most {MAX_TAGS} tags ({len(value)} given)")
    bad = [t for t in value if not re.fullmatch(TAG_PATTERN, t)]
    if bad:
        raise MemoryInvalidError(f"tags must match {TAG_PATTERN} (1-50 letters, digits, _ : . -): {bad[0]!r} does not")
    if len(set(value)) != len(value):
        raise MemoryInvalidError("tags must be unique")
    return tuple(value)


def source(kind: str, source_id: str | None = None, thread_id: str | None = None) -> dict[str, Any]:
    """A provenance ``{kind, id, thread_id?}``."""
    if kind not in SOURCE_KINDS:
        raise ValueError(f"unknown memory source {kind!r}")
    return {"kind": kind, "id": source_id, **({"thread_id": thread_id} if thread_id else {})}


# -- writes -----------------------------------------------------------------------------


def new_memory(agent_id: str, text: str, tags: Sequence[str], src: Mapping[str, Any], *, memory_id: str | None = None, key: str | None = None, content: Any = None, now: float | None = None) -> Memory:
    """A memory record, its terms counted."""
    at = clock.now() if now is None else now
    terms = rank.terms_of(text, tags)
    return Memory(
        agent_id=agent_id,
        id=keyed_id(key) if key else (memory_id or f"{PREFIX}{ids.ulid(at)}"),
        text=text,
        tags=tuple(tags),
        key=key,
        source=dict(src),
        terms=terms,
        dl=sum(terms.values()),
        relevance_score=1.0,
        scored_at=at,
        created_at=at,
        updated_at=at,
        content=content,
    )


def derived_id(thread_id: str, tool_call_id: str, at: float) -> str:
    """The id of what one tool call remembers (a step run again writes nothing twice)."""
    return PREFIX + ids.derived_ulid(at, f"{thread_id}:{tool_call_id}")


def remember(memory: Memory, *, cap: int | None = None, replaces: Iterable[str] = ()) -> tuple[Memory, list[str]]:
    """Store a new memory (or, keyed, create or update the one of its key), deleting the
    ``replaces`` that exist in the same write. Returns it (the stored one when it was
    already written: a repeat) and the ids it replaced.

    Raises:
        MemoryCapReachedError: at the cap with nothing evictable.
    """
    limit = cap or DEFAULT_CAP
    for _ in range(5):
        existing = repository.get(memory.agent_id, memory.id)
        if existing is not None and memory.key is None:
            return existing, []  # written before: a step run again
        gone = [m for m in dict.fromkeys(replaces) if m != memory.id and repository.get(memory.agent_id, m) is not None]
        if existing is not None:
            put = memory._replace(created_at=existing.created_at)
            if commit(Change(memory.agent_id, put, tuple(gone)), limit):
                return put, gone
            continue
        count = int(repository.ensure_meta(memory.agent_id).get("count", 0))
        evict = _victim(memory.agent_id, exclude={memory.id, *gone}) if count - len(gone) >= limit else None
        if count - len(gone) >= limit and evict is None:
            raise MemoryCapReachedError(
                f"the agent holds its cap of {limit} memories and none can make room (memories a person wrote and "
                "keyed ones are never evicted); forget one first, or raise memory_cap"
            )
        deletes = (*gone, *([evict.id] if evict else []))
        if commit(Change(memory.agent_id, memory, deletes, adds=True, new=True), limit):
            return memory, gone
    raise MemoryCapReachedError("the agent's memories kept changing during the write; try again")


def _victim(agent_id: str, exclude: set[str]) -> Memory | None:
    """The memory the cap evicts: the lowest relevance now, ties to the oldest update."""
    now = clock.now()
    candidates = [m for m in memories(agent_id) if m.evictable and m.id not in exclude]
    return min(candidates, key=lambda m: (m.relevance(now), m.updated_at), default=None)


def forget(agent_id: str, memory_id: str) -> bool:
    """Delete a memory; False when there is no such memory."""
    if repository.get(agent_id, memory_id) is None:
        return False
    return commit(Change(agent_id, None, (memory_id,)))


def edit(agent_id: str, memory_id: str, text: str | None, tags: Sequence[str] | None) -> Memory:
    """Change a memory's text or tags (its terms counted again).

    Raises:
        MemoryNotFoundError: no such memory.
    """
    found = repository.get(agent_id, memory_id)
    if found is None:
        raise MemoryNotFoundError(f"no memory {memory_id!r} of this agent")
    new_text = found.text if text is None else text
    new_tags = found.tags if tags is None else tuple(tags)
    terms = rank.terms_of(new_text, new_tags)
    changed = found._replace(text=new_text, tags=new_tags, terms=terms, dl=sum(terms.values()), updated_at=clock.now())
    if not commit(Change(agent_id, changed)):
        raise MemoryNotFoundError(f"no memory {memory_id!r} of this agent")
    return changed


# -- reads ------------------------------------------------------------------------------


def memories(agent_id: str) -> list[Memory]:
    """Every memory of the agent, from this process's copy while it is current."""
    version = int(repository.meta(agent_id).get("version", -1))
    cached = _cache.get(agent_id)
    if cached is not None and cached[0] == version and version >= 0:
        return cached[1]
    found = repository.all_of(agent_id)
    _cache[agent_id] = (version, found)
    return found


def get(agent_id: str, memory_id: str) -> Memory | None:
    """One memory."""
    return repository.get(agent_id, memory_id)


def by_key(agent_id: str, key: str) -> Memory | None:
    """The keyed memory ``key`` (or an item written under the key itself before the store)."""
    return repository.get(agent_id, keyed_id(key)) or repository.get(agent_id, key)


def search(agent_id: str, query: str, limit: int, *, tag: str | None = None) -> list[tuple[Memory, float]]:
    """The memories most relevant to ``query``, best first (only those with a score)."""
    pool = [m for m in memories(agent_id) if tag is None or tag in m.tags]
    by_id = {m.id: m for m in pool}
    return [(by_id[doc.id], score) for doc, score in rank.rank(query, [m.doc() for m in pool], clock.now(), limit)]


def recall(agent_id: str, query: str, limit: int) -> list[tuple[Memory, float]]:
    """:func:`search`, and the found memories are used: their relevance comes back."""
    found = search(agent_id, query, limit)
    use(agent_id, [m for m, _ in found])
    return found


def use(agent_id: str, used: Iterable[Memory]) -> None:
    """Mark memories used: each one's relevance goes half way back to 1."""
    now = clock.now()
    repository.reinforce(agent_id, {m.id: rank.reinforced(m.relevance(now)) for m in used}, now)


# -- keyed memories (one per key: SnipIn's feed summary and signals, learned patterns) --


def read_keyed(agent_id: str, key: str) -> Memory | None:
    """The keyed memory ``key``; reading it is a use (its relevance comes back)."""
    found = by_key(agent_id, key)
    if found is not None:
        use(agent_id, [found])
    return found


def keep(
    agent_id: str,
    key: str,
    text: str,
    *,
    tags: Sequence[str] = (),
    content: Any = None,
    src: Mapping[str, Any] | None = None,
    newer_than: tuple[str, float] | None = None,
    cap: int | None = None,
) -> bool:
    """Write the keyed memory ``key`` (created, or updated in place). With
    ``newer_than=(field, value)`` an existing one whose ``content[field]`` is already
    greater is kept (a late re-run never rolls it back). False when it was kept."""
    existing = by_key(agent_id, key)
    if newer_than is not None and existing is not None and isinstance(existing.content, Mapping):
        field, value = newer_than
        if float(existing.content.get(field) or 0) > value:
            return False
    memory = new_memory(agent_id, clean_text(text[:MAX_TEXT]), clean_tags(list(tags)), src or source("heartbeat"), key=key, content=content)
    remember(memory, cap=cap)
    if existing is not None and existing.id != memory.id:
        forget(agent_id, existing.id)  # an item from before the store, moved to its keyed id
    return True
