"""Registering and removing users' tools."""

from __future__ import annotations

from typing import Any


from wakeful import clock, ddb, net, secrets, signing
from wakeful.config import get_settings
from wakeful.tools import registry
from wakeful.tools.exceptions import ToolNameTakenError, ToolNotFoundError
from wakeful.tools.http import public
from wakeful.tools.models import ToolIn


def create(owner: str, body: ToolIn) -> dict[str, Any]:
    """Register a tool; the answer carries its signing secret, shown only here."""
    if body.name in registry.builtins():
        raise ToolNameTakenError(f"{body.name!r} is a built-in tool")
    if body.endpoint_url:
        net.check_url(body.endpoint_url, dev_mode=get_settings().dev_mode)
    secret = signing.new_secret()
    item = {
        "owner": owner,
        "name": body.name,
        "kind": body.kind,
        "endpoint_url": body.endpoint_url,
        "function_arn": body.function_arn,
        "description": body.description,
        "config": body.config,
        "timeout_ms": body.timeout_ms,
        "input_schema": {"type": "object", **body.input_schema},
        "requires_approval": body.requires_approval,
        "secret": secrets.seal(secret, context={"owner": owner, "tool": body.name}),
        "created_at": clock.now(),
    }
    if not ddb.put_new("tools", item):
        raise ToolNameTakenError(f"you already have a tool named {body.name!r}")
    return {**public(item), "secret": secret}


def list_for(owner: str) -> list[dict[str, Any]]:
    """Built-in tools, then the owner's tools."""
    listed = [tool.describe() for tool in registry.builtins().values()]
    mine = ddb.query(
        "tools",
        KeyConditionExpression="#o = :o",
        ExpressionAttributeNames={"#o": "owner"},
        ExpressionAttributeValues={":o": owner},
    )
    return listed + [public(item) for item in mine]


def delete(owner: str, name: str) -> None:
    """Remove one of the owner's tools."""
    if registry.user_tool_item(owner, name) is None:
        if name in registry.builtins():
            raise ToolNotFoundError(f"{name!r} is built in and cannot be deleted")
        raise ToolNotFoundError(f"tool {name!r} not found")
    ddb.client().delete_item(TableName=ddb.table("tools"), Key=ddb.serialize({"owner": owner, "name": name}))
