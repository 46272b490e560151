"""Channel records: a channel (table ``channels``), a delivery (``channel_deliveries``),
an inbound request row (``channel_requests``) and a link (``channel_links``).

Frozen dataclasses, so that the inbound, worker and delivery functions never import
pydantic. Each has ``from_item`` (attributes an older version did not write take their
defaults), ``to_item`` (None fields left out) and, where the API shows it, ``public()``
(a channel's view is its routes': its platform names its fields and URLs).
A channel's secrets are one sealed blob (``secrets_sealed``): the API's view never
shows it, and :func:`secrets_of` unseals it where a platform call needs it.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Self

from wakeful import clock, secrets
from wakeful.channels import models
from wakeful.items import item_of, opt_float, opt_int, value_or

__all__ = ["Channel", "ChannelDelivery", "ChannelLink", "ChannelRequest", "secret_context", "secrets_of"]

_CACHE_SIZE = 256
_unsealed: OrderedDict[str, dict[str, str]] = OrderedDict()


def secret_context(channel_id: str) -> dict[str, str]:
    """The KMS encryption context binding a channel's secrets to it."""
    return {"channel": channel_id}


def seal_secrets(channel_id: str, values: Mapping[str, str]) -> str:
    """The secret config fields, sealed as one blob."""
    return secrets.seal(json.dumps(dict(values), sort_keys=True), context=secret_context(channel_id))


def _tuple(value: Any) -> tuple[str, ...] | None:
    """Stored user ids, as text (the one form they are compared in)."""
    return None if value is None else tuple(str(v) for v in value)


@dataclass(frozen=True, slots=True)
class Channel:
    """A channel of an owner: where one agent meets people (``kind``), the public part
    of its config (``config``) and its secrets, sealed (``secrets_sealed``)."""

    channel_id: str
    owner: str
    kind: str
    name: str
    agent_id: str
    config: Mapping[str, Any]
    secrets_sealed: str | None = None
    allowed_users: tuple[str, ...] | None = None  # None: anyone in the conversation
    created_at: float | None = None
    updated_at: float | None = None

    @classmethod
    def from_item(cls, item: Mapping[str, Any]) -> Self:
        """Build from a ``channels`` item."""
        return cls(
            channel_id=item["channel_id"],
            owner=item["owner"],
            kind=item["kind"],
            name=item["name"],
            agent_id=item["agent_id"],
            config=dict(item.get("config") or {}),
            secrets_sealed=item.get("secrets_sealed"),
            allowed_users=_tuple(item.get("allowed_users")),
            created_at=opt_float(item.get("created_at")),
            updated_at=opt_float(item.get("updated_at")),
        )

    def to_item(self) -> dict[str, Any]:
        """The ``channels`` item."""
        return item_of(self)

    def allows(self, user: str | None) -> bool:
        """Whether a platform user may talk to the agent and press its buttons."""
        if self.allowed_users is None:
            return True
        return user is not None and str(user) in self.allowed_users


def secrets_of(channel: Channel) -> dict[str, str]:
    """The channel's secret config fields, unsealed (cached by the sealed blob, so a
    channel whose secrets change is unsealed again)."""
    sealed = channel.secrets_sealed
    if not sealed:
        return {}
    found = _unsealed.get(sealed)
    if found is not None:
        _unsealed.move_to_end(sealed)
        return found
    value = json.loads(secrets.unseal(sealed, context=secret_context(channel.channel_id)))
    _unsealed[sealed] = value
    if len(_unsealed) > _CACHE_SIZE:
        _unsealed.popitem(last=False)
    return value


@dataclass(frozen=True, slots=True)
class ChannelDelivery:
    """One message to a channel: what it answers (``kind``, and the id derived from it),
    where it goes (``target``, ``conversation``), what it says (``message``) and where
    it stands (``status``: pending, delivered or failed). ``parts_sent`` counts the
    parts of a long message already posted, so a retry never posts one twice."""

    delivery_id: str
    channel_id: str
    owner: str
    agent_id: str
    kind: str
    target: str
    message: Mapping[str, Any]
    status: str = models.PENDING
    conversation: str | None = None
    thread_id: str | None = None
    attempts: int = 0
    parts_sent: int = 0
    error: str | None = None
    last_status_code: int | None = None
    message_ids: tuple[str, ...] = ()
    not_before: float | None = None
    lease_until: float | None = None
    created_at: float | None = None
    updated_at: float | None = None
    delivered_at: float | None = None
    expires_at: int | None = None

    @classmethod
    def from_item(cls, item: Mapping[str, Any]) -> Self:
        """Build from a ``channel_deliveries`` item."""
        return cls(
            delivery_id=item["delivery_id"],
            channel_id=item["channel_id"],
            owner=item["owner"],
            agent_id=item["agent_id"],
            kind=item["kind"],
            target=item["target"],
            message=dict(item.get("message") or {}),
            status=value_or(item, "status", models.PENDING),
            conversation=item.get("conversation"),
            thread_id=item.get("thread_id"),
            attempts=int(value_or(item, "attempts", 0)),
            parts_sent=int(value_or(item, "parts_sent", 0)),
            error=item.get("error"),
            last_status_code=opt_int(item.get("last_status_code")),
            message_ids=tuple(item.get("message_ids") or ()),
            not_before=opt_float(item.get("not_before")),
            lease_until=opt_float(item.get("lease_until")),
            created_at=opt_float(item.get("created_at")),
            updated_at=opt_float(item.get("updated_at")),
            delivered_at=opt_float(item.get("delivered_at")),
            expires_at=opt_int(item.get("expires_at")),
        )

    def to_item(self) -> dict[str, Any]:
        """The ``channel_deliveries`` item."""
        return item_of(self)

    def public(self) -> dict[str, Any]:
        """The API view (``GET /channels/{id}/deliveries``; not the message itself)."""
        return {
            "id": self.delivery_id,
            "channel_id": self.channel_id,
            "target": self.target,
            "kind": self.kind,
            "status": self.status,
            "attempts": self.attempts,
            "error": self.error,
            "thread_id": self.thread_id,
            "created_at": clock.iso(self.created_at),
            "delivered_at": clock.iso(self.delivered_at),
        }


