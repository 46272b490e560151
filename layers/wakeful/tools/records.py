"""The records of the tools table, typed.

Partition ``owner``, sort ``name``; three kinds of item live there:

- :class:`ToolDefinition` (kind ``http`` or ``lambda``): one of an owner's own tools,
  under the owner;
- :class:`ToolSettingsRecord` of kind ``builtin``: an owner's settings of a built-in
  tool, under the owner;
- :class:`ToolSettingsRecord` of kind ``agent_settings``: an agent's settings of a tool,
  under ``agent#<agent_id>``.

Frozen dataclasses (no pydantic: the tool runner and the orchestrator read them on cold
paths). ``from_item`` reads an item as :mod:`wakeful.ddb` returns it, whatever version
wrote it (a missing attribute takes its default); ``to_item`` is the item to put;
:meth:`ToolDefinition.public` is the API view. :func:`record_from_item` picks the class
from the item's ``kind``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Self

from wakeful.clock import iso
from wakeful.items import item_of, opt_float, value_or

HTTP_KIND = "http"
LAMBDA_KIND = "lambda"
USER_KINDS = (HTTP_KIND, LAMBDA_KIND)
#: A tool of one of the owner's MCP servers, offered to an agent's threads: never stored
#: here, made from the server's listing (:mod:`wakeful.mcp_servers.toolsource`).
MCP_KIND = "mcp"
BUILTIN_SETTINGS_KIND = "builtin"
AGENT_SETTINGS_KIND = "agent_settings"
#: What an HTTP tool's call may take when its item has no ``timeout_ms``.
DEFAULT_TIMEOUT_MS = 10000


def agent_partition(agent_id: str) -> str:
    """The tools-table partition holding an agent's tool settings."""
    return f"agent#{agent_id}"


#: Left out of a tool's item at their default (see :meth:`ToolDefinition.to_item`).
_SPARSE = frozenset({"is_active"})


@dataclass(frozen=True, slots=True)
class ToolDefinition:
    """One of an owner's own tools: an HTTP endpoint or a Lambda function.

    Attributes:
        owner: the API key's owner (the partition key).
        name: the tool's name (the sort key).
        kind: ``http`` or ``lambda``.
        endpoint_url: where an HTTP tool is POSTed.
        function_arn: the function a Lambda tool invokes.
        description: what the tool does (offered to a thread's model).
        config: what the tool receives as ``tool_config`` (before an agent's settings).
        timeout_ms: an HTTP attempt's total deadline.
        input_schema: JSON Schema of a thread's call's arguments.
        requires_approval: a thread's call waits for an approval first.
        secret: the signing secret, sealed (:func:`wakeful.secrets.seal`).
        is_active: False stops it for every agent of the owner.
        preset: the agent preset that registered it, if one did.
        created_at: epoch seconds.
        updated_at: epoch seconds.
    """

    owner: str
    name: str
    kind: str
    endpoint_url: str | None = None
    function_arn: str | None = None
    description: str | None = None
    config: dict[str, Any] = field(default_factory=dict)
    timeout_ms: int | None = None
    input_schema: dict[str, Any] | None = None
    requires_approval: bool = False
    secret: str | None = None
    is_active: bool = True
    preset: str | None = None
    created_at: float | None = None
    updated_at: float | None = None

    @classmethod
    def from_item(cls, item: Mapping[str, Any]) -> Self:
        """The record of a user tool item."""
        return cls(
            owner=item["owner"],
            name=item["name"],
            kind=item["kind"],
            endpoint_url=item.get("endpoint_url"),
            function_arn=item.get("function_arn"),
            description=item.get("description"),
            config=item.get("config") or {},
            timeout_ms=item.get("timeout_ms"),
            input_schema=item.get("input_schema"),
            requires_approval=bool(item.get("requires_approval")),
            secret=item.get("secret"),
            is_active=value_or(item, "is_active", True),
            preset=item.get("preset"),
            created_at=opt_float(item.get("created_at")),
            updated_at=opt_float(item.get("updated_at")),
        )

    def to_item(self) -> dict[str, Any]:
        """The item to put (None attributes left out, ``is_active`` only when False)."""
        # is_active is written only when False: absent is active (items older than the
        # attribute have none), and a re-applied preset must not switch a tool back on.
        return item_of(self, _SPARSE)

    def public(self) -> dict[str, Any]:
        """The API view (``Tool`` in the OpenAPI document, never the secret)."""
        return {
            "name": self.name,
            "kind": self.kind,
            "builtin": False,
            "description": self.description,
            "endpoint_url": self.endpoint_url,
            "function_arn": self.function_arn,
            "config": self.config or {},
            "timeout_ms": self.timeout_ms,
            "input_schema": self.input_schema or {"type": "object"},
            "requires_approval": self.requires_approval,
            "created_at": iso(self.created_at),
            "is_active": self.is_active,
        }

    @property
    def timeout_seconds(self) -> float:
        """An HTTP attempt's total deadline, in seconds."""
        return (self.timeout_ms if self.timeout_ms is not None else DEFAULT_TIMEOUT_MS) / 1000


@dataclass(frozen=True, slots=True)
class ToolSettingsRecord:
    """Settings written on top of a tool: an owner's of a built-in tool (kind
    ``builtin``, partition the owner) or an agent's of any tool (kind
    ``agent_settings``, partition ``agent#<agent_id>``).

    Attributes:
        partition: the item's partition key (stored as ``owner``).
        name: the tool's name.
        kind: ``builtin`` or ``agent_settings``.
        settings_owner: the owner who wrote it.
        config: merged over the tool's config.
        is_active: False switches the tool off (for the owner, or for the agent).
        updated_at: epoch seconds.
    """

    partition: str
    name: str
    kind: str
    settings_owner: str | None = None
    config: dict[str, Any] = field(default_factory=dict)
    is_active: bool = True
    updated_at: float | None = None

    @classmethod
    def from_item(cls, item: Mapping[str, Any]) -> Self:
        """The record of a settings item."""
        return cls(
            partition=item["owner"],
            name=item["name"],
            kind=item.get("kind", BUILTIN_SETTINGS_KIND),
            settings_owner=item.get("settings_owner"),
            config=item.get("config") or {},
            is_active=value_or(item, "is_active", True),
            updated_at=opt_float(item.get("updated_at")),
        )

    def to_item(self) -> dict[str, Any]:
        """The item to put (None attributes left out)."""
        item = {
            "owner": self.partition,
            "name": self.name,
            "kind": self.kind,
            "settings_owner": self.settings_owner,
            "config": self.config,
            "is_active": self.is_active,
            "updated_at": self.updated_at,
        }
        return {name: value for name, value in item.items() if value is not None}

    def public(self) -> dict[str, Any]:
        """The API view (``AgentToolSettings`` in the OpenAPI document)."""
        return {"config": self.config, "is_active": self.is_active}


#: Any item of the tools table.
ToolRecord = ToolDefinition | ToolSettingsRecord


def record_from_item(item: Mapping[str, Any]) -> ToolRecord:
    """The record of any tools-table item, by its ``kind``."""
    if item.get("kind") in USER_KINDS:
        return ToolDefinition.from_item(item)
    return ToolSettingsRecord.from_item(item)
