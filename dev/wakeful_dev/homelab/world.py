"""The simulated homelab's state: game servers with players, a downloads queue, system
metrics, the containers they run in and a media library with its wanted lists. Pure and
in memory; every change returns the events it causes.

Events keep the names of the execution model they come from (``server_empty`` with
``server`` and ``previousCount``, ``player_joined`` with ``playerCount``, ``temp_high``
with ``temp`` and ``threshold``). They are edge-triggered: ``server_empty`` when a count
falls to 0, ``temp_high`` when the temperature rises past the threshold (and again on
:meth:`World.tick` while it stays there, as a metrics collector polling every 30 s would).
"""

from __future__ import annotations

import copy
import threading
from dataclasses import dataclass, field
from typing import Any

from wakeful_dev.homelab.exceptions import WorldError

TEMP_THRESHOLD_C = 80.0
LINK_MBPS = 1000.0
#: What the download client pulls when it runs (and the link share it takes).
DOWNLOAD_MBPS = 900.0
BASE_NETWORK_MBPS = 50.0


@dataclass
class GameServer:
    """One game server container."""

    name: str
    game: str
    running: bool
    players: list[str] = field(default_factory=list)
    max_players: int = 20

    def view(self) -> dict[str, Any]:
        return {
            "server": self.name,
            "game": self.game,
            "status": "running" if self.running else "stopped",
            "playerCount": len(self.players) if self.running else 0,
            "players": list(self.players) if self.running else [],
            "max_players": self.max_players,
        }


@dataclass
class Download:
    """One item in the download client's queue."""

    name: str
    size_mb: int
    done_mb: int = 0


@dataclass
class Title:
    """A movie or show the simulated Radarr/Sonarr can find; ``in_library``: Jellyfin has
    it; ``requested``: it is on the wanted list."""

    kind: str  # "movie" | "show"
    name: str
    year: int
    external_id: int  # TMDb (movies) or TVDB (shows)
    in_library: bool = False
    requested: bool = False

    def view(self) -> dict[str, Any]:
        id_field = "tmdb_id" if self.kind == "movie" else "tvdb_id"
        return {"title": self.name, "year": self.year, id_field: self.external_id}


@dataclass(frozen=True)
class Event:
    """An event the homelab pushes to the agent's log."""

    event_type: str
    payload: dict[str, Any]
    priority: int = 5


def default_servers() -> list[GameServer]:
    return [
        GameServer("minecraft", "Minecraft (vanilla 1.21)", True, ["alex", "sam"]),
        GameServer("atm-10", "All the Mods 10", True, ["jo", "kim"]),
        GameServer("valheim", "Valheim", False, []),
    ]


def default_downloads() -> list[Download]:
    return [
        Download("Planet.Earth.III.S01.2160p", 48_000, 31_200),
        Download("Debian 13 netinst ISO", 650, 120),
        Download("Big.Buck.Bunny.4K", 9_800, 0),
    ]


def default_titles() -> list[Title]:
    return [
        Title("movie", "Dune", 2021, 438631, in_library=True, requested=True),
        Title("movie", "Dune: Part Two", 2024, 693134),
        Title("movie", "Blade Runner 2049", 2017, 335984, in_library=True, requested=True),
        Title("movie", "Arrival", 2016, 329865),
        Title("show", "The Expanse", 2015, 280619, in_library=True, requested=True),
        Title("show", "Severance", 2022, 371980),
        Title("show", "Andor", 2022, 393189),
    ]


#: The homelab's other containers (the game servers are containers too).
SERVICES = (("jellyfin", "jellyfin/jellyfin:10.10"), ("sabnzbd", "linuxserver/sabnzbd"), ("radarr", "linuxserver/radarr"),
            ("sonarr", "linuxserver/sonarr"), ("prometheus", "prom/prometheus"))


