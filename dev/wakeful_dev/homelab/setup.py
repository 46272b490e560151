"""The ``homelab`` setup: one agent that looks after the simulated homelab, made through
the public HTTP API the way an owner would make it.

:func:`install` points the ``homelab`` preset at this process's homelab service (its
``WAKEFUL_HOMELAB_URL`` and ``WAKEFUL_HOMELAB_SECRET``: the dev stack runs in this
process and reads them when the preset is applied), creates the agent with
``{"preset": "homelab"}`` (the homelab's tools, guidelines, ``thread_triggers``, and the
preset's in-process guard on ``stop_game_server``), then adds a webhook the homelab pushes
its events to and a ``NOTIFICATION`` hook whose deliveries reach the homelab's team
channel.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

import requests

from wakeful.homelab import preset, settings
from wakeful_dev.homelab.exceptions import SetupError
from wakeful_dev.homelab.service import Homelab


@dataclass(frozen=True)
class Installed:
    """What :func:`install` made."""

    agent: dict[str, Any]
    webhook: dict[str, Any]
    hook: dict[str, Any]

    @property
    def agent_id(self) -> str:
        return str(self.agent["id"])


def _call(http: requests.Session, method: str, url: str, body: Any = None) -> Any:
    response = http.request(method, url, json=body, timeout=30)
    if response.status_code >= 400:
        raise SetupError(f"{method} {url} -> {response.status_code}: {response.text[:400]}")
    return response.json() if response.content else None


def point_preset_at(homelab: Homelab) -> None:
    """Make the ``homelab`` preset (applied by the dev stack in this process) register
    tools that call ``homelab``, signed with the secret it verifies."""
    os.environ[settings.ENV_URL] = homelab.url
    os.environ[settings.ENV_SECRET] = homelab.tool_secret


def install(
    base: str,
    api_key: str,
    homelab: Homelab,
    *,
    name: str = "Homelab",
    alias: str = "homelab",
    agent_fields: dict[str, Any] | None = None,
) -> Installed:
    """Set up the homelab agent against the API at ``base`` as the key's owner.

    Args:
        base: the API's base URL.
        api_key: the owner's key.
        homelab: the running service (the preset's tools call it, its events go to a
            webhook, the notifications to its team channel).
        name: the agent's name.
        alias: the agent's alias (unique per owner).
        agent_fields: extra ``POST /agents`` fields (e.g. ``max_wakes_per_thread``).
    """
    http = requests.Session()
    http.headers["Authorization"] = f"Bearer {api_key}"
    base = base.rstrip("/")
    point_preset_at(homelab)
    agent = _call(http, "POST", f"{base}/agents", {
        "name": name,
        "alias": alias,
        "preset": preset.NAME,
        "expertise": "homelab operations: game servers, downloads, system health",
        "heartbeat_interval_seconds": 24 * 3600,
        **(agent_fields or {}),
    })
    # Threads do the work; heartbeats have nothing subscribed here, so they are paused.
    agent = _call(http, "PATCH", f"{base}/agents/{agent['id']}", {"is_active": False})
    webhook = _call(http, "POST", f"{base}/agents/{agent['id']}/webhooks", {
        "allowed_event_types": list(preset.EVENT_TYPES),
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
    return Installed(agent=agent, webhook=webhook, hook=hook)


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
