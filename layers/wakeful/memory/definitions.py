"""The Messages API definitions of memory's meta tools (data only: the manifest names them)."""

from __future__ import annotations

from typing import Any

REMEMBER, RECALL, FORGET = "remember", "recall", "forget"
MAX_RECALL = 20

DEFINITIONS: dict[str, dict[str, Any]] = {
    REMEMBER: {
        "name": REMEMBER,
        "description": (
            "Remember something for later runs (a fact, a preference, a lesson): your most relevant memories are shown "
            "to you at the start of each run. replaces: ids of memories this one supersedes (they are forgotten)."
        ),
        "input_schema": {
            "type": "object",
            "properties": {
                "text": {"type": "string", "description": "what to remember, 1 to 2000 characters"},
                "tags": {"type": "array", "items": {"type": "string"}, "description": "up to 10 short tags"},
                "key": {"type": "string", "description": "optional: a name for a memory you keep exactly one of (writing it again updates it)"},
                "replaces": {"type": "array", "items": {"type": "string"}, "description": "optional: ids of memories this one merges or updates"},
            },
            "required": ["text"],
        },
    },
    RECALL: {
        "name": RECALL,
        "description": "Search your memories: the ones most relevant to the query, best first, with their ids.",
        "input_schema": {
            "type": "object",
            "properties": {"query": {"type": "string"}, "limit": {"type": "integer", "minimum": 1, "maximum": MAX_RECALL}},
            "required": ["query"],
        },
    },
    FORGET: {
        "name": FORGET,
        "description": "Forget one of your memories, by its id (shown as [mem_...]).",
        "input_schema": {"type": "object", "properties": {"memory_id": {"type": "string"}}, "required": ["memory_id"]},
    },
}


