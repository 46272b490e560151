"""The homelab's tools: what each one does to the :class:`~wakeful_dev.homelab.world.World`,
or, for the container and media tools, to the real service configured for it
(:mod:`wakeful_dev.homelab.backends`: the Docker Engine, Jellyfin, Radarr, Sonarr).
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
from wakeful_dev.homelab import containers, media
from wakeful_dev.homelab.backends import Backends, BackendError, Deadline
from wakeful_dev.homelab.exceptions import ToolInputError
from wakeful_dev.homelab.world import World

#: What one run of a tool may take, its calls to a real service together (the preset
#: gives those tools a little more: :data:`wakeful.homelab.tools.SERVICE_TIMEOUT_MS`).
RUN_SECONDS = preset_tools.SERVICE_TIMEOUT_MS / 1000 - 1.0
Run = Callable[[World, dict[str, Any], Backends], dict[str, Any]]


@dataclass(frozen=True)
class HomelabTool:
    """One tool: its public definition (from the ``homelab`` preset) and what it does."""

    name: str
    description: str
    input_schema: dict[str, Any]
    run: Run


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


def _containers(world: World, args: dict[str, Any], backends: Backends) -> dict[str, Any]:
    name = args.get("container")
    if name is not None and (not isinstance(name, str) or not name.strip()):
        raise ToolInputError("`container`, when given, is a container's name")
    if backends.docker is not None:
        return containers.status(backends.docker, name, Deadline(RUN_SECONDS))
    if name:
        return {"source": "simulated", "container": world.container(name)}
    return containers.listing(world.containers(), "simulated")


def _search(world: World, args: dict[str, Any], backends: Backends) -> dict[str, Any]:
    query = media.query_of(args, "query")
    if backends.jellyfin is not None:
        return media.search(backends.jellyfin, query, Deadline(RUN_SECONDS))
    results = world.search_media(query)
    return {"source": "simulated", "query": query, "results": results, "found": len(results)}


def _requester(arr: media.Arr, service: str) -> Run:
    def run(world: World, args: dict[str, Any], backends: Backends) -> dict[str, Any]:
        title, year = media.query_of(args, "title"), media.year_of(args)
        api = getattr(backends, service)
        if api is not None:
            return media.request(arr, api, title, year, Deadline(RUN_SECONDS), api.options)
        return {"source": "simulated", **world.request_title(arr.kind, title, year)}

    return run


_RUNS: dict[str, Run] = {
    "list_game_servers": lambda w, a, b: _list(w, a),
    "start_game_server": lambda w, a, b: w.start_server(_server(a)),
    "stop_game_server": lambda w, a, b: w.stop_server(_server(a)),
    "get_player_count": lambda w, a, b: _players(w, a),
    "get_download_status": lambda w, a, b: w.download_status(),
    "pause_downloads": lambda w, a, b: w.set_downloads_paused(True),
    "resume_downloads": lambda w, a, b: w.set_downloads_paused(False),
    "get_system_metrics": lambda w, a, b: w.metrics(),
    "get_container_status": _containers,
    "search_media": _search,
    "request_movie": _requester(media.RADARR, "radarr"),
    "request_show": _requester(media.SONARR, "sonarr"),
}
TOOLS: tuple[HomelabTool, ...] = tuple(
    HomelabTool(spec.name, spec.description, spec.input_schema, _RUNS[spec.name]) for spec in preset_tools.TOOLS
)
BY_NAME: dict[str, HomelabTool] = {tool.name: tool for tool in TOOLS}


def run(world: World, name: str, arguments: Any, backends: Backends | None = None) -> dict[str, Any]:
    """Run tool ``name`` on ``world``, or on the real service ``backends`` has for it.

    Raises:
        KeyError: no such tool.
        ToolInputError: arguments that do not fit.
        WorldError: the homelab cannot do it (e.g. an unknown server).
        BackendError: the real service could not (unreachable, refused, no such container).
    """
    tool = BY_NAME[name]
    if arguments is None:
        arguments = {}
    if not isinstance(arguments, dict):
        raise ToolInputError("arguments must be a JSON object")
    return tool.run(world, arguments, backends or Backends())


__all__ = ["TOOLS", "BY_NAME", "BackendError", "HomelabTool", "run"]
