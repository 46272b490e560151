"""``get_container_status`` against the Docker Engine API: ``GET /containers/json?all=true``
(every container, stopped ones too) and ``GET /containers/{name}/json`` (one, with its
health check's state and last output, exit code, restarts)."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from wakeful_dev.homelab.backends import Api, ApiStatus, BackendError, Deadline, container_path

_HEALTH = re.compile(r"\((healthy|unhealthy|health: starting)\)")


def listing(containers: list[dict[str, Any]], source: str) -> dict[str, Any]:
    """The answer for every container: each one, and what the agent looks at first."""
    states = Counter(c.get("state") for c in containers)
    return {
        "source": source,
        "containers": containers,
        "running": states["running"],
        "not_running": len(containers) - states["running"],
        "unhealthy": [c["name"] for c in containers if c.get("health") == "unhealthy"],
    }


def status(docker: Api, container: str | None, deadline: Deadline) -> dict[str, Any]:
    """Every container (``container`` None) or one in detail, as the Docker Engine says."""
    if container:
        try:
            item = docker.get(f"/containers/{container_path(container)}/json", deadline)
        except ApiStatus as error:
            if error.status == 404:
                raise BackendError(f"Docker has no container named {container!r}") from None
            raise
        return {"source": "docker", "container": detail(item)}
    items = docker.get("/containers/json", deadline, params={"all": "true"})
    if not isinstance(items, list):
        raise BackendError("Docker's container list is not a list")
    return listing([summary(item) for item in items if isinstance(item, dict)], "docker")


def summary(item: dict[str, Any]) -> dict[str, Any]:
    """One entry of ``GET /containers/json``: the health is in its ``Status`` text
    (``Up 2 hours (healthy)``)."""
    names = item.get("Names") or []
    status_text = str(item.get("Status") or "")
    health = _HEALTH.search(status_text)
    return {
        "name": str(names[0] if names else str(item.get("Id") or "")[:12]).lstrip("/"),
        "image": item.get("Image"),
        "state": item.get("State"),
        "status": status_text,
        "health": (health.group(1).replace("health: ", "") if health else None),
    }


def detail(item: dict[str, Any]) -> dict[str, Any]:
    """``GET /containers/{name}/json``, what matters of it."""
    state = item.get("State") or {}
    health = state.get("Health") or {}
    log = health.get("Log") or []
    last = log[-1] if log and isinstance(log[-1], dict) else {}
    return {
        "name": str(item.get("Name") or "").lstrip("/"),
        "id": str(item.get("Id") or "")[:12],
        "image": (item.get("Config") or {}).get("Image"),
        "state": state.get("Status"),
        "health": health.get("Status"),
        "failing_streak": health.get("FailingStreak"),
        "last_check": str(last.get("Output") or "").strip()[:300] or None,
        "started_at": state.get("StartedAt"),
        "finished_at": state.get("FinishedAt"),
        "exit_code": state.get("ExitCode"),
        "oom_killed": state.get("OOMKilled"),
        "restart_count": item.get("RestartCount"),
        "error": state.get("Error") or None,
    }
