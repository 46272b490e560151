"""The media tools against their services' APIs.

- ``search_media``: Jellyfin's ``GET /Items?searchTerm=…&IncludeItemTypes=Movie,Series
  &Recursive=true`` (what the library has).
- ``request_movie``: Radarr's ``GET /api/v3/movie/lookup?term=…``, then ``POST
  /api/v3/movie`` with the match, monitored and searched for at once.
- ``request_show``: Sonarr's ``GET /api/v3/series/lookup?term=…``, then ``POST
  /api/v3/series``, every season monitored and missing episodes searched for.

A lookup answers several matches: the one whose title is the title asked (and year, when
given) wins, else the first of the year, else the first. A match already on the wanted
list (it has an ``id``) is not added again. The quality profile and root folder are the
service's first ones unless ``WAKEFUL_HOMELAB_<RADARR|SONARR>_QUALITY_PROFILE_ID`` and
``…_ROOT_FOLDER`` say otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from wakeful_dev.homelab.backends import Api, BackendError, Deadline
from wakeful_dev.homelab.exceptions import ToolInputError

MAX_RESULTS = 20
MAX_QUERY = 200


@dataclass(frozen=True)
class Arr:
    """What differs between Radarr and Sonarr."""

    kind: str  # "movie" | "show"
    lookup: str
    add: str
    id_field: str  # the lookup's external id: tmdbId | tvdbId
    answer_id: str  # the answer's name for it
    copied: tuple[str, ...]  # fields of the lookup's match the add takes as they are
    add_fields: Mapping[str, Any]


RADARR = Arr(
    "movie", "/api/v3/movie/lookup", "/api/v3/movie", "tmdbId", "tmdb_id",
    ("title", "year", "tmdbId", "titleSlug", "images"),
    {"monitored": True, "minimumAvailability": "released", "addOptions": {"searchForMovie": True}},
)
SONARR = Arr(
    "show", "/api/v3/series/lookup", "/api/v3/series", "tvdbId", "tvdb_id",
    ("title", "year", "tvdbId", "titleSlug", "images", "seasons", "seriesType"),
    {"monitored": True, "seasonFolder": True, "languageProfileId": 1,
     "addOptions": {"monitor": "all", "searchForMissingEpisodes": True}},
)


def query_of(arguments: Mapping[str, Any], name: str) -> str:
    value = arguments.get(name)
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_QUERY:
        raise ToolInputError(f"`{name}` (1 to {MAX_QUERY} characters) is required")
    return value.strip()


def year_of(arguments: Mapping[str, Any]) -> int | None:
    year = arguments.get("year")
    if year is None:
        return None
    if isinstance(year, bool) or not isinstance(year, int) or not 1870 <= year <= 2100:
        raise ToolInputError("`year` must be a year, e.g. 2021")
    return year


def search(jellyfin: Api, query: str, deadline: Deadline) -> dict[str, Any]:
    """What Jellyfin's library holds that matches ``query``."""
    params = {"searchTerm": query, "IncludeItemTypes": "Movie,Series", "Recursive": "true", "Limit": MAX_RESULTS, "Fields": "ProductionYear"}
    answer = jellyfin.get("/Items", deadline, params=params) or {}
    items = answer.get("Items") if isinstance(answer, dict) else None
    if not isinstance(items, list):
        raise BackendError("Jellyfin's answer has no Items list")
    results = [
        {"name": i.get("Name"), "type": {"Movie": "movie", "Series": "show"}.get(str(i.get("Type")), i.get("Type")),
         "year": i.get("ProductionYear"), "id": i.get("Id")}
        for i in items if isinstance(i, dict)
    ]
    return {"source": "jellyfin", "query": query, "results": results, "found": len(results)}


def request(arr: Arr, api: Api, title: str, year: int | None, deadline: Deadline, options: Mapping[str, str]) -> dict[str, Any]:
    """Look ``title`` up and add the match to the wanted list (module docstring)."""
    found = api.get(arr.lookup, deadline, params={"term": title}) or []
    candidates = [item for item in found if isinstance(item, dict)] if isinstance(found, list) else []
    match = choose(candidates, title, year)
    source = api.name.lower()
    if match is None:
        return {"source": source, "requested": False, "reason": f"{api.name} found no {arr.kind} called {title!r}"
                + (f" from {year}" if year else ""), "candidates": [brief(arr, c) for c in candidates[:5]]}
    if match.get("id"):
        return {"source": source, "requested": False, "already_requested": True, "in_library": in_library(match), **brief(arr, match)}
    body = {**{k: match[k] for k in arr.copied if k in match}, **arr.add_fields,
            "qualityProfileId": _profile(api, deadline, options), "rootFolderPath": _root_folder(api, deadline, options)}
    added = api.post(arr.add, deadline, body) or {}
    others = [brief(arr, c) for c in candidates[:4] if c is not match]
    return {"source": source, "requested": True, "searching": True, **brief(arr, match),
            f"{source}_id": added.get("id") if isinstance(added, dict) else None, "other_matches": others}


def choose(candidates: list[dict[str, Any]], title: str, year: int | None) -> dict[str, Any] | None:
    """The match for ``title`` (and ``year``) among a lookup's answers."""
    fitting = [c for c in candidates if year is None or c.get("year") == year]
    exact = [c for c in fitting if str(c.get("title") or "").casefold() == title.casefold()]
    found = exact or fitting
    return found[0] if found else None


def brief(arr: Arr, item: Mapping[str, Any]) -> dict[str, Any]:
    return {"title": item.get("title"), "year": item.get("year"), arr.answer_id: item.get(arr.id_field)}


def in_library(item: Mapping[str, Any]) -> bool:
    """Whether the service has the files (Radarr: ``hasFile``; Sonarr: episode files)."""
    statistics = item.get("statistics") or {}
    return bool(item.get("hasFile") or (isinstance(statistics, dict) and statistics.get("episodeFileCount")))


def _profile(api: Api, deadline: Deadline, options: Mapping[str, str]) -> int:
    chosen = options.get("quality_profile_id")
    if chosen:
        return int(chosen)
    profiles = api.get("/api/v3/qualityprofile", deadline) or []
    if not profiles or not isinstance(profiles, list) or not isinstance(profiles[0], dict):
        raise BackendError(f"{api.name} has no quality profile")
    return int(profiles[0]["id"])


def _root_folder(api: Api, deadline: Deadline, options: Mapping[str, str]) -> str:
    chosen = options.get("root_folder")
    if chosen:
        return chosen
    folders = api.get("/api/v3/rootfolder", deadline) or []
    if not folders or not isinstance(folders, list) or not isinstance(folders[0], dict):
        raise BackendError(f"{api.name} has no root folder")
    return str(folders[0]["path"])
