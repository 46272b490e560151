"""The agent fields threads own: the prompt, the triggers that start a thread, the
threads' limits and the tools they may call (see :mod:`wakeful.agents.slots`; no
pydantic at import)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from wakeful.agents.slots import AgentField

TOOLS_DOC = (
    "Tools its threads may call (default: all your HTTP and Lambda tools): tool names, and mcp:<server> (every tool "
    "of one of your MCP servers) or mcp:<server>/<tool> (one of them), which the model sees as <server>__<tool>"
)


def _text() -> Any:
    return str | None


def _int() -> Any:
    return int


def _names() -> Any:
    return list[str] | None


def _trigger_views() -> Any:
    from wakeful.threads.responses import AgentThreadTrigger

    return list[AgentThreadTrigger]


def _optional_int() -> Any:
    return int | None


def _triggers() -> Any:
    from wakeful.threads.inputs import ThreadTrigger

    return list[ThreadTrigger] | None


def _tool_names() -> Any:
    from typing import Annotated

    from pydantic import Field

    from wakeful.mcp_servers.models import ENTRY_PATTERN
    from wakeful.threads.models import TOOL_NAME_PATTERN

    # A tool's name, or an MCP server's tools (mcp:<server>, mcp:<server>/<tool>).
    name = Annotated[str, Field(pattern=f"^(?:{TOOL_NAME_PATTERN[1:-1]}|{ENTRY_PATTERN})$")]
    return list[name] | None


def _check_tools(owner: str, names: Any, preset: str | None) -> None:
    from wakeful.threads.agent_tools import check_tools

    check_tools(owner, names, preset=preset)


def _routes_events(triggers: Any) -> Mapping[str, Any]:
    """An agent with thread triggers routes its log (see wakeful.threads.router)."""
    return {"thread_triggers": triggers, **({"routes_events": True} if triggers else {})}


def _limit(name: str) -> Callable[[Any], int]:
    def view(agent: Any) -> int:
        from wakeful.threads import limits

        return limits.of(agent)[name]

    return view


def _triggers_view(agent: Any) -> list[dict[str, Any]]:
    return [dict(t) for t in agent.thread_triggers]


def _tools_view(agent: Any) -> list[str] | None:
    return None if agent.tools is None else list(agent.tools)


FIELDS = (
    AgentField(
        "system_prompt",
        _text,
        {"default": None, "max_length": 50_000, "description": "Guidelines and personality for its threads"},
    ),
    AgentField(
        "thread_triggers",
        _triggers,
        {"default": None, "max_length": 50, "description": "Events that start a thread"},
        store=_routes_events,
        view=_triggers_view,
        response=_trigger_views,
    ),
    AgentField(
        "max_wakes_per_thread",
        _optional_int,
        {"default": None, "ge": 1, "le": 10_000, "description": "Default 50"},
        view=_limit("max_wakes_per_thread"),
        response=_int,
    ),
    AgentField(
        "thread_expiry_seconds",
        _optional_int,
        {"default": None, "ge": 60, "le": 365 * 86400, "description": "How long a thread may sleep (default 604800)"},
        view=_limit("thread_expiry_seconds"),
        response=_int,
    ),
    AgentField(
        "max_llm_calls_per_run",
        _optional_int,
        {"default": None, "ge": 1, "le": 500, "description": "Default 20"},
        view=_limit("max_llm_calls_per_run"),
        response=_int,
    ),
    AgentField(
        "tools",
        _tool_names,
        {"default": None, "max_length": 128, "description": TOOLS_DOC},
        check=_check_tools,
        view=_tools_view,
        response=_names,
        response_field={"description": "Tools its threads may call (null: all your HTTP and Lambda tools)"},
    ),
)
