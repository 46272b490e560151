"""The WebSocket API: connect with an API key, subscribe to a thread or an agent.

Routes (API Gateway WebSocket, ``$request.body.action``):

- ``$connect`` with ``Authorization: Bearer <api key>`` (or, from a browser,
  ``Sec-WebSocket-Protocol: wakeful, <api key>``); an unknown key is refused (401).
- ``{"action": "subscribe", "agent_id", "thread_id"?, "types"?: [...], "after"?: N}``:
  another owner's agent, or a thread the agent does not have, is not found; with
  ``thread_id`` and ``after`` the events written after ``after`` are sent first. Answers ``{"type": "subscribed", ...}``.
- ``{"action": "unsubscribe", "agent_id", "thread_id"?}``; ``$disconnect``.

Every StreamEvent is then posted as its JSON, the same as an SSE ``data:`` line.
Errors are posted as ``{"type": "error", "error": {"code", "message"}}``.

The connection keeps the hash of its key (see :mod:`wakeful.stream.access`): a message
on a connection whose key was revoked is answered ``unauthorized`` and the connection is
closed; the fan-out closes such connections too.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from wakeful.exceptions import BadRequestError, UnauthorizedError, WakefulError
from wakeful.stream import access, connections_repository, repository, service
from wakeful.stream.connections_repository import Gone, post
from wakeful.stream.models import parse_after, parse_types

logger = logging.getLogger(__name__)

SUBPROTOCOL = "wakeful"
CATCH_UP_LIMIT = 1000


def _api_key(headers: dict[str, str]) -> tuple[str | None, bool]:
    """(the bearer header or None, whether the key came as a subprotocol)."""
    lowered = {k.lower(): v for k, v in (headers or {}).items()}
    if lowered.get("authorization"):
        return lowered["authorization"], False
    protocols = [p.strip() for p in (lowered.get("sec-websocket-protocol") or "").split(",")]
    if len(protocols) == 2 and protocols[0] == SUBPROTOCOL and protocols[1]:
        return f"Bearer {protocols[1]}", True
    return None, False


def connect(connection_id: str, headers: dict[str, str]) -> dict[str, Any]:
    """``$connect``: the proxy response (200 accepts, 401 refuses)."""
    authorization, as_protocol = _api_key(headers)
    try:
        caller = service.authenticate(authorization)
    except UnauthorizedError as error:
        return {"statusCode": 401, "body": json.dumps({"error": {"code": error.code, "message": error.message}})}
    connections_repository.open_connection(connection_id, caller.owner, caller.key_hash)
    response: dict[str, Any] = {"statusCode": 200}
    if as_protocol:
        response["headers"] = {"Sec-WebSocket-Protocol": SUBPROTOCOL}
    return response


def disconnect(connection_id: str) -> None:
    """``$disconnect``: forget the connection."""
    connections_repository.close(connection_id)


def message(connection_id: str, body: str | None, endpoint: str | None = None) -> None:
    """``subscribe`` / ``unsubscribe`` / anything else: do it and post the answer."""
    revoked = False
    try:
        answer = _handle(connection_id, body, endpoint)
    except KeyRevokedError as error:
        answer, revoked = {"type": "error", "error": {"code": error.code, "message": error.message}}, True
    except WakefulError as error:
        answer = {"type": "error", "error": {"code": error.code, "message": error.message}}
    try:
        post(connection_id, answer, endpoint)
    except Gone:
        connections_repository.close(connection_id)
        return
    if revoked:
        connections_repository.drop(connection_id, endpoint)


class KeyRevokedError(UnauthorizedError):
    """The key that opened the connection was revoked (or is no longer its owner's)."""


def _handle(connection_id: str, body: str | None, endpoint: str | None) -> dict[str, Any]:
    request = _parse(body)
    connection = connections_repository.connection(connection_id)
    if connection is None:
        raise UnauthorizedError("this connection is not authenticated; reconnect with an API key")
    if not access.still_valid(connection.key_hash, connection.owner):
        raise KeyRevokedError("the API key of this connection was revoked; reconnect with a valid key")
    owner = connection.owner
    action = request.get("action")
    agent_id, thread_id = request.get("agent_id"), request.get("thread_id")
    if action not in ("subscribe", "unsubscribe"):
        raise BadRequestError("action must be 'subscribe' or 'unsubscribe'")
    if not isinstance(agent_id, str) or not agent_id or (thread_id is not None and not isinstance(thread_id, str)):
        raise BadRequestError("agent_id (and optionally thread_id) must be strings")
    service.check_agent(owner, agent_id)
    target = connections_repository.thread_target(agent_id, thread_id) if thread_id else connections_repository.agent_target(agent_id)
    if action == "unsubscribe":
        connections_repository.unsubscribe(connection_id, target)
        return {"type": "unsubscribed", "agent_id": agent_id, "thread_id": thread_id}
    types = parse_types(request.get("types"))
    if thread_id:
        service.require_stream(agent_id, thread_id)  # as the SSE route: an unknown thread is 404
    connections_repository.subscribe(connection, target, types)
    answer: dict[str, Any] = {"type": "subscribed", "agent_id": agent_id, "thread_id": thread_id}
    if thread_id:
        answer["last_id"] = repository.head(agent_id, thread_id).last_id
        if request.get("after") is not None:
            _catch_up(connection_id, agent_id, thread_id, parse_after(request["after"]), types, endpoint)
    return answer


def _parse(body: str | None) -> dict[str, Any]:
    try:
        request = json.loads(body or "")
    except ValueError:
        raise BadRequestError("messages are JSON objects such as {\"action\": \"subscribe\", \"agent_id\": ...}") from None
    if not isinstance(request, dict):
        raise BadRequestError("messages are JSON objects")
    return request


def _catch_up(
    connection_id: str, agent_id: str, thread_id: str, after: int, types: frozenset[str] | None, endpoint: str | None
) -> None:
    events, _ = repository.read_after(agent_id, thread_id, after, CATCH_UP_LIMIT, types)
    for event in events:
        post(connection_id, event.public(), endpoint)
