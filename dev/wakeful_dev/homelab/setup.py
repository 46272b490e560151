"""The ``homelab`` setup: one agent that looks after the simulated homelab, made through
the public HTTP API the way an owner would make it.

:func:`install` registers the homelab's tools (``POST /tools``, each with its
``input_schema``; the service learns each tool's secret), creates the agent with its
guidelines (``system_prompt``) and ``thread_triggers``, a webhook the homelab pushes its
events to, and a ``NOTIFICATION`` hook whose deliveries reach the homelab's team channel.
The guard on ``stop_game_server`` (:mod:`wakeful_dev.homelab.guard`) is an in-process
interceptor, registered for the agent in this process.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import requests

from wakeful_dev.homelab import guard, tools
from wakeful_dev.homelab.exceptions import SetupError
from wakeful_dev.homelab.service import Homelab

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

ALWAYS ASK before stopping a server with players on it, deleting anything, or anything that cannot easily be undone. (Stopping a server with players on it waits for the owner's approval.)

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
THREAD_TRIGGERS = [
    {"event_type": "temp_high", "cooldown_seconds": 900},
    {"event_type": "server_empty", "cooldown_seconds": 300},
]
EVENT_TYPES = ["server_empty", "player_joined", "player_left", "temp_high", "download_complete"]


@dataclass(frozen=True)
class Installed:
    """What :func:`install` made."""

    agent: dict[str, Any]
    webhook: dict[str, Any]
    hook: dict[str, Any]
    guard: guard.StopGuard

    @property
    def agent_id(self) -> str:
        return str(self.agent["id"])


def _call(http: requests.Session, method: str, url: str, body: Any = None) -> Any:
    response = http.request(method, url, json=body, timeout=30)
    if response.status_code >= 400:
        raise SetupError(f"{method} {url} -> {response.status_code}: {response.text[:400]}")
    return response.json() if response.content else None


def register_tools(http: requests.Session, base: str, homelab: Homelab) -> None:
    """``POST /tools`` for each homelab tool (replacing an older one of the same name);
    hands each tool's secret to the service."""
    for tool in tools.TOOLS:
        body = tool.definition(homelab.tool_url(tool.name))
        response = http.post(f"{base}/tools", json=body, timeout=30)
        if response.status_code == 409:
            _call(http, "DELETE", f"{base}/tools/{tool.name}")
            response = http.post(f"{base}/tools", json=body, timeout=30)
        if response.status_code != 201:
            raise SetupError(f"POST /tools {tool.name} -> {response.status_code}: {response.text[:400]}")
        homelab.tool_secrets[tool.name] = response.json()["secret"]


def install(
    base: str,
    api_key: str,
    homelab: Homelab,
    *,
    name: str = "Homelab",
    alias: str = "homelab",
    guard_mode: str = "approval",
    agent_fields: dict[str, Any] | None = None,
) -> Installed:
    """Set up the homelab agent against the API at ``base`` as the key's owner.

    Args:
        base: the API's base URL.
        api_key: the owner's key.
        homelab: the running service (its tools get their secrets, its events a webhook).
        name: the agent's name.
        alias: the agent's alias (unique per owner).
        guard_mode: ``"approval"`` or ``"deny"`` for stopping servers with players on.
        agent_fields: extra ``POST /agents`` fields (e.g. ``max_wakes_per_thread``).
    """
    from wakeful.interceptors import registry

    http = requests.Session()
    http.headers["Authorization"] = f"Bearer {api_key}"
    base = base.rstrip("/")
    register_tools(http, base, homelab)
    agent = _call(http, "POST", f"{base}/agents", {
        "name": name,
        "alias": alias,
        "expertise": "homelab operations: game servers, downloads, system health",
        "system_prompt": SYSTEM_PROMPT,
        "thread_triggers": THREAD_TRIGGERS,
        "tools": [tool.name for tool in tools.TOOLS],
        "heartbeat_interval_seconds": 24 * 3600,
        **(agent_fields or {}),
    })
    # Threads do the work; heartbeats have nothing subscribed here, so they are paused.
    agent = _call(http, "PATCH", f"{base}/agents/{agent['id']}", {"is_active": False})
    webhook = _call(http, "POST", f"{base}/agents/{agent['id']}/webhooks", {
        "allowed_event_types": EVENT_TYPES,
        "rate_limit_per_hour": 100_000,
        "metadata": {"integration": "homelab"},
    })
    homelab.connect(webhook["url"], webhook["secret"])
    hook = _call(http, "POST", f"{base}/agents/{agent['id']}/hooks", {
        "hook_type": "NOTIFICATION",
        "endpoint_url": homelab.notifications_url,
        "retry_config": {"max_retries": 3, "timeout_ms": 5000},
    })
    homelab.notification_secret = hook["secret"]
    stop_guard = guard.StopGuard(guard.players_counter(homelab.world), mode="deny" if guard_mode == "deny" else "approval")
    registry.register(stop_guard, agent_id=agent["id"])
    return Installed(agent=agent, webhook=webhook, hook=hook, guard=stop_guard)


def uninstall(installed: Installed) -> None:
    """Drop the in-process guard (the agent and its resources stay)."""
    from wakeful.interceptors import registry

    registry.unregister(agent_id=installed.agent_id)


def serve_with(stack: Any, api_key: str | None = None, port: int = 0) -> tuple[Homelab, Installed, str]:
    """``wakeful dev --homelab``: a homelab service beside a running stack, with its agent
    set up for ``api_key`` (default: a new key for owner ``homelab``). Without a model key
    the scripted provider plays the homelab's stories. Returns the service, what was set
    up, and the key."""
    from wakeful.auth import keys
    from wakeful.llm.providers import scripted
    from wakeful_dev.homelab import scenarios

    key = api_key or keys.create("homelab")
    homelab = Homelab(port=port)
    installed = install(stack.api_url, key, homelab)
    scripted.register_script(installed.agent_id, scenarios.SCRIPT)
    return homelab, installed, key
