"""Finding a tool by name: built-ins first, then the owner's own tools."""

from __future__ import annotations

from typing import Any

from wakeful import ddb, extensions
from wakeful.tools.base import BaseTool

_builtins: dict[str, BaseTool] = {}
_loaded = False


def register(tool: BaseTool) -> BaseTool:
    """Add a built-in tool instance to the registry."""
    _builtins[tool.name] = tool
    return tool


def builtins() -> dict[str, BaseTool]:
    """All built-in tools, by name."""
    global _loaded
    if not _loaded:
        extensions.register_tools()
        _loaded = True
    return _builtins


def user_tool_item(owner: str, name: str) -> dict[str, Any] | None:
    """The owner's tool item, if any."""
    return ddb.get("tools", {"owner": owner, "name": name})


def resolve(owner: str, name: str) -> BaseTool | None:
    """The tool called ``name`` for ``owner``: a built-in, or one of the owner's."""
    builtin = builtins().get(name)
    if builtin is not None:
        return builtin
    item = user_tool_item(owner, name)
    if item is None:
        return None
    return from_item(item)


def from_item(item: dict[str, Any]) -> BaseTool:
    """A runnable tool from a user tool item."""
    if item["kind"] == "lambda":
        from wakeful.tools.lambda_tool import LambdaTool

        return LambdaTool(item)
    from wakeful.tools.http import HttpTool

    return HttpTool(item)