class World:
    """The homelab. Thread-safe: the HTTP service calls it from many threads."""

    def __init__(self) -> None:
        self._lock = threading.RLock()
        self.servers: dict[str, GameServer] = {s.name: s for s in default_servers()}
        self.downloads: list[Download] = default_downloads()
        self.downloads_paused = False
        self.cpu_percent = 38.0
        self.temperature_c = 61.0
        self.memory_percent = 54.0
        self.disk_percent = 71.0
        self.transcodes = 0
        self.titles: list[Title] = default_titles()

    # -- reading -------------------------------------------------------------------------
    def server(self, name: str) -> GameServer:
        found = self.servers.get(str(name).strip().lower())
        if found is None:
            raise WorldError(f"no game server named {name!r}; known: {', '.join(sorted(self.servers))}")
        return found

    def network_mbps(self) -> float:
        downloading = not self.downloads_paused and any(d.done_mb < d.size_mb for d in self.downloads)
        players = sum(len(s.players) for s in self.servers.values() if s.running)
        return BASE_NETWORK_MBPS + 2.0 * players + (DOWNLOAD_MBPS if downloading else 0.0)

    def metrics(self) -> dict[str, Any]:
        """What ``get_system_metrics`` reports."""
        with self._lock:
            network = self.network_mbps()
            return {
                "cpu_percent": self.cpu_percent,
                "cpu_temp_c": self.temperature_c,
                "temp_threshold_c": TEMP_THRESHOLD_C,
                "memory_percent": self.memory_percent,
                "disk_percent": self.disk_percent,
                "network_mbps": round(network, 1),
                "network_percent": round(100.0 * network / LINK_MBPS, 1),
                "downloads_active": self.download_speed_mbps() > 0,
                "jellyfin_transcodes": self.transcodes,
            }

    def download_speed_mbps(self) -> float:
        if self.downloads_paused or all(d.done_mb >= d.size_mb for d in self.downloads):
            return 0.0
        return DOWNLOAD_MBPS

    def download_status(self) -> dict[str, Any]:
        """What ``get_download_status`` reports."""
        with self._lock:
            queue = [
                {"name": d.name, "size_mb": d.size_mb, "done_mb": d.done_mb, "percent": round(100.0 * d.done_mb / d.size_mb, 1)}
                for d in self.downloads
                if d.done_mb < d.size_mb
            ]
            return {
                "status": "paused" if self.downloads_paused else ("downloading" if queue else "idle"),
                "speed_mbps": self.download_speed_mbps(),
                "queue": queue,
            }

    def snapshot(self) -> dict[str, Any]:
        """The whole state (the control API's ``GET /state``)."""
        with self._lock:
            return copy.deepcopy(
                {
                    "servers": [s.view() for s in self.servers.values()],
                    "downloads": self.download_status(),
                    "metrics": self.metrics(),
                }
            )

    def containers(self) -> list[dict[str, Any]]:
        """Every container as ``get_container_status`` lists them."""
        with self._lock:
            listed = [
                {"name": s.name, "image": f"games/{s.name}", "state": "running" if s.running else "exited",
                 "status": "Up 3 hours (healthy)" if s.running else "Exited (0) 2 hours ago", "health": "healthy" if s.running else None}
                for s in self.servers.values()
            ]
            listed += [{"name": name, "image": image, "state": "running", "status": "Up 9 days", "health": None} for name, image in SERVICES]
            return listed

    def container(self, name: str) -> dict[str, Any]:
        """One container in detail (``get_container_status {container}``)."""
        found = next((c for c in self.containers() if c["name"] == str(name).strip().lower()), None)
        if found is None:
            raise WorldError(f"no container named {name!r}; known: {', '.join(c['name'] for c in self.containers())}")
        return {"name": found["name"], "image": found["image"], "state": found["state"], "health": found["health"],
                "exit_code": 0, "restart_count": 0, "oom_killed": False, "error": None}

    def search_media(self, query: str) -> list[dict[str, Any]]:
        """What the library has whose name contains ``query`` (case-insensitive)."""
        with self._lock:
            return [
                {"name": t.name, "type": t.kind, "year": t.year, "id": f"sim-{t.external_id}"}
                for t in self.titles
                if t.in_library and query.strip().lower() in t.name.lower()
            ]

    # -- changing (tools) ----------------------------------------------------------------
    def request_title(self, kind: str, name: str, year: int | None) -> dict[str, Any]:
        """Put a movie or show on the wanted list (``request_movie``, ``request_show``)."""
        with self._lock:
            matches = [t for t in self.titles if t.kind == kind and name.strip().lower() in t.name.lower() and year in (None, t.year)]
            exact = [t for t in matches if t.name.lower() == name.strip().lower()]
            found = exact or matches
            if not found:
                return {"requested": False, "reason": f"no {kind} called {name!r} was found", "candidates": []}
            title = found[0]
            if title.requested:
                return {"requested": False, "already_requested": True, "in_library": title.in_library, **title.view()}
            title.requested = True
            return {"requested": True, "searching": True, **title.view()}

    def start_server(self, name: str) -> dict[str, Any]:
        with self._lock:
            server = self.server(name)
            already = server.running
            server.running = True
            return {**server.view(), "changed": not already}

    def stop_server(self, name: str) -> dict[str, Any]:
        with self._lock:
            server = self.server(name)
            kicked = list(server.players) if server.running else []
            already = not server.running
            server.running = False
            server.players = []
            return {**server.view(), "changed": not already, "players_disconnected": kicked}

    def set_downloads_paused(self, paused: bool) -> dict[str, Any]:
        with self._lock:
            changed = self.downloads_paused != paused
            self.downloads_paused = paused
            return {**self.download_status(), "changed": changed}

    # -- changing (the world: control API) -------------------------------------------------
    def set_players(self, name: str, players: list[str]) -> list[Event]:
        """Set who is on a server; returns ``player_joined`` / ``player_left`` /
        ``server_empty`` as the count moves."""
        with self._lock:
            server = self.server(name)
            if not server.running and players:
                raise WorldError(f"{server.name} is stopped; nobody can join it")
            before = list(server.players)
            server.players = list(dict.fromkeys(str(p) for p in players))
            return self._player_events(server, before)

    def _player_events(self, server: GameServer, before: list[str]) -> list[Event]:
        events: list[Event] = []
        old, new = len(before), len(server.players)
        joined = [p for p in server.players if p not in before]
        left = [p for p in before if p not in server.players]
        if joined:
            events.append(Event("player_joined", {"server": server.name, "playerCount": new, "players": joined}))
        if left:
            events.append(Event("player_left", {"server": server.name, "playerCount": new, "players": left}))
        if new == 0 and old > 0:
            events.append(Event("server_empty", {"server": server.name, "previousCount": old}, priority=4))
        return events

    def set_system(self, **values: Any) -> list[Event]:
        """Change metrics (``temperature_c``, ``cpu_percent``, ``memory_percent``,
        ``disk_percent``, ``transcodes``); returns ``temp_high`` when the temperature
        rises past the threshold."""
        allowed = {"temperature_c", "cpu_percent", "memory_percent", "disk_percent", "transcodes"}
        unknown = set(values) - allowed
        if unknown:
            raise WorldError(f"unknown metric(s): {', '.join(sorted(unknown))}; known: {', '.join(sorted(allowed))}")
        with self._lock:
            was_hot = self.temperature_c > TEMP_THRESHOLD_C
            for key, value in values.items():
                if key == "transcodes":
                    self.transcodes = _bounded_int(key, value, 0, 50)
                else:
                    setattr(self, key, _bounded_float(key, value, 0.0, 150.0))
            if self.temperature_c > TEMP_THRESHOLD_C and not was_hot:
                return [self._temp_high()]
            return []

    def tick(self) -> list[Event]:
        """One poll of a metrics collector: ``temp_high`` again while it is still hot."""
        with self._lock:
            return [self._temp_high()] if self.temperature_c > TEMP_THRESHOLD_C else []

    def _temp_high(self) -> Event:
        return Event("temp_high", {"temp": self.temperature_c, "threshold": TEMP_THRESHOLD_C, "cpu_percent": self.cpu_percent}, priority=2)


def _bounded_float(name: str, value: Any, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise WorldError(f"{name} must be a number from {low:g} to {high:g}")
    return float(value)


def _bounded_int(name: str, value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise WorldError(f"{name} must be an integer from {low} to {high}")
    return value
