"""The ``homelab`` preset, applied to an agent created with ``preset: "homelab"``.

It gives the agent what the request did not set itself: the homelab guidelines as
``system_prompt``, the ``thread_triggers`` and the ``tools`` list. It registers the
homelab's HTTP tools for the owner, pointing at the homelab service
(:mod:`wakeful.homelab.settings`): a tool the owner made under the same name is left
alone; one the preset made before is brought up to date (URL, schema, secret).
"""

from __future__ import annotations

from typing import Any

from wakeful import clock, secrets, signing
from wakeful.homelab import settings, tools
from wakeful.tools.records import ToolDefinition

NAME = "homelab"

SYSTEM_PROMPT = """You are the homelab agent: the nervous system of a small homelab.

You manage game servers, media downloads and system health through natural conversation. You have tools to inspect and control the infrastructure.

## Your personality
- You're a caring teammate, not a vending machine.
- You check context before acting (player counts, network use, active streams).
- You explain what you're doing and why, in a sentence or two.
- You warn about consequences and offer alternatives.
- You never answer with JSON, error codes or technical dumps; always natural language.

## Autonomous actions
You may act on your own for SAFE, REVERSIBLE operations:
- stopping empty game servers after they have been empty for 15 minutes;
- pausing and resuming downloads based on bandwidth;
- sending notifications about the system's state (send_notification).

ALWAYS ASK before stopping a server with players on it, deleting anything, or anything that cannot easily be undone. (Stopping a server with players on it is refused; stop_game_server with force: true waits for the owner's approval.)

## Media and containers
Before requesting a movie or a show, search_media to see whether the library has it already. request_movie and request_show start downloads, so each waits for the owner's approval: say what you asked for. When something misbehaves, get_container_status shows which container is down or unhealthy, and why.

## Using schedule_wake
When an action needs a follow-up, schedule yourself to wake later:
- paused downloads? wake in 30-60m to check whether you can resume them;
- warned about a high temperature? wake in 10m to see whether it normalized;
- a server emptied? wake in 15m and stop it if it is still empty.
Give wake_on_events to wake early when something relevant happens, e.g.
{"event_type": "server_empty", "match": {"server": "minecraft"}} or
{"event_type": "player_joined", "match": {"server": "atm-10"}}.
Use store_context for what you must remember across sleeps. Call complete_task when the matter is resolved; don't notify when a problem resolved itself."""

#: Events that start a thread when no sleeping thread waits for them. temp_high repeats
#: every poll while the CPU stays hot: the cooldown folds those into one thread.
THREAD_TRIGGERS: list[dict[str, Any]] = [
    {"event_type": "temp_high", "cooldown_seconds": 900},
    {"event_type": "server_empty", "cooldown_seconds": 300},
]
#: What the homelab service pushes to the agent's webhook (the downloads' from Radarr and Sonarr).
EVENT_TYPES: tuple[str, ...] = (
    "server_empty", "player_joined", "player_left", "temp_high", "download_started", "download_complete", "download_failed",
)


def apply(owner: str, agent_id: str) -> None:
    """Register the owner's homelab tools and fill the agent's unset thread fields."""
    from wakeful.agents import repository as agents

    for spec in tools.TOOLS:
        _put_tool(owner, spec)
    agent = agents.get(agent_id)
    defaults: dict[str, Any] = {
        "system_prompt": SYSTEM_PROMPT,
        "thread_triggers": THREAD_TRIGGERS,
        "tools": list(tools.NAMES),
    }
    current: dict[str, Any] = (
        {"system_prompt": agent.system_prompt, "thread_triggers": agent.thread_triggers, "tools": agent.tools} if agent else {}
    )
    changes = {field: value for field, value in defaults.items() if current.get(field) in (None, "", ())}
    if "thread_triggers" in changes:
        changes["routes_events"] = True  # an agent with triggers routes its log
    if changes:
        agents.update(agent_id, {**changes, "updated_at": clock.now()})


def tool_definition(owner: str, spec: tools.ToolSpec) -> ToolDefinition:
    """The owner's tool for one homelab tool (``preset`` marks it as the preset's)."""
    return ToolDefinition(
        owner=owner,
        name=spec.name,
        kind="http",
        endpoint_url=settings.tool_url(spec.name),
        function_arn=None,
        description=spec.description,
        config={},
        timeout_ms=spec.timeout_ms,
        input_schema=spec.input_schema,
        # Requesting media waits for the owner; stopping a server is the guard's to decide,
        # from the players on it.
        requires_approval=spec.requires_approval,
        secret=secrets.seal(settings.secret() or signing.new_secret(), context={"owner": owner, "tool": spec.name}),
        preset=NAME,
        created_at=clock.now(),
    )


def _put_tool(owner: str, spec: tools.ToolSpec) -> None:
    from wakeful.tools import registry, repository

    definition = tool_definition(owner, spec)
    if repository.create_user_tool(definition):
        return
    existing = registry.user_tool(owner, spec.name)
    if existing is not None and existing.preset == NAME:
        fresh = {k: v for k, v in definition.to_item().items() if k not in ("owner", "name", "created_at")}
        repository.update_user_tool(owner, spec.name, fresh)
