"""Per-owner and per-agent tool settings: ``config`` (what a tool receives as
``tool_config``) and ``is_active``.

Stored in the tools table: the owner's own tools carry theirs on their item; for a
built-in tool the owner's settings are an item ``(owner, name)`` of kind ``builtin``;
an agent's settings are items in the partition ``agent#<agent_id>``. What a tool gets
for an agent is the owner's config with the agent's keys on top; it runs for that agent
only if neither the owner nor the agent switched it off.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from wakeful import clock
from wakeful.tools import repository
from wakeful.tools.records import (
    AGENT_SETTINGS_KIND,
    BUILTIN_SETTINGS_KIND,
    ToolDefinition,
    ToolRecord,
    ToolSettingsRecord,
    agent_partition,
)


@dataclass(frozen=True)
class ToolSettings:
    """What a tool runs with for one agent."""

    name: str
    kind: str
    is_active: bool = True
    config: dict[str, Any] = field(default_factory=dict)


def _partition(owner: str) -> dict[str, ToolRecord]:
    return {record.name: record for record in repository.partition(owner)}


def owner_items(owner: str) -> dict[str, ToolRecord]:
    """The owner's tool records by name: their own tools and their built-in settings."""
    return {
        name: record
        for name, record in _partition(owner).items()
        if isinstance(record, ToolDefinition)
        or (record.kind == BUILTIN_SETTINGS_KIND and record.settings_owner == owner)
    }


def agent_items(agent_id: str, owner: str | None = None) -> dict[str, ToolSettingsRecord]:
    """An agent's tool settings by tool name (only those its owner wrote, if given)."""
    return {
        name: record
        for name, record in _partition(agent_partition(agent_id)).items()
        if isinstance(record, ToolSettingsRecord)
        and record.kind == AGENT_SETTINGS_KIND
        and (owner is None or record.settings_owner == owner)
    }


def effective(owner: str, agent_id: str) -> dict[str, ToolSettings]:
    """Every tool the agent can use, with the settings it runs with (two Queries)."""
    from wakeful.tools import registry

    mine = owner_items(owner)
    for_agent = agent_items(agent_id, owner)
    found: dict[str, ToolSettings] = {}
    for name in registry.builtins():
        found[name] = _combine(name, BUILTIN_SETTINGS_KIND, mine.get(name), for_agent.get(name))
    for name, record in mine.items():
        if isinstance(record, ToolDefinition) and name not in found:
            found[name] = _combine(name, record.kind, record, for_agent.get(name))
    return found


def _combine(name: str, kind: str, owner_record: ToolRecord | None, agent_record: ToolSettingsRecord | None) -> ToolSettings:
    return ToolSettings(
        name=name,
        kind=kind,
        is_active=(owner_record is None or bool(owner_record.is_active))
        and (agent_record is None or bool(agent_record.is_active)),
        config={**(owner_record.config if owner_record else {}), **(agent_record.config if agent_record else {})},
    )


def put_builtin(owner: str, name: str, changes: dict[str, Any]) -> ToolSettingsRecord:
    """Set the owner's settings of a built-in tool (``config``, ``is_active``)."""
    return _upsert({"owner": owner, "name": name}, BUILTIN_SETTINGS_KIND, changes, owner)


def put_for_agent(owner: str, agent_id: str, name: str, changes: dict[str, Any]) -> ToolSettingsRecord:
    """Set an agent's settings of a tool (``config``, ``is_active``)."""
    return _upsert({"owner": agent_partition(agent_id), "name": name}, AGENT_SETTINGS_KIND, changes, owner)


def update_user_tool(owner: str, name: str, changes: dict[str, Any]) -> ToolDefinition | None:
    """Change ``config``/``is_active`` of one of the owner's tools; None if it is gone."""
    return repository.update_user_tool(owner, name, {**changes, "updated_at": clock.now()})


def _upsert(key: dict[str, Any], kind: str, changes: dict[str, Any], owner: str) -> ToolSettingsRecord:
    fields = {**changes, "kind": kind, "settings_owner": owner, "updated_at": clock.now()}
    return repository.put_settings(key["owner"], key["name"], fields)


def delete_for_agent(agent_id: str) -> None:
    """Forget an agent's tool settings (the agent is being deleted)."""
    for name in agent_items(agent_id):
        repository.delete(agent_partition(agent_id), name)
