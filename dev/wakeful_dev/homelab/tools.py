"""The homelab's tools: what each one does to the :class:`~wakeful_dev.homelab.world.World`.
Their names, descriptions and ``input_schema`` are the ``homelab`` preset's
(:mod:`wakeful.homelab.tools`): the preset registers them as the owner's HTTP tools
pointing at this service.

Notifications are not a homelab tool: every thread already has the ``send_notification``
meta tool, which delivers through the agent's ``NOTIFICATION`` hooks (signed, retried,
recorded). The homelab service receives those deliveries as its "team channel"
(:mod:`wakeful_dev.homelab.service`), so a second tool of the same name would only shadow
the meta tool.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from wakeful.homelab import tools as preset_tools
from wakeful_dev.homelab.exceptions import ToolInputError
from wakeful_dev.homelab.world import World


@dataclass(frozen=True)
class HomelabTool:
    """One tool: its public definition (from the ``homelab`` preset) and what it does."""

    name: str
    description: str
    input_schema: dict[str, Any]
    run: Callable[[World, dict[str, Any]], dict[str, Any]]


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


_RUNS: dict[str, Callable[[World, dict[str, Any]], dict[str, Any]]] = {
    "list_game_servers": _list,
    "start_game_server": lambda w, a: w.start_server(_server(a)),
    "stop_game_server": lambda w, a: w.stop_server(_server(a)),
    "get_player_count": _players,
    "get_download_status": lambda w, a: w.download_status(),
    "pause_downloads": lambda w, a: w.set_downloads_paused(True),
    "resume_downloads": lambda w, a: w.set_downloads_paused(False),
    "get_system_metrics": lambda w, a: w.metrics(),
}
TOOLS: tuple[HomelabTool, ...] = tuple(
    HomelabTool(spec.name, spec.description, spec.input_schema, _RUNS[spec.name]) for spec in preset_tools.TOOLS
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
