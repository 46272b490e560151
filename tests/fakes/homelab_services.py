"""Local fakes of the services behind the homelab's container and media tools, real HTTP
on loopback, answering in each API's own shapes:

- :class:`FakeDocker` — the Docker Engine API: ``GET /containers/json`` (running ones;
  ``?all=true`` every one) and ``GET /containers/{id or name}/json`` (404 ``{"message":
  "No such container: …"}``).
- :class:`FakeJellyfin` — ``GET /Items?searchTerm=…&IncludeItemTypes=…`` →
  ``{Items, TotalRecordCount, StartIndex}``, with ``Authorization: MediaBrowser …
  Token="<key>"`` (else 401).
- :class:`FakeRadarr` and :class:`FakeSonarr` — ``GET /api/v3/{movie|series}/lookup?term=``,
  ``GET /api/v3/qualityprofile``, ``GET /api/v3/rootfolder`` and ``POST
  /api/v3/{movie|series}`` (201 with the new ``id``; 400 with Radarr's validation list
  when it is there already or a field is missing), with ``X-Api-Key`` (else 401).

Each records its calls and takes scripted answers first (:class:`PlatformFake`).
"""

from __future__ import annotations

import hashlib
import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

from tests.fakes.chat_platforms import Answer, Call, PlatformFake

__all__ = ["Answer", "FakeDocker", "FakeJellyfin", "FakeRadarr", "FakeSonarr"]


def _query(call: Call) -> dict[str, str]:
    return {k: v[-1] for k, v in parse_qs(urlsplit(call.path).query).items()}


def _path(call: Call) -> str:
    return urlsplit(call.path).path


def docker_container(name: str, image: str, state: str = "running", health: str | None = "healthy", exit_code: int = 0,
                     restarts: int = 0, oom: bool = False, last_check: str = "ok") -> dict[str, Any]:
    """A container as ``GET /containers/{id}/json`` shows it."""
    inspect: dict[str, Any] = {
        "Id": hashlib.sha256(name.encode()).hexdigest(), "Created": "2026-02-01T09:00:00.000000000Z", "Path": "/init", "Args": [],
        "State": {
            "Status": state, "Running": state == "running", "Paused": False, "Restarting": state == "restarting",
            "OOMKilled": oom, "Dead": False, "Pid": 4242 if state == "running" else 0, "ExitCode": exit_code, "Error": "",
            "StartedAt": "2026-03-01T08:00:00.000000000Z", "FinishedAt": "0001-01-01T00:00:00Z" if state == "running" else "2026-03-01T09:30:00Z",
        },
        "Image": "sha256:" + "ab" * 32, "Name": f"/{name}", "RestartCount": restarts,
        "Config": {"Hostname": name[:12], "Image": image, "Labels": {}},
        "HostConfig": {"RestartPolicy": {"Name": "unless-stopped"}},
    }
    if health:
        inspect["State"]["Health"] = {
            "Status": health, "FailingStreak": 3 if health == "unhealthy" else 0,
            "Log": [{"Start": "2026-03-01T09:59:30Z", "End": "2026-03-01T09:59:31Z", "ExitCode": 0 if health == "healthy" else 1, "Output": last_check}],
        }
    return inspect


def _docker_summary(inspect: dict[str, Any]) -> dict[str, Any]:
    state = inspect["State"]
    if state["Status"] == "running":
        status = "Up 2 hours" + (f" ({state['Health']['Status']})" if "Health" in state else "")
    else:
        status = f"Exited ({state['ExitCode']}) 30 minutes ago"
    return {
        "Id": inspect["Id"], "Names": [inspect["Name"]], "Image": inspect["Config"]["Image"], "ImageID": inspect["Image"],
        "Command": "/init", "Created": 1_772_355_600, "State": state["Status"], "Status": status, "Ports": [], "Labels": {},
        "HostConfig": {"NetworkMode": "bridge"}, "Mounts": [],
    }


class FakeDocker(PlatformFake):
    """The Docker Engine API over TCP (as a read-only socket proxy exposes it)."""

    def __init__(self, containers: list[dict[str, Any]]) -> None:
        self.containers = containers
        super().__init__()

    def answer(self, call: Call) -> Answer:
        path = _path(call)
        if call.method == "GET" and path == "/containers/json":
            shown = self.containers if _query(call).get("all") in ("1", "true") else [c for c in self.containers if c["State"]["Running"]]
            return Answer(200, [_docker_summary(c) for c in shown])
        one = re.fullmatch(r"/containers/([^/]+)/json", path)
        if call.method == "GET" and one:
            wanted = one.group(1)
            found = next((c for c in self.containers if c["Name"] == f"/{wanted}" or c["Id"].startswith(wanted)), None)
            return Answer(200, found) if found else Answer(404, {"message": f"No such container: {wanted}"})
        return Answer(404, {"message": "page not found"})


