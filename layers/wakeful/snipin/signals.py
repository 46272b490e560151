"""What WebhookHandler makes of an external event: a *signal* ``{source, trigger, data}``
the model decides about.

An event in SnipIn's own shape (``WEBHOOK_TRIGGER``, ``EXTERNAL_*``: a payload of
``{source, trigger, data}``) is read as it is. A provider's event, as the inbound
webhooks append it (``github_<event>``, ``stripe_<type>``, ``alert_<name>``; see
docs/webhooks.md), carries the provider's own body: it is read for what it is about
(a GitHub release's repository, name, tag and notes; an issue's or pull request's title;
an alert's summary; a Stripe object), so the model is told the news, not a page of JSON.
A provider event that is about nothing an agent could post (GitHub's ``ping``, a body
with no subject) is no signal: the handler says so in its action's output instead of
asking the model.
"""

from __future__ import annotations

from typing import Any

#: Event type prefixes of the webhook providers' events WebhookHandler reads.
PROVIDER_PREFIXES = ("github_", "stripe_", "alert_")
#: How much of a provider's free text (release notes, an issue's body) the model sees.
MAX_TEXT = 1500


def is_provider_event(event_type: str) -> bool:
    """Whether ``event_type`` is one of a webhook provider's events."""
    return event_type.startswith(PROVIDER_PREFIXES)


def signal_of(event_type: str, payload: dict[str, Any]) -> dict[str, Any] | None:
    """The signal of an event (None: a provider event about nothing to act on)."""
    if event_type.startswith("github_"):
        return _github(event_type.removeprefix("github_"), payload)
    if event_type.startswith("stripe_"):
        return _stripe(event_type, payload)
    if event_type.startswith("alert_"):
        return _alert(event_type, payload)
    return {
        "source": payload.get("source") or "external",
        "trigger": payload.get("trigger") or event_type,
        "data": payload.get("data") if "data" in payload else {k: v for k, v in payload.items() if k not in ("source", "trigger")},
    }


def _object(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _text(value: Any) -> str | None:
    return value.strip()[:MAX_TEXT] if isinstance(value, str) and value.strip() else None


def _github(kind: str, payload: dict[str, Any]) -> dict[str, Any] | None:
    """A GitHub delivery: what it is about is the body's field named after the event
    (``release``, ``issue``, ``pull_request``, ...); a push is about its head commit."""
    subject = _github_subject(kind, payload)
    title = (_text(subject.get("name")) or _text(subject.get("title")) or _text(subject.get("tag_name"))) if subject else None
    if subject is None or title is None:
        return None
    repository, sender = _object(payload.get("repository")), _object(payload.get("sender"))
    data = {
        "title": title,
        "repository": repository.get("full_name"),
        "action": payload.get("action"),
        "url": subject.get("html_url"),
        "tag": subject.get("tag_name"),
        "text": _text(subject.get("body")),
        "labels": [str(label["name"]) for label in subject.get("labels") or [] if isinstance(label, dict) and label.get("name")],
        "by": sender.get("login"),
        "draft": subject.get("draft"),
        "prerelease": subject.get("prerelease"),
    }
    action = payload.get("action")
    return {"source": "github", "trigger": f"{kind} {action}" if action else kind, "data": {k: v for k, v in data.items() if v not in (None, [], "")}}


def _github_subject(kind: str, payload: dict[str, Any]) -> dict[str, Any] | None:
    if kind == "push":
        commit = payload.get("head_commit")
        message = _text(commit.get("message")) if isinstance(commit, dict) else None
        return {"title": message.splitlines()[0], "html_url": commit.get("url")} if message and isinstance(commit, dict) else None
    subject = payload.get(kind)
    return subject if isinstance(subject, dict) else None


def _stripe(event_type: str, payload: dict[str, Any]) -> dict[str, Any] | None:
    """A Stripe event: its type and the object it carries."""
    obj = _object(_object(payload.get("data")).get("object"))
    if not obj:
        return None
    what = _text(obj.get("description")) or _text(obj.get("name")) or obj.get("id")
    kind = str(payload.get("type") or event_type.removeprefix("stripe_"))
    data = {"title": f"{kind}: {what}" if what else kind, "object": obj.get("object"), "id": obj.get("id"), "amount": obj.get("amount"), "currency": obj.get("currency"), "status": obj.get("status")}
    return {"source": "stripe", "trigger": kind, "data": {k: v for k, v in data.items() if v is not None}}


def _alert(event_type: str, payload: dict[str, Any]) -> dict[str, Any] | None:
    """An alert of Alertmanager or Grafana (one event per alert)."""
    annotations = _object(payload.get("annotations"))
    name = _text(payload.get("alertname"))
    title = _text(annotations.get("summary")) or name
    if title is None:
        return None
    labels = _object(payload.get("labels"))
    data = {
        "title": title,
        "status": payload.get("status"),
        "description": _text(annotations.get("description")),
        "labels": [str(v) for v in labels.values() if isinstance(v, str)][:8],
        "started_at": payload.get("startsAt"),
        "url": payload.get("generatorURL"),
    }
    return {"source": "alerts", "trigger": event_type, "data": {k: v for k, v in data.items() if v not in (None, [], "")}}
