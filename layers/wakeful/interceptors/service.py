"""Registering, reading, changing and deleting interceptors.

At most one interceptor of an agent is active: the agent item's
``active_interceptor_id`` names it, and every change that activates an interceptor
sets that attribute in the same transaction, on the condition that it is absent (or
already names this one). Two concurrent activations cannot both win.
"""

from __future__ import annotations

from typing import Any

from botocore.exceptions import ClientError

from wakeful import clock, ddb, ids, net, secrets, signing
from wakeful.agents import service as agents
from wakeful.config import get_settings
from wakeful.interceptors import calls
from wakeful.interceptors.endpoint import secret_context
from wakeful.interceptors.exceptions import (
    InterceptorActiveConflictError,
    InterceptorLimitError,
    InterceptorNotFoundError,
)
from wakeful.interceptors.models import InterceptorCreate, InterceptorPatch

MAX_INTERCEPTORS_PER_AGENT = 20
_ACTIVE = "active_interceptor_id"


def _dev_mode(dev_mode: bool | None) -> bool:
    return get_settings().dev_mode if dev_mode is None else dev_mode


def _conflict(agent_id: str) -> InterceptorActiveConflictError:
    active = (ddb.get("agents", {"agent_id": agent_id}) or {}).get(_ACTIVE)
    return InterceptorActiveConflictError(
        f"agent {agent_id} already has an active interceptor ({active}); deactivate or delete it first",
        details={"active_interceptor_id": active},
    )


def _claim_active(agent_id: str, interceptor_id: str) -> dict[str, Any]:
    """The transaction item that makes ``interceptor_id`` the agent's active one."""
    return {
        "Update": {
            "TableName": ddb.table("agents"),
            "Key": ddb.serialize({"agent_id": agent_id}),
            "UpdateExpression": "SET #a = :i",
            "ConditionExpression": "attribute_exists(agent_id) AND (attribute_not_exists(#a) OR #a = :i)",
            "ExpressionAttributeNames": {"#a": _ACTIVE},
            "ExpressionAttributeValues": ddb.values({":i": interceptor_id}),
        }
    }


def _release_active(agent_id: str, interceptor_id: str) -> None:
    """Clear the agent's active interceptor if it is this one."""
    try:
        ddb.client().update_item(
            TableName=ddb.table("agents"),
            Key=ddb.serialize({"agent_id": agent_id}),
            UpdateExpression="REMOVE #a",
            ConditionExpression="#a = :i",
            ExpressionAttributeNames={"#a": _ACTIVE},
            ExpressionAttributeValues=ddb.values({":i": interceptor_id}),
        )
    except ClientError as error:
        if not ddb.is_conditional_failure(error):
            raise


def create(
    owner: str, agent_id: str, body: InterceptorCreate, *, dev_mode: bool | None = None
) -> tuple[dict[str, Any], str]:
    """Register an interceptor on the owner's agent. Returns the item and its ``whsec_``
    secret, which is shown only here.

    Raises:
        InterceptorActiveConflictError: it would be active and another one is.
    """
    agents.get(owner, agent_id)
    net.check_url(body.endpoint_url, dev_mode=_dev_mode(dev_mode))
    if len(_agent_interceptors(agent_id)) >= MAX_INTERCEPTORS_PER_AGENT:
        raise InterceptorLimitError(f"an agent can have at most {MAX_INTERCEPTORS_PER_AGENT} interceptors")
    now = clock.now()
    item: dict[str, Any] = {
        "agent_id": agent_id,
        "interceptor_id": ids.new_id("icp", now),
        "owner": owner,
        "endpoint_url": body.endpoint_url,
        "events": body.events,
        "timeout_ms": body.timeout_ms,
        "on_failure": body.on_failure,
        "is_active": body.is_active,
        "created_at": now,
        "updated_at": now,
    }
    secret = signing.new_secret()
    item["secret"] = secrets.seal(secret, context=secret_context(item))
    put = {
        "Put": {
            "TableName": ddb.table("interceptors"),
            "Item": ddb.serialize(item),
            "ConditionExpression": "attribute_not_exists(interceptor_id)",
        }
    }
    transaction = [put, _claim_active(agent_id, item["interceptor_id"])] if body.is_active else [put]
    _write(agent_id, interceptor_id=item["interceptor_id"], transaction=transaction)
    return item, secret


