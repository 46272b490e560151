"""Radarr's and Sonarr's "Webhook" connections as the homelab's download events.

Both post JSON with an ``eventType`` (their Settings → Connect → Webhook, method POST,
with a username and password the homelab service checks as HTTP Basic authentication):

- ``Grab`` (a release sent to the download client) → ``download_started``;
- ``Download`` (the file imported into the library) → ``download_complete``;
- ``ManualInteractionRequired`` (an import that needs a person) → ``download_failed``;
- ``Test`` (the connection's Test button) and every other type → no event.

The event's payload says which service (``source``), the title and year, and what the
agent can tell people: quality, whether it was an upgrade, the episodes (Sonarr), the
download client. Pure functions: the service pushes the events through its webhook.
"""

from __future__ import annotations

from typing import Any

from wakeful_dev.homelab.world import Event

EVENT_TYPES = {"Grab": "download_started", "Download": "download_complete", "ManualInteractionRequired": "download_failed"}
PRIORITIES = {"download_failed": 3}
MAX_EPISODES = 50


def event_of(body: Any) -> Event | None:
    """The event of one Radarr or Sonarr webhook body (None: nothing to tell).

    Raises:
        ValueError: not a body of theirs.
    """
    if not isinstance(body, dict) or not isinstance(body.get("eventType"), str):
        raise ValueError("not a Radarr or Sonarr webhook: no eventType")
    event_type = EVENT_TYPES.get(body["eventType"])
    if event_type is None:
        return None
    item, source = (body.get("movie"), "radarr") if isinstance(body.get("movie"), dict) else (body.get("series"), "sonarr")
    if not isinstance(item, dict):
        raise ValueError("a Radarr or Sonarr webhook names a movie or a series")
    payload: dict[str, Any] = {"source": str(body.get("instanceName") or source).lower(), "title": item.get("title"), "year": item.get("year")}
    payload.update(_details(body))
    return Event(event_type, {k: v for k, v in payload.items() if v is not None}, PRIORITIES.get(event_type, 5))


def _details(body: dict[str, Any]) -> dict[str, Any]:
    release: dict[str, Any] = body["release"] if isinstance(body.get("release"), dict) else {}
    file: dict[str, Any] = next((body[k] for k in ("movieFile", "episodeFile") if isinstance(body.get(k), dict)), {})
    episodes = [
        {"season": e.get("seasonNumber"), "episode": e.get("episodeNumber"), "title": e.get("title")}
        for e in (body.get("episodes") or [])[:MAX_EPISODES]
        if isinstance(e, dict)
    ]
    return {
        "quality": file.get("quality") or release.get("quality"),
        "release": release.get("releaseTitle"),
        "size_bytes": release.get("size") or file.get("size"),
        "is_upgrade": body.get("isUpgrade") if body.get("eventType") == "Download" else None,
        "episodes": episodes or None,
        "download_client": body.get("downloadClient"),
    }
