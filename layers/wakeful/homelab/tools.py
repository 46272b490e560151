"""The homelab's tools as the model sees them: name, description, ``input_schema``, and
whether a call waits for the owner's approval.

They are HTTP tools served by the homelab service (``<WAKEFUL_HOMELAB_URL>/tools/<name>``),
which answers the container and media tools from the Docker Engine, Jellyfin, Radarr and
Sonarr when it is configured with them. Requesting a movie or a show changes the world
(it starts downloads that take disk and bandwidth), so those calls wait for the owner's
approval; looking things up does not. Notifications are not among them: every thread has
the ``send_notification`` meta tool, which delivers through the agent's ``NOTIFICATION``
hooks.
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
CONTAINER_ARGS: dict[str, Any] = {
    "type": "object",
    "properties": {
        "container": {
            "type": "string",
            "description": "One container's name for its details (health check, exit code, restarts); omit to list them all",
        },
    },
    "additionalProperties": False,
}
SEARCH_ARGS: dict[str, Any] = {
    "type": "object",
    "properties": {"query": {"type": "string", "description": "Words of the title, e.g. dune"}},
    "required": ["query"],
    "additionalProperties": False,
}


def request_args(what: str, example: str) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {
            "title": {"type": "string", "description": f"The {what}'s title, e.g. {example}"},
            "year": {"type": "integer", "description": f"The {what}'s year, when several share the title"},
        },
        "required": ["title"],
        "additionalProperties": False,
    }


@dataclass(frozen=True)
class ToolSpec:
    """One homelab tool's public definition."""

    name: str
    description: str
    input_schema: dict[str, Any]
    requires_approval: bool = False
    timeout_ms: int = 5000


STOP_GAME_SERVER = "stop_game_server"
#: The tools that may call a real service (several calls for a request) get more time.
SERVICE_TIMEOUT_MS = 10_000

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
    ToolSpec(
        "get_container_status",
        "List the homelab's containers with their state and health (running, exited, unhealthy), or one container "
        "in detail: its health check's last output, exit code, restarts, whether it ran out of memory.",
        CONTAINER_ARGS,
        timeout_ms=SERVICE_TIMEOUT_MS,
    ),
    ToolSpec("search_media", "Search the Jellyfin library for movies and shows it already has.", SEARCH_ARGS, timeout_ms=SERVICE_TIMEOUT_MS),
    ToolSpec(
        "request_movie",
        "Add a movie to Radarr's wanted list, which searches for it and downloads it (disk and bandwidth). "
        "Check search_media first; the owner approves each request.",
        request_args("movie", "Dune: Part Two"),
        requires_approval=True,
        timeout_ms=SERVICE_TIMEOUT_MS,
    ),
    ToolSpec(
        "request_show",
        "Add a show to Sonarr's wanted list, every season, which searches for and downloads its episodes (disk and "
        "bandwidth). Check search_media first; the owner approves each request.",
        request_args("show", "Severance"),
        requires_approval=True,
        timeout_ms=SERVICE_TIMEOUT_MS,
    ),
)
NAMES: tuple[str, ...] = tuple(tool.name for tool in TOOLS)
TIMEOUT_MS = 5000  # the others' (ToolSpec.timeout_ms)