def _write(agent_id: str, *, interceptor_id: str, transaction: list[dict[str, Any]]) -> None:
    """Run a transaction whose second item (if any) claims the active slot. A slot left
    to an interceptor that is gone or inactive (a crash between two writes) is freed
    and the claim tried once more."""
    for attempt in range(2):
        try:
            ddb.client().transact_write_items(TransactItems=transaction)
            return
        except ClientError as error:
            codes = ddb.cancellation_codes(error)
            if codes and codes[0] == "ConditionalCheckFailed":
                raise InterceptorNotFoundError(f"interceptor {interceptor_id} not found") from error
            if not (len(codes) > 1 and codes[1] == "ConditionalCheckFailed"):
                raise
            holder = (ddb.get("agents", {"agent_id": agent_id}) or {}).get(_ACTIVE)
            held = holder and ddb.get("interceptors", {"agent_id": agent_id, "interceptor_id": holder})
            if attempt or (held and held.get("is_active", True)) or not holder:
                raise _conflict(agent_id) from error
            _release_active(agent_id, holder)


def get(owner: str, agent_id: str, interceptor_id: str) -> dict[str, Any]:
    """The owner's interceptor; another owner's agent or interceptor is not found."""
    agents.get(owner, agent_id)
    item = ddb.get("interceptors", {"agent_id": agent_id, "interceptor_id": interceptor_id})
    if item is None or item.get("owner") != owner:
        raise InterceptorNotFoundError(f"interceptor {interceptor_id} not found")
    return item


def list_page(owner: str, agent_id: str, limit: int, cursor: str | None) -> tuple[list[dict[str, Any]], str | None]:
    """The agent's interceptors, newest first."""
    agents.get(owner, agent_id)
    return ddb.page("interceptors", key="agent_id", value=agent_id, limit=limit, cursor=cursor)


def patch(
    owner: str, agent_id: str, interceptor_id: str, body: InterceptorPatch, *, dev_mode: bool | None = None
) -> dict[str, Any]:
    """Change an interceptor. Activating one while another is active is a conflict."""
    get(owner, agent_id, interceptor_id)
    changes = {k: v for k, v in body.model_dump(exclude_unset=True).items() if v is not None}
    if "endpoint_url" in changes:
        net.check_url(changes["endpoint_url"], dev_mode=_dev_mode(dev_mode))
    changes["updated_at"] = clock.now()
    expression, names, values = ddb.set_clause(changes)
    update = {
        "Update": {
            "TableName": ddb.table("interceptors"),
            "Key": ddb.serialize({"agent_id": agent_id, "interceptor_id": interceptor_id}),
            "UpdateExpression": expression,
            "ConditionExpression": "attribute_exists(interceptor_id)",
            "ExpressionAttributeNames": names,
            "ExpressionAttributeValues": ddb.values(values),
        }
    }
    transaction = [update, _claim_active(agent_id, interceptor_id)] if changes.get("is_active") else [update]
    _write(agent_id, interceptor_id=interceptor_id, transaction=transaction)
    if changes.get("is_active") is False:
        _release_active(agent_id, interceptor_id)
    return get(owner, agent_id, interceptor_id)


def delete(owner: str, agent_id: str, interceptor_id: str) -> None:
    """Delete an interceptor; the steps after this one are not sent to it. Its call
    log stays until it expires."""
    get(owner, agent_id, interceptor_id)
    ddb.client().delete_item(
        TableName=ddb.table("interceptors"),
        Key=ddb.serialize({"agent_id": agent_id, "interceptor_id": interceptor_id}),
    )
    _release_active(agent_id, interceptor_id)


def calls_page(
    owner: str, agent_id: str, interceptor_id: str, limit: int, cursor: str | None
) -> tuple[list[dict[str, Any]], str | None]:
    """The interceptor's calls, newest first."""
    get(owner, agent_id, interceptor_id)
    return calls.page(interceptor_id, limit, cursor)


def _agent_interceptors(agent_id: str) -> list[dict[str, Any]]:
    return list(
        ddb.query(
            "interceptors",
            KeyConditionExpression="agent_id = :a",
            ExpressionAttributeValues={":a": agent_id},
            ConsistentRead=True,
        )
    )


def active_for(agent: dict[str, Any]) -> dict[str, Any] | None:
    """The agent's active interceptor, named by the agent item's
    ``active_interceptor_id``. The thread runtime reads the agent item at every step,
    so a change applies from the next step on; an agent without an interceptor costs
    no read at all."""
    interceptor_id = agent.get(_ACTIVE)
    if not interceptor_id:
        return None
    item = ddb.get("interceptors", {"agent_id": agent["agent_id"], "interceptor_id": interceptor_id})
    if item is None or not item.get("is_active", True):
        return None
    return item