@dataclass(frozen=True, slots=True)
class ChannelRequest:
    """One inbound platform request and what became of it (``status``: one of
    :data:`wakeful.channels.models.REQUEST_STATUSES`; ``reason`` says why it was not
    accepted; ``outcome`` what the worker then did with it)."""

    channel_id: str  # as sent, for an unknown id too
    request_id: str
    route: str
    status: str
    http_status: int | None = None
    reason: str | None = None
    event_type: str | None = None
    event_id: str | None = None
    user: str | None = None
    signature_valid: bool = False
    outcome: str | None = None
    thread_id: str | None = None
    source_ip: str | None = None
    body_bytes: int | None = None
    received_at: float | None = None
    expires_at: int | None = None
    #: A counted item (the requests of one minute refused for one reason before their
    #: signature was valid): how many, and when the last came. None for a request's row.
    count: int | None = None
    last_received_at: float | None = None

    @classmethod
    def from_item(cls, item: Mapping[str, Any]) -> Self:
        """Build from a ``channel_requests`` row or counted item (not a ``seen#`` marker)."""
        return cls(
            channel_id=item["channel_id"],
            request_id=item["request_id"],
            route=value_or(item, "route", ""),
            status=value_or(item, "status", models.REJECTED),
            http_status=opt_int(item.get("http_status")),
            reason=item.get("reason"),
            event_type=item.get("event_type"),
            event_id=item.get("event_id"),
            user=item.get("user"),
            signature_valid=bool(value_or(item, "signature_valid", False)),
            outcome=item.get("outcome"),
            thread_id=item.get("thread_id"),
            source_ip=item.get("source_ip"),
            body_bytes=opt_int(item.get("body_bytes")),
            received_at=opt_float(item.get("received_at")),
            expires_at=opt_int(item.get("expires_at")),
            count=opt_int(item.get("count")),
            last_received_at=opt_float(item.get("last_received_at")),
        )

    def to_item(self) -> dict[str, Any]:
        """The ``channel_requests`` row."""
        return item_of(self)

    def public(self) -> dict[str, Any]:
        """The API view (``GET /channels/{id}/requests``)."""
        return {
            "id": self.request_id,
            "channel_id": self.channel_id,
            "route": self.route,
            "status": self.status,
            "http_status": self.http_status,
            "reason": self.reason,
            "event_type": self.event_type,
            "event_id": self.event_id,
            "user": self.user,
            "signature_valid": self.signature_valid,
            "outcome": self.outcome,
            "thread_id": self.thread_id,
            "source_ip": self.source_ip,
            "received_at": clock.iso(self.received_at),
            "count": self.count or 1,
            "last_received_at": clock.iso(self.last_received_at or self.received_at),
        }


@dataclass(frozen=True, slots=True)
class ChannelLink:
    """What a platform id stands for in a channel: a message's thread (``msg#...``: a
    reply continues it), a button's tool call (``approval#<ref>``), or the last message
    a person sent a thread (``last#<thread>``: its answer replies to it). A Discord slash
    command's interaction token (valid 15 minutes: the answer follows up with it) is
    kept sealed, never in the thread."""

    channel_id: str
    link_key: str
    agent_id: str
    thread_id: str
    tool_call_id: str | None = None
    token_sealed: str | None = None
    application_id: str | None = None
    message_id: str | None = None
    created_at: float | None = None
    expires_at: int | None = None

    @classmethod
    def from_item(cls, item: Mapping[str, Any]) -> Self:
        """Build from a ``channel_links`` item."""
        return cls(
            channel_id=item["channel_id"],
            link_key=item["link_key"],
            agent_id=item["agent_id"],
            thread_id=item["thread_id"],
            tool_call_id=item.get("tool_call_id"),
            token_sealed=item.get("token_sealed"),
            application_id=item.get("application_id"),
            message_id=item.get("message_id"),
            created_at=opt_float(item.get("created_at")),
            expires_at=opt_int(item.get("expires_at")),
        )

    def to_item(self) -> dict[str, Any]:
        """The ``channel_links`` item."""
        return item_of(self)
