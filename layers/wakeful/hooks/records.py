"""Hook records: a hook (table ``hooks``), a delivery (``hook_deliveries``: one firing of
one hook, its stored body and status) and an attempt row (``hook_executions``).

Frozen dataclasses, so that firing and delivering hooks never import pydantic. Each has
``from_item`` (a DynamoDB item as :mod:`wakeful.ddb` returns it: numbers already int or
float; attributes an older version did not write take their defaults), ``to_item``
(the item to write; None fields left out) and ``public()`` (the API view).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, Self

from wakeful.clock import iso
from wakeful.hooks.models import DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS
from wakeful.items import item_of, opt_float, opt_int, value_or

__all__ = ["Hook", "HookDelivery", "HookExecution"]


def _dict(value: Any) -> dict[str, Any] | None:
    return None if value is None else dict(value)


class _Record:
    """Equality, hash and repr written once for the hook records (``eq=False,
    repr=False`` below), as the dataclass would generate them: generated methods are
    compiled at import, on the cold start of every function that delivers a hook."""

    __slots__ = ()

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, f.name) for f in fields(self))  # type: ignore[arg-type]

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self))  # type: ignore[arg-type]
        return f"{self.__class__.__name__}({shown})"



@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Hook(_Record):
    """A user's endpoint notified of one hook type of one agent.

    ``secret`` and ``auth_header`` are sealed (KMS); neither ever leaves through
    :meth:`public`.
    """

    agent_id: str
    hook_id: str
    owner: str
    hook_type: str
    endpoint_url: str
    secret: str
    is_active: bool = True
    retry_config: dict[str, Any] | None = None
    metadata: dict[str, Any] | None = None
    auth_header: str | None = None
    disabled_reason: str | None = None
    disabled_at: float | None = None
    failing_since: float | None = None
    created_at: float | None = None
    updated_at: float | None = None

    @classmethod
    def from_item(cls, item: Mapping[str, Any]) -> Self:
        """Build from a ``hooks`` item."""
        return cls(
            agent_id=item["agent_id"],
            hook_id=item["hook_id"],
            owner=item["owner"],
            hook_type=item["hook_type"],
            endpoint_url=item["endpoint_url"],
            secret=item["secret"],
            is_active=bool(value_or(item, "is_active", True)),
            retry_config=_dict(item.get("retry_config")),
            metadata=_dict(item.get("metadata")),
            auth_header=item.get("auth_header"),
            disabled_reason=item.get("disabled_reason"),
            disabled_at=opt_float(item.get("disabled_at")),
            failing_since=opt_float(item.get("failing_since")),
            created_at=opt_float(item.get("created_at")),
            updated_at=opt_float(item.get("updated_at")),
        )

    def to_item(self) -> dict[str, Any]:
        """The ``hooks`` item."""
        return item_of(self)

    def public(self) -> dict[str, Any]:
        """The API view (never the secret or the auth header)."""
        return {
            "id": self.hook_id,
            "agent_id": self.agent_id,
            "hook_type": self.hook_type,
            "endpoint_url": self.endpoint_url,
            "is_active": self.is_active,
            "has_auth_header": bool(self.auth_header),
            "retry_config": self.retry_config or {"max_retries": DEFAULT_MAX_RETRIES, "timeout_ms": DEFAULT_TIMEOUT_MS},
            "metadata": self.metadata,
            "disabled_reason": self.disabled_reason,
            "disabled_at": iso(self.disabled_at),
            "failing_since": iso(self.failing_since),
            "created_at": iso(self.created_at),
            "updated_at": iso(self.updated_at),
        }


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class HookDelivery(_Record):
    """One firing of one hook: the body it sends, byte for byte, on every attempt and
    replay, and where it stands (``status``: PENDING, RETRYING, SUCCESS, FAILED,
    CANCELLED)."""

    delivery_id: str
    hook_id: str
    agent_id: str
    hook_type: str
    body: str
    status: str
    owner: str | None = None
    kind: str = "event"  # or "test"
    attempts: int = 0
    replays: int = 0
    last_status_code: int | None = None
    error_message: str | None = None
    heartbeat_id: str | None = None
    action_id: str | None = None
    created_at: float | None = None
    updated_at: float | None = None
    completed_at: float | None = None
    expires_at: int | None = None
    #: While the firing function makes the first attempt itself: the shard and time of
    #: the ``inline-lease`` index entry, after which the scan takes the delivery over.
    lease_shard: int | None = None
    lease_until: float | None = None

    @classmethod
    def from_item(cls, item: Mapping[str, Any]) -> Self:
        """Build from a ``hook_deliveries`` item."""
        return cls(
            delivery_id=item["delivery_id"],
            hook_id=item["hook_id"],
            agent_id=item["agent_id"],
            hook_type=item["hook_type"],
            body=item["body"],
            status=item["status"],
            owner=item.get("owner"),
            kind=item.get("kind", "event"),
            attempts=int(item.get("attempts", 0)),
            replays=int(item.get("replays", 0)),
            last_status_code=opt_int(item.get("last_status_code")),
            error_message=item.get("error_message"),
            heartbeat_id=item.get("heartbeat_id"),
            action_id=item.get("action_id"),
            created_at=opt_float(item.get("created_at")),
            updated_at=opt_float(item.get("updated_at")),
            completed_at=opt_float(item.get("completed_at")),
            expires_at=opt_int(item.get("expires_at")),
            lease_shard=opt_int(item.get("lease_shard")),
            lease_until=opt_float(item.get("lease_until")),
        )

    def to_item(self) -> dict[str, Any]:
        """The ``hook_deliveries`` item."""
        return item_of(self)

    def public(self) -> dict[str, Any]:
        """The API view (not the body)."""
        return {
            "id": self.delivery_id,
            "hook_id": self.hook_id,
            "hook_type": self.hook_type,
            "kind": self.kind,
            "status": self.status,
            "attempts": self.attempts,
            "replays": self.replays,
            "last_status_code": self.last_status_code,
            "error_message": self.error_message,
            "heartbeat_id": self.heartbeat_id,
            "action_id": self.action_id,
            "created_at": iso(self.created_at),
            "completed_at": iso(self.completed_at),
        }

    def detail(self) -> dict[str, Any]:
        """The API view of one delivery: :meth:`public` and the ``payload`` it sends
        (the stored body, decoded)."""
        return {**self.public(), "payload": json.loads(self.body)}


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class HookExecution(_Record):
    """One attempt of a delivery (``status``: SUCCESS, FAILED, TIMEOUT or RETRYING)."""

    hook_id: str
    execution_id: str
    delivery_id: str
    agent_id: str
    status: str
    owner: str | None = None
    hook_type: str | None = None
    retry_count: int = 0
    replay: int = 0
    status_code: int | None = None
    response_body: str | None = None
    error_message: str | None = None
    execution_time_ms: float | None = None  # written as an int
    heartbeat_id: str | None = None
    action_id: str | None = None
    executed_at: float | None = None
    next_retry_in_ms: int | None = None  # when retried: the backoff it scheduled
    expires_at: int | None = None
    #: What the attempt decided (SUCCESS, RETRY, FAILED, DISABLED): a delivery whose
    #: firing function died after recording it is finished from this (not shown).
    outcome: str | None = None

    @classmethod
    def from_item(cls, item: Mapping[str, Any]) -> Self:
        """Build from a ``hook_executions`` item."""
        return cls(
            hook_id=item["hook_id"],
            execution_id=item["execution_id"],
            delivery_id=item["delivery_id"],
            agent_id=item["agent_id"],
            status=item["status"],
            owner=item.get("owner"),
            hook_type=item.get("hook_type"),
            retry_count=int(item.get("retry_count", 0)),
            replay=int(item.get("replay", 0)),
            status_code=opt_int(item.get("status_code")),
            response_body=item.get("response_body"),
            error_message=item.get("error_message"),
            execution_time_ms=item.get("execution_time_ms"),
            heartbeat_id=item.get("heartbeat_id"),
            action_id=item.get("action_id"),
            executed_at=opt_float(item.get("executed_at")),
            next_retry_in_ms=opt_int(item.get("next_retry_in_ms")),
            expires_at=opt_int(item.get("expires_at")),
            outcome=item.get("outcome"),
        )

    def to_item(self) -> dict[str, Any]:
        """The ``hook_executions`` item."""
        return item_of(self)

    def public(self) -> dict[str, Any]:
        """The API view (``GET .../executions``)."""
        return {
            "id": self.execution_id,
            "hook_id": self.hook_id,
            "delivery_id": self.delivery_id,
            "hook_type": self.hook_type,
            "retry_count": self.retry_count,
            "replay": self.replay,
            "status": self.status,
            "status_code": self.status_code,
            "response_body": self.response_body,
            "error_message": self.error_message,
            "execution_time_ms": self.execution_time_ms,
            "heartbeat_id": self.heartbeat_id,
            "action_id": self.action_id,
            "executed_at": iso(self.executed_at),
            "next_retry_in_ms": self.next_retry_in_ms,
        }
