"""Probes on schedules (filled in below)."""

from __future__ import annotations

from typing import Any, Mapping

from wakeful.agents.records import Agent
from wakeful.schedules.slots import Skip


def check(agent: Agent, schedule: Mapping[str, Any], row: Mapping[str, Any], now: float) -> Skip | None:
    return None
