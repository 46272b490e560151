"""Ranking memories by relevance to a text, lexically (pure: no I/O, no model call).

A memory's words are turned into ``terms`` (term -> count; its tags counted twice) and
``dl`` (their total) when it is written, so ranking reads no text. :func:`bm25` scores
every memory of an agent against a query's terms (Okapi BM25, k1 1.2, b 0.75), and
:func:`rank` weighs each score by the memory's relevance now (``0.75 + 0.25 ×
relevance``: a memory used often and lately wins a tie of words), newest first on ties.

Relevance fades and comes back with use: a memory's ``relevance_score`` (0 to 1, 1 when
written) halves every :data:`HALF_LIFE_SECONDS` after ``scored_at``; each use brings it
half way back to 1 (:func:`reinforced`).
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

K1 = 1.2
B = 0.75
#: A memory not used for this long is half as relevant (a week).
HALF_LIFE_SECONDS = 7 * 86400
#: A use closes this share of the gap between the relevance and 1.
REINFORCEMENT = 0.5

_SPLIT = re.compile(r"[^0-9a-z]+")
STOPWORDS = frozenset(
    """
    a about above after again against all am an and any are as at be because been before being below between both but by
    can could did do does doing down during each few for from further had has have having he her here hers herself him
    himself his how if in into is it its itself just let me more most my myself no nor not now of off on once only or
    other our ours ourselves out over own same she should so some such than that the their theirs them themselves then
    there these they this those through to too under until up very was we were what when where which while who whom why
    will with would you your yours yourself yourselves also am get got i ll ve re
    """.split()
)


def _stem(word: str) -> str:
    """Light suffix stripping: possessives, plurals, -ing, -ed (the stem keeps 3 letters)."""
    for suffix, replacement in (("'s", ""), ("ies", "y"), ("ing", ""), ("ed", ""), ("es", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) + len(replacement) >= 3:
            return word[: len(word) - len(suffix)] + replacement
    return word


def tokens(text: str) -> list[str]:
    """The terms of a text: NFKC, lower case, split on what is not a letter or digit,
    1-character words and stopwords dropped, lightly stemmed."""
    words = _SPLIT.split(unicodedata.normalize("NFKC", text).lower())
    return [_stem(word) for word in words if len(word) > 1 and word not in STOPWORDS]


def terms_of(text: str, tags: Iterable[str] = ()) -> dict[str, int]:
    """A memory's term counts: its text's, and its tags' counted twice."""
    counts = Counter(tokens(text))
    for tag in tags:
        for term in tokens(tag.replace("_", " ").replace(":", " ")):
            counts[term] += 2
    return dict(counts)


def relevance(score: float, scored_at: float | None, now: float) -> float:
    """A relevance score now: halved every half-life since it was scored."""
    if scored_at is None:
        return score
    return score * 0.5 ** (max(0.0, now - scored_at) / HALF_LIFE_SECONDS)


def reinforced(current: float) -> float:
    """The relevance after a use: half way back to 1."""
    return current + (1.0 - current) * REINFORCEMENT


class Doc(NamedTuple):
    """What ranking reads of a memory."""

    id: str
    terms: Mapping[str, int]
    dl: int
    relevance_score: float = 1.0
    scored_at: float | None = None
    updated_at: float = 0.0


def bm25(query: Sequence[str], docs: Sequence[Doc]) -> dict[str, float]:
    """Each document's BM25 score for the query's terms (0 for none in common)."""
    if not docs or not query:
        return {doc.id: 0.0 for doc in docs}
    n = len(docs)
    avgdl = sum(doc.dl for doc in docs) / n or 1.0
    wanted = set(query)
    df = Counter(term for doc in docs for term in wanted if term in doc.terms)
    idf = {term: math.log(1 + (n - df[term] + 0.5) / (df[term] + 0.5)) for term in wanted}
    scores = {}
    for doc in docs:
        score = 0.0
        for term in wanted:
            tf = doc.terms.get(term, 0)
            if tf:
                score += idf[term] * tf * (K1 + 1) / (tf + K1 * (1 - B + B * doc.dl / avgdl))
        scores[doc.id] = score
    return scores


def rank(query_text: str, docs: Sequence[Doc], now: float, limit: int) -> list[tuple[Doc, float]]:
    """The ``limit`` documents most relevant to ``query_text``, with their scores (only
    scores above 0), best first; ties: newest first."""
    if limit <= 0:
        return []
    scores = bm25(tokens(query_text), docs)
    weighted = [
        (doc, scores[doc.id] * (0.75 + 0.25 * relevance(doc.relevance_score, doc.scored_at, now)))
        for doc in docs
        if scores[doc.id] > 0
    ]
    weighted.sort(key=lambda pair: (-pair[1], -pair[0].updated_at))
    return weighted[:limit]


def doc_of(item: Mapping[str, Any]) -> Doc:
    """The ranking view of a memory item."""
    return Doc(
        id=str(item["memory_key"]),
        terms={str(k): int(v) for k, v in (item.get("terms") or {}).items()},
        dl=int(item.get("dl") or 0),
        relevance_score=float(item.get("relevance_score", 1.0)),
        scored_at=None if item.get("scored_at") is None else float(item["scored_at"]),
        updated_at=float(item.get("updated_at") or 0),
    )
