"""The interceptors repository: every read and write of the ``interceptors`` table.

Every write that activates an interceptor sets the agent item's ``active_interceptor_id``
(the agents repository's transaction part) in the same transaction, on the condition that it is absent (or already names this one), so two
concurrent activations cannot both win; the loser gets
:class:`~wakeful.interceptors.exceptions.InterceptorActiveConflictError`.
"""

from __future__ import annotations

from typing import Any


from wakeful import ddb
from wakeful.agents import repository as agent_repository
from wakeful.interceptors.exceptions import InterceptorActiveConflictError, InterceptorNotFoundError

TABLE = "interceptors"


def _key(agent_id: str, interceptor_id: str) -> dict[str, Any]:
    return ddb.serialize({"agent_id": agent_id, "interceptor_id": interceptor_id})


def get(agent_id: str, interceptor_id: str) -> dict[str, Any] | None:
    """An interceptor by key (consistent read); None when absent."""
    return ddb.get(TABLE, {"agent_id": agent_id, "interceptor_id": interceptor_id})


def list_page(agent_id: str, limit: int, cursor: str | None) -> tuple[list[dict[str, Any]], str | None]:
    """One page of an agent's interceptors, newest first."""
    return ddb.page(TABLE, key="agent_id", value=agent_id, limit=limit, cursor=cursor)


def agent_interceptors(agent_id: str) -> list[dict[str, Any]]:
    """Every interceptor of an agent (one consistent Query)."""
    return list(
        ddb.query(
            TABLE,
            KeyConditionExpression="agent_id = :a",
            ExpressionAttributeValues={":a": agent_id},
            ConsistentRead=True,
        )
    )


def create(item: dict[str, Any], *, activate: bool) -> None:
    """Store a new interceptor; with ``activate``, make it the agent's active one in the
    same transaction.

    Raises:
        InterceptorActiveConflictError: another interceptor of the agent is active.
    """
    put = {
        "Put": {
            "TableName": ddb.table(TABLE),
            "Item": ddb.serialize(item),
            "ConditionExpression": "attribute_not_exists(interceptor_id)",
        }
    }
    _write(item["agent_id"], item["interceptor_id"], put, activate=activate)


def update(agent_id: str, interceptor_id: str, changes: dict[str, Any], *, activate: bool) -> None:
    """SET ``changes`` on an existing interceptor; with ``activate``, make it the agent's
    active one in the same transaction.

    Raises:
        InterceptorNotFoundError: the interceptor is gone.
        InterceptorActiveConflictError: another interceptor of the agent is active.
    """
    expression, names, values = ddb.set_clause(changes)
    update_ = {
        "Update": {
            "TableName": ddb.table(TABLE),
            "Key": _key(agent_id, interceptor_id),
            "UpdateExpression": expression,
            "ConditionExpression": "attribute_exists(interceptor_id)",
            "ExpressionAttributeNames": names,
            "ExpressionAttributeValues": ddb.values(values),
        }
    }
    _write(agent_id, interceptor_id, update_, activate=activate)


def delete(agent_id: str, interceptor_id: str) -> None:
    """Delete an interceptor (its call log stays until it expires)."""
    ddb.client().delete_item(TableName=ddb.table(TABLE), Key=_key(agent_id, interceptor_id))


# -- the agent item's active_interceptor_id --------------------------------------------
# It lives on the agent item (written by the agents repository) so the thread runtime,
# which reads the agent at every step, knows the active interceptor without a Query.
def _active_of(agent_id: str) -> str | None:
    agent = agent_repository.get(agent_id)
    return None if agent is None else agent.active_interceptor_id


def _conflict(agent_id: str) -> InterceptorActiveConflictError:
    active = _active_of(agent_id)
    return InterceptorActiveConflictError(
        f"agent {agent_id} already has an active interceptor ({active}); deactivate or delete it first",
        details={"active_interceptor_id": active},
    )


def _write(agent_id: str, interceptor_id: str, write: dict[str, Any], *, activate: bool) -> None:
    """Run ``write`` (and, with ``activate``, the claim of the active slot) in one
    transaction. A slot left to an interceptor that is gone or inactive (a crash between
    two writes) is freed and the claim tried once more."""
    transaction = [write, agent_repository.claim_interceptor_part(agent_id, interceptor_id)] if activate else [write]
    for attempt in range(2):
        codes = ddb.transact(transaction)
        if codes is None:
            return
        if codes[0] == "ConditionalCheckFailed":
            raise InterceptorNotFoundError(f"interceptor {interceptor_id} not found") from codes.error
        if not (len(codes) > 1 and codes[1] == "ConditionalCheckFailed"):
            raise codes.error
        holder = _active_of(agent_id)
        held = holder and get(agent_id, holder)
        if attempt or (held and held.get("is_active", True)) or not holder:
            raise _conflict(agent_id) from codes.error
        agent_repository.release_interceptor(agent_id, holder)
