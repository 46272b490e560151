"""Registering and removing users' tools."""

from __future__ import annotations

from typing import Any

from wakeful import clock, net, secrets, signing
from wakeful.config import get_settings
from wakeful.tools import registry, repository
from wakeful.tools.base import BaseTool
from wakeful.tools.exceptions import ToolNameTakenError, ToolNotFoundError
from wakeful.tools.inputs import ToolIn, ToolSettingsPatch
from wakeful.tools.records import ToolDefinition, ToolRecord, ToolSettingsRecord


def create(owner: str, body: ToolIn) -> dict[str, Any]:
    """Register a tool; the answer carries its signing secret, shown only here."""
    if body.name in registry.builtins():
        raise ToolNameTakenError(f"{body.name!r} is a built-in tool")
    if body.endpoint_url:
        net.check_url(body.endpoint_url, dev_mode=get_settings().dev_mode)
    if body.function_arn:
        from wakeful.tools.lambda_tool import check_function_arn

        check_function_arn(body.function_arn)
    secret = signing.new_secret()
    tool = ToolDefinition(
        owner=owner,
        name=body.name,
        kind=body.kind,
        endpoint_url=body.endpoint_url,
        function_arn=body.function_arn,
        description=body.description,
        config=body.config,
        timeout_ms=body.timeout_ms,
        input_schema={"type": "object", **body.input_schema},
        requires_approval=body.requires_approval,
        secret=secrets.seal(secret, context={"owner": owner, "tool": body.name}),
        created_at=clock.now(),
    )
    if not repository.create_user_tool(tool):
        raise ToolNameTakenError(f"you already have a tool named {body.name!r}")
    return {**tool.public(), "secret": secret}


def list_for(owner: str) -> list[dict[str, Any]]:
    """Built-in tools (with the owner's settings), then the owner's tools."""
    from wakeful.tools import configs

    mine = configs.owner_items(owner)
    listed = [_builtin_view(tool, mine.get(name)) for name, tool in registry.builtins().items()]
    return listed + [record.public() for record in mine.values() if isinstance(record, ToolDefinition)]


def _builtin_view(tool: BaseTool, record: ToolRecord | None) -> dict[str, Any]:
    if record is None:
        return {**tool.describe(), "config": {}, "is_active": True}
    return {**tool.describe(), "config": record.config or {}, "is_active": record.is_active}


def _clean_config(name: str, changes: dict[str, Any]) -> dict[str, Any]:
    """The patch as stored: null config is no config; a built-in's config is checked."""
    from pydantic import ValidationError as PydanticValidationError

    from wakeful.exceptions import ValidationError
    from wakeful.tools.inputs import BuiltinToolConfig

    if changes.get("is_active", True) is None:
        del changes["is_active"]
    if "config" in changes:
        config = changes["config"] or {}
        if name in registry.builtins():
            try:
                config = BuiltinToolConfig.model_validate(config).model_dump(exclude_none=True)
            except PydanticValidationError as error:
                first = error.errors()[0]
                where = ".".join(str(p) for p in first.get("loc", ()))
                raise ValidationError(f"config.{where}: {first.get('msg')} (a built-in tool takes model, temperature, max_tokens)") from error
        changes["config"] = config
    return changes


def patch(owner: str, name: str, body: ToolSettingsPatch) -> dict[str, Any]:
    """Change a tool's ``config`` or ``is_active`` for every agent of the owner."""
    from wakeful.tools import configs

    changes = _clean_config(name, body.model_dump(exclude_unset=True))
    builtin = registry.builtins().get(name)
    if builtin is not None:
        return _builtin_view(builtin, configs.put_builtin(owner, name, changes) if changes else configs.owner_items(owner).get(name))
    found = registry.user_tool(owner, name) if not changes else configs.update_user_tool(owner, name, changes)
    if found is None:
        raise ToolNotFoundError(f"tool {name!r} not found")
    return found.public()


def patch_for_agent(owner: str, agent_id: str, name: str, body: ToolSettingsPatch) -> dict[str, Any]:
    """Change a tool's ``config`` or ``is_active`` for one agent of the owner."""
    from wakeful.agents import repository as agents_repository
    from wakeful.tools import configs

    agents_repository.get_owned(owner, agent_id)
    if registry.resolve(owner, name) is None:
        raise ToolNotFoundError(f"tool {name!r} not found; GET /tools lists the tools you can use")
    changes = _clean_config(name, body.model_dump(exclude_unset=True))
    if changes:
        configs.put_for_agent(owner, agent_id, name, changes)
    return agent_view(owner, agent_id, name)


def for_agent(owner: str, agent_id: str) -> list[dict[str, Any]]:
    """Every tool an agent can use, with what it runs with for that agent."""
    from wakeful.agents import repository as agents_repository
    from wakeful.tools import configs

    agents_repository.get_owned(owner, agent_id)
    own = configs.agent_items(agent_id, owner)
    return [_agent_tool_view(s, own.get(s.name)) for s in configs.effective(owner, agent_id).values()]


def agent_view(owner: str, agent_id: str, name: str) -> dict[str, Any]:
    """One tool as it runs for an agent."""
    from wakeful.tools import configs

    found = configs.effective(owner, agent_id).get(name)
    if found is None:
        raise ToolNotFoundError(f"tool {name!r} not found")
    return _agent_tool_view(found, configs.agent_items(agent_id, owner).get(name))


def _agent_tool_view(found: Any, own: ToolSettingsRecord | None) -> dict[str, Any]:
    return {
        "name": found.name,
        "kind": found.kind,
        "is_active": found.is_active,
        "config": found.config,
        "agent_settings": own.public() if own is not None else {"config": {}, "is_active": True},
    }


def delete(owner: str, name: str) -> None:
    """Remove one of the owner's tools (the API's route removes its subscriptions
    first, as a foreign key with ON DELETE CASCADE would: see
    :func:`wakeful.tools.routes.delete_tool`)."""
    check_deletable(owner, name)
    repository.delete(owner, name)


def check_deletable(owner: str, name: str) -> None:
    """Raise :class:`ToolNotFoundError` unless ``name`` is one of the owner's own tools."""
    if name in registry.builtins():
        raise ToolNotFoundError(f"{name!r} is built in and cannot be deleted; PATCH it with is_active: false to switch it off")
    if registry.user_tool(owner, name) is None:
        raise ToolNotFoundError(f"tool {name!r} not found")
