"""Small naming helpers shared by the infra modules."""

from __future__ import annotations


def camel(snake: str) -> str:
    """``tool_runner`` -> ``ToolRunner`` (construct ids)."""
    return "".join(part.capitalize() for part in snake.split("_"))