class FakeJellyfin(PlatformFake):
    """Jellyfin's item search over its library: ``(name, type, year)`` items."""

    def __init__(self, key: str, library: list[tuple[str, str, int]]) -> None:
        self.key = key
        self.library = library
        super().__init__()

    def answer(self, call: Call) -> Answer:
        if f'Token="{self.key}"' not in (call.header("Authorization") or "") or not (call.header("Authorization") or "").startswith("MediaBrowser "):
            return Answer(401, raw=b"")
        if call.method != "GET" or _path(call) != "/Items":
            return Answer(404, raw=b"")
        query = _query(call)
        term = query.get("searchTerm", "").casefold()
        types = set(query.get("IncludeItemTypes", "Movie,Series").split(","))
        items = [
            {"Name": name, "ServerId": "f00d", "Id": f"{index:032x}", "ProductionYear": year, "IsFolder": kind == "Series",
             "Type": kind, "MediaType": "Video" if kind == "Movie" else "Unknown", "UserData": {"Played": False}}
            for index, (name, kind, year) in enumerate(self.library, 1)
            if term in name.casefold() and kind in types
        ][: int(query.get("Limit", "100"))]
        return Answer(200, {"Items": items, "TotalRecordCount": len(items), "StartIndex": 0})


class FakeArr(PlatformFake):
    """What Radarr and Sonarr share: lookup, quality profiles, root folders, add."""

    resource = ""  # movie | series
    id_field = ""  # tmdbId | tvdbId
    root = ""

    def __init__(self, key: str, catalog: list[dict[str, Any]]) -> None:
        self.key = key
        self.catalog = catalog  # lookup entries; those with an "id" are in the service already
        self.added: list[dict[str, Any]] = []
        super().__init__()

    def answer(self, call: Call) -> Answer:
        if call.header("X-Api-Key") != self.key:
            return Answer(401, raw=b"")
        path = _path(call)
        if call.method == "GET" and path == f"/api/v3/{self.resource}/lookup":
            term = _query(call).get("term", "").casefold()
            return Answer(200, [entry for entry in self.catalog if term in entry["title"].casefold()])
        if call.method == "GET" and path == "/api/v3/qualityprofile":
            return Answer(200, [{"id": 4, "name": "HD-1080p", "upgradeAllowed": False}, {"id": 6, "name": "Ultra-HD"}])
        if call.method == "GET" and path == "/api/v3/rootfolder":
            return Answer(200, [{"id": 1, "path": self.root, "accessible": True, "freeSpace": 4_000_000_000_000}])
        if call.method == "POST" and path == f"/api/v3/{self.resource}":
            return self._add(call.json)
        return Answer(404, raw=b"")

    def _add(self, body: dict[str, Any]) -> Answer:
        missing = [name for name in ("title", self.id_field, "qualityProfileId", "rootFolderPath") if not body.get(name)]
        if missing:
            return Answer(400, [{"propertyName": name[0].upper() + name[1:], "errorMessage": f"'{name}' must not be empty.",
                                 "severity": "error"} for name in missing])
        if any(entry.get("id") and entry[self.id_field] == body[self.id_field] for entry in self.catalog):
            what = "movie" if self.resource == "movie" else "series"
            return Answer(400, [{"propertyName": self.id_field[0].upper() + self.id_field[1:],
                                 "errorMessage": f"This {what} has already been added", "severity": "error"}])
        created = {**body, "id": 100 + len(self.added), "added": "2026-03-01T10:00:00Z"}
        self.added.append(created)
        for entry in self.catalog:
            if entry[self.id_field] == body[self.id_field]:
                entry["id"] = created["id"]
        return Answer(201, created)


class FakeRadarr(FakeArr):
    resource, id_field, root = "movie", "tmdbId", "/data/movies"


class FakeSonarr(FakeArr):
    resource, id_field, root = "series", "tvdbId", "/data/tv"


def radarr_movie(title: str, year: int, tmdb_id: int, *, in_radarr: bool = False, has_file: bool = False) -> dict[str, Any]:
    """A ``/api/v3/movie/lookup`` entry."""
    entry: dict[str, Any] = {
        "title": title, "originalTitle": title, "sortTitle": title.lower(), "status": "released",
        "overview": f"{title}, the film.", "images": [{"coverType": "poster", "remoteUrl": f"https://image.tmdb.org/t/p/original/{tmdb_id}.jpg"}],
        "year": year, "tmdbId": tmdb_id, "imdbId": f"tt{tmdb_id:07d}", "titleSlug": str(tmdb_id), "folder": f"{title} ({year})",
        "monitored": in_radarr, "hasFile": has_file, "added": "0001-01-01T00:00:00Z",
    }
    if in_radarr:
        entry["id"] = tmdb_id % 1000
    return entry


def sonarr_series(title: str, year: int, tvdb_id: int, *, seasons: int = 2, in_sonarr: bool = False) -> dict[str, Any]:
    """A ``/api/v3/series/lookup`` entry."""
    entry: dict[str, Any] = {
        "title": title, "sortTitle": title.lower(), "status": "continuing", "overview": f"{title}, the show.", "network": "Apple TV+",
        "images": [{"coverType": "poster", "remoteUrl": f"https://artworks.thetvdb.com/banners/{tvdb_id}.jpg"}],
        "seasons": [{"seasonNumber": n, "monitored": False} for n in range(1, seasons + 1)],
        "year": year, "tvdbId": tvdb_id, "seriesType": "standard", "titleSlug": title.lower().replace(" ", "-"), "folder": title,
    }
    if in_sonarr:
        entry["id"] = tvdb_id % 1000
        entry["statistics"] = {"episodeFileCount": 9}
    return entry
