"""The records of the ``mcp_servers`` table, typed.

Partition ``owner``; sort ``server_key``: a server's id (``mcp_<ulid>``) for the server,
``name#<name>`` for the reservation of its name (which holds the server's id).

A server's listing (its tools, and those left out with the reason) is stored as one
JSON text: input schemas are arbitrary JSON (floats, empty keys, deep nesting) that a
DynamoDB map cannot always hold as they are.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Mapping, Self

from wakeful.clock import iso
from wakeful.items import item_of, opt_float, opt_int, opt_strings
from wakeful.mcp_servers.models import DEFAULT_CALL_TIMEOUT_MS

NAME_KEY_PREFIX = "name#"
NOT_ALLOWED = "not in this server's allowed tools (tools)"
NOT_LISTED = "named in this server's allowed tools, but the server does not list it"


def name_key(name: str) -> str:
    """The sort key of a name's reservation."""
    return f"{NAME_KEY_PREFIX}{name}"


@dataclass(frozen=True, slots=True)
class McpTool:
    """A tool a server lists, as the model will see it (but for its name)."""

    name: str
    description: str
    input_schema: dict[str, Any]

    def public(self) -> dict[str, Any]:
        return {"name": self.name, "description": self.description, "input_schema": self.input_schema}


@dataclass(frozen=True, slots=True)
class Skipped:
    """A tool left out, and why."""

    name: str
    reason: str

    def public(self) -> dict[str, Any]:
        return {"name": self.name, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class Listing:
    """What ``tools/list`` gave, checked: the usable tools, and the others with a reason."""

    tools: tuple[McpTool, ...] = ()
    skipped: tuple[Skipped, ...] = ()

    def to_json(self) -> str:
        return json.dumps(
            {"tools": [t.public() for t in self.tools], "skipped": [s.public() for s in self.skipped]},
            separators=(",", ":"),
            ensure_ascii=False,
        )

    @classmethod
    def from_json(cls, text: str | None) -> Listing:
        if not text:
            return cls()
        data = json.loads(text)
        return cls(
            tools=tuple(McpTool(t["name"], t.get("description") or "", t.get("input_schema") or {"type": "object"}) for t in data.get("tools") or ()),
            skipped=tuple(Skipped(s["name"], s["reason"]) for s in data.get("skipped") or ()),
        )


@dataclass(frozen=True, slots=True)
class McpServer:
    """One of an owner's MCP servers.

    Attributes:
        owner: the API key's owner (the partition key).
        server_id: ``mcp_<ulid>`` (the sort key, ``server_key`` in the item).
        name: unique per owner; agents' tools name the server by it.
        url: the Streamable HTTP endpoint.
        headers: the headers sent with every request, sealed (a JSON object).
        header_names: their names (shown; the values never are).
        allowed_tools: the tools agents may use (None: every tool it lists).
        listing: the last ``tools/list``, checked (JSON text in the item).
        timeout_ms: a tool call's total deadline (None: the default).
        server_name: what the server calls itself (``serverInfo``).
        server_version: its version.
        protocol_version: the MCP protocol version agreed at the last listing.
        listed_at: when the tools were last listed (epoch seconds).
        created_at: epoch seconds.
        updated_at: epoch seconds.
    """

    owner: str
    server_id: str
    name: str
    url: str
    headers: str | None = None
    header_names: tuple[str, ...] = ()
    allowed_tools: tuple[str, ...] | None = None
    listing: Listing = field(default_factory=Listing)
    timeout_ms: int | None = None
    server_name: str | None = None
    server_version: str | None = None
    protocol_version: str | None = None
    listed_at: float | None = None
    created_at: float | None = None
    updated_at: float | None = None

    @classmethod
    def from_item(cls, item: Mapping[str, Any]) -> Self:
        """The record of a server item."""
        return cls(
            owner=item["owner"],
            server_id=item["server_key"],
            name=item["name"],
            url=item["url"],
            headers=item.get("headers"),
            header_names=opt_strings(item.get("header_names")) or (),
            allowed_tools=opt_strings(item.get("allowed_tools")),
            listing=Listing.from_json(item.get("listing")),
            timeout_ms=opt_int(item.get("timeout_ms")),
            server_name=item.get("server_name"),
            server_version=item.get("server_version"),
            protocol_version=item.get("protocol_version"),
            listed_at=opt_float(item.get("listed_at")),
            created_at=opt_float(item.get("created_at")),
            updated_at=opt_float(item.get("updated_at")),
        )

    def to_item(self) -> dict[str, Any]:
        """The item to put (None attributes left out)."""
        item = item_of(self, frozenset({"header_names"}))
        item["server_key"] = item.pop("server_id")
        item["listing"] = self.listing.to_json()
        return item

    @property
    def call_timeout_seconds(self) -> float:
        """A tool call's total deadline."""
        return (self.timeout_ms if self.timeout_ms is not None else DEFAULT_CALL_TIMEOUT_MS) / 1000

    def usable_tools(self) -> list[McpTool]:
        """The listed tools agents may use: the usable ones, of those allowed."""
        allowed = None if self.allowed_tools is None else set(self.allowed_tools)
        return [t for t in self.listing.tools if allowed is None or t.name in allowed]

    def tool(self, name: str) -> McpTool | None:
        """The usable tool called ``name``, if any."""
        return next((t for t in self.usable_tools() if t.name == name), None)

    def skipped(self) -> list[Skipped]:
        """The tools left out, and why: unusable ones, those not allowed, and allowed
        names the server does not list."""
        left = list(self.listing.skipped)
        if self.allowed_tools is not None:
            allowed = set(self.allowed_tools)
            listed = {t.name for t in self.listing.tools} | {s.name for s in self.listing.skipped}
            left += [Skipped(t.name, NOT_ALLOWED) for t in self.listing.tools if t.name not in allowed]
            left += [Skipped(name, NOT_LISTED) for name in self.allowed_tools if name not in listed]
        return left

    def public(self) -> dict[str, Any]:
        """The API view (``McpServer`` in the OpenAPI document; never a header's value)."""
        return {
            "id": self.server_id,
            "name": self.name,
            "url": self.url,
            "tools": [t.public() for t in self.usable_tools()],
            "skipped": [s.public() for s in self.skipped()],
            "allowed_tools": None if self.allowed_tools is None else list(self.allowed_tools),
            "header_names": list(self.header_names),
            "timeout_ms": self.timeout_ms if self.timeout_ms is not None else DEFAULT_CALL_TIMEOUT_MS,
            "server_info": {"name": self.server_name, "version": self.server_version, "protocol_version": self.protocol_version},
            "listed_at": iso(self.listed_at),
            "created_at": iso(self.created_at),
            "updated_at": iso(self.updated_at),
        }
