"""Finding a tool by name: built-ins first, then the owner's own tools."""

from __future__ import annotations

from wakeful import capabilities
from wakeful.tools import repository, slots
from wakeful.tools.base import BaseTool
from wakeful.tools.records import LAMBDA_KIND, ToolDefinition

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
        capabilities.register_tools()
        _loaded = True
    return _builtins


def user_tool(owner: str, name: str) -> ToolDefinition | None:
    """One of the owner's own tools, if any."""
    return repository.get_user_tool(owner, name)


def resolve(owner: str, name: str) -> BaseTool | None:
    """The tool called ``name`` for ``owner``: a built-in, or one of the owner's."""
    builtin = builtins().get(name)
    if builtin is not None:
        return builtin
    definition = user_tool(owner, name)
    if definition is None:
        return None
    return runnable(definition)


def runnable(definition: ToolDefinition) -> BaseTool:
    """A runnable tool from one of the owner's tools (or an MCP server's)."""
    plugged = slots.runnable_of(definition.kind)
    if plugged is not None:
        return plugged(definition)
    if definition.kind == LAMBDA_KIND:
        from wakeful.tools.lambda_tool import LambdaTool

        return LambdaTool(definition)
    from wakeful.tools.http import HttpTool

    return HttpTool(definition)
