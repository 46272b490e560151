"""The homelab's tools: what each one does to the :class:`~wakeful_dev.homelab.world.World`,
with the description and ``input_schema`` the model sees.

Notifications are not a homelab tool: every thread already has the ``send_notification``
meta tool, which delivers through the agent's ``NOTIFICATION`` hooks (signed, retried,
recorded). The homelab service receives those deliveries as its "team channel"
(:mod:`wakeful_dev.homelab.service`), so a second tool of the same name would only shadow
the meta tool.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from wakeful_dev.homelab.exceptions import ToolInputError
from wakeful_dev.homelab.world import World

SERVER_ARG = {
    "type": "object",
    "properties": {"server": {"type": "string", "description": "The game server's name, e.g. minecraft or atm-10"}},
    "required": ["server"],
    "additionalProperties": False,
}
NO_ARGS = {"type": "object", "properties": {}, "additionalProperties": False}


@dataclass(frozen=True)
class HomelabTool:
    """One tool: its public definition and what it does."""

    name: str
    description: str
    input_schema: dict[str, Any]
    run: Callable[[World, dict[str, Any]], dict[str, Any]]

    def definition(self, endpoint_url: str) -> dict[str, Any]:
        """The ``POST /tools`` body that registers this tool."""
        return {
            "name": self.name,
            "kind": "http",
            "endpoint_url": endpoint_url,
            "description": self.description,
            "input_schema": self.input_schema,
            "timeout_ms": 5000,
        }


def _server(args: dict[str, Any]) -> str:
    server = args.get("server")
    if not isinstance(server, str) or not server.strip():
        raise ToolInputError("`server` (a game server's name) is required")
    return server


def _list(world: World, _: dict[str, Any]) -> dict[str, Any]:
    return {"servers": world.snapshot()["servers"]}


def _players(world: World, args: dict[str, Any]) -> dict[str, Any]:
    view = world.server(_server(args)).view()
    return {"server": view["server"], "status": view["status"], "playerCount": view["playerCount"], "players": view["players"]}


TOOLS: tuple[HomelabTool, ...] = (
    HomelabTool("list_game_servers", "List all game servers with their status and player counts.", NO_ARGS, _list),
    HomelabTool("start_game_server", "Start a game server.", SERVER_ARG, lambda w, a: w.start_server(_server(a))),
    HomelabTool(
        "stop_game_server",
        "Stop a game server. Players still on it are disconnected, so it needs the owner's approval while anyone plays.",
        SERVER_ARG,
        lambda w, a: w.stop_server(_server(a)),
    ),
    HomelabTool("get_player_count", "Get how many players are on a game server, and who.", SERVER_ARG, _players),
    HomelabTool("get_download_status", "Get the download client's queue, state and speed.", NO_ARGS, lambda w, a: w.download_status()),
    HomelabTool("pause_downloads", "Pause all downloads (frees the network link).", NO_ARGS, lambda w, a: w.set_downloads_paused(True)),
    HomelabTool("resume_downloads", "Resume downloads.", NO_ARGS, lambda w, a: w.set_downloads_paused(False)),
    HomelabTool(
        "get_system_metrics",
        "CPU load and temperature, memory, disk, network utilisation, active media transcodes.",
        NO_ARGS,
        lambda w, a: w.metrics(),
    ),
)
BY_NAME: dict[str, HomelabTool] = {tool.name: tool for tool in TOOLS}


def run(world: World, name: str, arguments: Any) -> dict[str, Any]:
    """Run tool ``name`` on ``world``.

    Raises:
        KeyError: no such tool.
        ToolInputError: arguments that do not fit.
        WorldError: the homelab cannot do it (e.g. an unknown server).
    """
    tool = BY_NAME[name]
    if arguments is None:
        arguments = {}
    if not isinstance(arguments, dict):
        raise ToolInputError("arguments must be a JSON object")
    return tool.run(world, arguments)


__all__ = ["TOOLS", "BY_NAME", "HomelabTool", "run"]
