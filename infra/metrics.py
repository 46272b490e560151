"""How the dashboard and alarms group Wakeful's metrics (no CDK import: the cost model
uses it too)."""

from __future__ import annotations

import re

from wakeful.observability import METRICS

_OK_SUFFIXES = ("Completed", "Succeeded")


def metric_groups() -> dict[str, list[str]]:
    """METRICS grouped by the first word of the name (``Heartbeats``, ``Hook``, ``Llm``)."""
    groups: dict[str, list[str]] = {}
    for name in METRICS:
        match = re.match(r"[A-Z][a-z0-9]*", name)
        word = (match.group(0) if match else name).rstrip("s") or name
        groups.setdefault(word, []).append(name)
    return groups


def failure_rate_pairs() -> list[tuple[str, str, str]]:
    """(stem, ok metric, failed metric) for every ``<Stem>Failed`` with a sibling."""
    pairs = []
    for name in METRICS:
        if not name.endswith("Failed"):
            continue
        stem = name[: -len("Failed")]
        for suffix in _OK_SUFFIXES:
            if stem + suffix in METRICS:
                pairs.append((stem, stem + suffix, name))
                break
    return pairs
