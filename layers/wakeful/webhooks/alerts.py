"""Alert notifications as events: the ``alertmanager`` and ``grafana`` providers.

Prometheus Alertmanager's webhook receiver and Grafana alerting's webhook contact point
post the same JSON shape: a group notification ``{receiver, status, alerts: [...],
groupLabels, commonLabels, commonAnnotations, externalURL, groupKey, ...}`` whose
``alerts`` are ``{status, labels, annotations, startsAt, endsAt, generatorURL,
fingerprint, ...}`` (Grafana adds ``values``, ``silenceURL``, ``dashboardURL``…).

Each alert becomes one event:

- its type is the webhook's ``metadata.event_map[alertname]`` when the map names it
  (``{"HostHighCpu": "cpu_high"}``), else the value of the alert's label named by
  ``metadata.event_label`` when the webhook has one and the value is an event type,
  else ``alert_`` + the alert name in snake case (``HostHighCpu`` →
  ``alert_host_high_cpu``); ``_resolved`` is appended when the alert is resolved;
- its payload is the alert as sent, with ``alertname``, the group's ``receiver``,
  ``groupKey`` and ``externalURL``, and each label again at the top level (unless the
  payload already has a field of that name), so a thread trigger's or a wait's
  ``match`` can name one (``{"instance": "nas:9100"}``);
- its delivery key is the alert's ``fingerprint`` (or a hash of its labels), status and
  ``startsAt``: the same alert in the same state, sent again (Alertmanager repeats a
  group every ``repeat_interval`` and whenever one of its alerts changes), is one event.

Pure functions: no I/O.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any, Mapping

from wakeful.structs import Struct

#: The providers whose body is an alert notification, authenticated by a bearer token.
ALERT_PROVIDERS = ("alertmanager", "grafana")
MAX_ALERTS = 100
RESOLVED = "resolved"
FIRING = "firing"
STATUSES = (FIRING, RESOLVED)
RESOLVED_SUFFIX = "_resolved"
PREFIX = "alert_"
EVENT_MAP = "event_map"
EVENT_LABEL = "event_label"
MAX_MAP_ENTRIES = 200
MAX_ALERTNAME = 200
#: An event type names at most 100 characters, ``_resolved`` included.
MAX_MAPPED_TYPE = 100 - len(RESOLVED_SUFFIX)
MAPPED_TYPE = re.compile(rf"[A-Za-z][A-Za-z0-9_]{{0,{MAX_MAPPED_TYPE - 1}}}")
LABEL_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,127}")
GROUP_FIELDS = ("receiver", "groupKey", "externalURL")
_ACRONYM = re.compile(r"([A-Z]+)([A-Z][a-z])")
_WORD = re.compile(r"([a-z0-9])([A-Z])")
_NOT_WORD = re.compile(r"[^A-Za-z0-9]+")


class AlertBodyError(ValueError):
    """The body is not an alert notification this module can read."""


class Alert(Struct):
    """One alert of a notification, as an event: its type, payload and delivery key."""

    event_type: str
    payload: dict[str, Any]
    key: str


def snake(name: str) -> str:
    """``HostHighCpu`` → ``host_high_cpu``, ``HighCPUUsage`` → ``high_cpu_usage``,
    ``High memory usage`` → ``high_memory_usage``; ``unnamed`` when nothing is left."""
    text = _WORD.sub(r"\1_\2", _ACRONYM.sub(r"\1_\2", name))
    return _NOT_WORD.sub("_", text).strip("_").lower() or "unnamed"


def event_type_of(alertname: str, labels: Mapping[str, Any], status: str, metadata: Mapping[str, Any] | None) -> str:
    """The event type of one alert (module docstring)."""
    metadata = metadata or {}
    mapped = (metadata.get(EVENT_MAP) or {}).get(alertname)
    if not isinstance(mapped, str) or not MAPPED_TYPE.fullmatch(mapped):
        label = metadata.get(EVENT_LABEL)
        value = labels.get(label) if isinstance(label, str) else None
        mapped = value if isinstance(value, str) and MAPPED_TYPE.fullmatch(value) else None
    kind = mapped or (PREFIX + snake(alertname))[:MAX_MAPPED_TYPE].rstrip("_")
    return kind + RESOLVED_SUFFIX if status == RESOLVED else kind


def parse(data: Any, metadata: Mapping[str, Any] | None) -> list[Alert]:
    """The events of a notification body (parsed JSON), in the order of its alerts.

    Raises:
        AlertBodyError: not an object with 1 to :data:`MAX_ALERTS` alerts of the shape
            above.
    """
    if not isinstance(data, dict):
        raise AlertBodyError("the body must be a JSON object with an alerts array")
    alerts = data.get("alerts")
    if not isinstance(alerts, list) or not alerts:
        raise AlertBodyError("the body has no alerts (a non-empty alerts array)")
    if len(alerts) > MAX_ALERTS:
        raise AlertBodyError(f"{len(alerts)} alerts in one notification; at most {MAX_ALERTS} (set max_alerts on the sender)")
    group = {name: data[name] for name in GROUP_FIELDS if isinstance(data.get(name), str)}
    return [_alert(index, alert, group, metadata) for index, alert in enumerate(alerts)]


def _alert(index: int, alert: Any, group: dict[str, Any], metadata: Mapping[str, Any] | None) -> Alert:
    where = f"alerts[{index}]"
    if not isinstance(alert, dict):
        raise AlertBodyError(f"{where} must be an object")
    status = alert.get("status")
    if status not in STATUSES:
        raise AlertBodyError(f"{where}.status must be firing or resolved")
    labels = alert.get("labels")
    if labels is None:
        labels = {}
    if not isinstance(labels, dict) or not all(isinstance(v, str) for v in labels.values()):
        raise AlertBodyError(f"{where}.labels must be an object of strings")
    if alert.get("annotations") is not None and not isinstance(alert["annotations"], dict):
        raise AlertBodyError(f"{where}.annotations must be an object")
    alertname = str(labels.get("alertname") or "")[:MAX_ALERTNAME]
    payload: dict[str, Any] = {"alertname": alertname, **alert, **{k: v for k, v in group.items() if k not in alert}}
    for name, value in labels.items():
        payload.setdefault(name, value)
    return Alert(event_type_of(alertname, labels, status, metadata), payload, _key(alert, labels, status))


def _key(alert: dict[str, Any], labels: dict[str, Any], status: str) -> str:
    fingerprint = alert.get("fingerprint")
    if not isinstance(fingerprint, str) or not fingerprint:
        canonical = json.dumps(labels, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        fingerprint = "labels-" + hashlib.sha256(canonical.encode("utf-8", "surrogatepass")).hexdigest()[:32]
    starts = alert.get("startsAt")
    return f"alert:{fingerprint[:64]}:{status}:{str(starts)[:64] if starts is not None else ''}"


def bearer_secret_problem(secret: str) -> str | None:
    """Why a chosen secret cannot be a bearer token (None: it can): it travels in the
    ``Authorization`` header, so visible ASCII only, no spaces."""
    if not secret.isascii() or not all(33 <= ord(c) <= 126 for c in secret):
        return "an alertmanager or grafana secret travels in the Authorization header: visible ASCII characters only, no spaces"
    return None


def check_metadata(metadata: Mapping[str, Any] | None) -> None:
    """Check an alert webhook's ``metadata.event_map`` and ``metadata.event_label``.

    Raises:
        ValueError: with a message naming what is wrong (the API answers 422).
    """
    if not metadata:
        return
    event_map = metadata.get(EVENT_MAP)
    if event_map is not None:
        if not isinstance(event_map, dict):
            raise ValueError("metadata.event_map must be an object of alert name to event type")
        if len(event_map) > MAX_MAP_ENTRIES:
            raise ValueError(f"metadata.event_map has {len(event_map)} entries; at most {MAX_MAP_ENTRIES}")
        for alertname, kind in event_map.items():
            if not alertname or len(alertname) > MAX_ALERTNAME:
                raise ValueError(f"metadata.event_map: an alert name is 1 to {MAX_ALERTNAME} characters")
            if not isinstance(kind, str) or not MAPPED_TYPE.fullmatch(kind):
                raise ValueError(
                    f"metadata.event_map[{alertname[:60]!r}] must be an event type: a letter, then letters, digits or "
                    f"underscores, at most {MAX_MAPPED_TYPE} characters (room for {RESOLVED_SUFFIX})"
                )
    label = metadata.get(EVENT_LABEL)
    if label is not None and (not isinstance(label, str) or not LABEL_NAME.fullmatch(label)):
        raise ValueError("metadata.event_label must be a label name (a letter or _, then letters, digits or _)")
