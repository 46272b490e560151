"""Memory's constants: how many memories an agent keeps and recalls (light: the agent
fields and the manifest read them on every cold start)."""

from __future__ import annotations

#: Memories an agent keeps (its ``memory_cap``) by default, at least, at most.
DEFAULT_CAP = 500
MIN_CAP, MAX_CAP = 10, 2000
#: Memories in a run's system prompt (its ``memory_recall``) by default, at most.
DEFAULT_RECALL = 5
MAX_RECALL = 20
