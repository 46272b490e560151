"""The homelab's tools as the model sees them: name, description, ``input_schema``.

They are HTTP tools served by the homelab service (``<WAKEFUL_HOMELAB_URL>/tools/<name>``).
Notifications are not among them: every thread has the ``send_notification`` meta tool,
which delivers through the agent's ``NOTIFICATION`` hooks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

SERVER_ARG: dict[str, Any] = {
    "type": "object",
    "properties": {"server": {"type": "string", "description": "The game server's name, e.g. minecraft or atm-10"}},
    "required": ["server"],
    "additionalProperties": False,
}
STOP_ARGS: dict[str, Any] = {
    "type": "object",
    "properties": {
        **SERVER_ARG["properties"],
        "force": {
            "type": "boolean",
            "description": "Stop it even though players are on; the owner must approve first.",
        },
    },
    "required": ["server"],
    "additionalProperties": False,
}
NO_ARGS: dict[str, Any] = {"type": "object", "properties": {}, "additionalProperties": False}


@dataclass(frozen=True)
class ToolSpec:
    """One homelab tool's public definition."""

    name: str
    description: str
    input_schema: dict[str, Any]


STOP_GAME_SERVER = "stop_game_server"

TOOLS: tuple[ToolSpec, ...] = (
    ToolSpec("list_game_servers", "List all game servers with their status and player counts.", NO_ARGS),
    ToolSpec("start_game_server", "Start a game server.", SERVER_ARG),
    ToolSpec(
        STOP_GAME_SERVER,
        "Stop a game server. While players are on it the call is refused, because it would disconnect them; "
        "with force: true it waits for the owner's approval instead.",
        STOP_ARGS,
    ),
    ToolSpec("get_player_count", "Get how many players are on a game server, and who.", SERVER_ARG),
    ToolSpec("get_download_status", "Get the download client's queue, state and speed.", NO_ARGS),
    ToolSpec("pause_downloads", "Pause all downloads (frees the network link).", NO_ARGS),
    ToolSpec("resume_downloads", "Resume downloads.", NO_ARGS),
    ToolSpec(
        "get_system_metrics",
        "CPU load and temperature, memory, disk, network utilisation, active media transcodes.",
        NO_ARGS,
    ),
)
NAMES: tuple[str, ...] = tuple(tool.name for tool in TOOLS)
TIMEOUT_MS = 5000
