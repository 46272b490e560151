"""A server's ``tools/list``, checked: which tools a model can be offered, and why the
others cannot (pure, no I/O).

A tool is offered to the model as ``<server>__<tool>`` with the server's description and
input schema, so it is left out (and said so) when that name would not be one the model
APIs accept (``^[a-zA-Z0-9_-]{1,64}$``), when its input schema is not a JSON Schema
object, when it is listed twice, or when the listing is over Wakeful's limits
(:mod:`wakeful.mcp_servers.models`).
"""

from __future__ import annotations

import json
from typing import Any, Iterable, Mapping

from wakeful.mcp_servers import models
from wakeful.mcp_servers.records import Listing, McpTool, Skipped

_NAME_CHARS = "only letters, digits, _ and - (the model APIs' rule for tool names)"


def check(server: str, raw_tools: Iterable[Mapping[str, Any]]) -> Listing:
    """The usable tools of ``raw_tools`` (``{name, description, input_schema}`` as the
    server listed them) and the others with the reason they were left out."""
    tools: list[McpTool] = []
    skipped: list[Skipped] = []
    seen: set[str] = set()
    size = 0
    for raw in raw_tools:
        name = raw.get("name")
        shown = name if isinstance(name, str) else repr(name)
        reason = _name_problem(server, name) or _schema_problem(raw.get("input_schema"))
        if reason is None and name in seen:
            reason = "listed more than once; the first one is kept"
        if reason is None and len(tools) >= models.MAX_TOOLS_PER_SERVER:
            reason = f"over the {models.MAX_TOOLS_PER_SERVER} tools Wakeful keeps of one server"
        if reason is not None:
            skipped.append(Skipped(shown[:200], reason))
            continue
        tool = McpTool(str(name), _description(raw.get("description"), str(name)), dict(raw["input_schema"]))
        cost = len(json.dumps(tool.public(), ensure_ascii=False, separators=(",", ":")).encode())
        if size + cost > models.MAX_LISTING_BYTES:
            skipped.append(Skipped(str(name), f"the listing is over the {models.MAX_LISTING_BYTES // 1024} KiB Wakeful keeps of one server"))
            continue
        size += cost
        seen.add(str(name))
        tools.append(tool)
    return Listing(tools=tuple(tools), skipped=tuple(skipped))


def _name_problem(server: str, name: Any) -> str | None:
    if not isinstance(name, str) or not name:
        return "it has no name"
    if not models.MODEL_TOOL_NAME.fullmatch(name):
        return f"its name has characters a model's tool name cannot have: {_NAME_CHARS}"
    full = models.model_tool_name(server, name)
    if len(full) > 64:
        return f"{full} would be {len(full)} characters; a model's tool name has at most 64"
    return None


def _schema_problem(schema: Any) -> str | None:
    if not isinstance(schema, Mapping):
        return "its input schema is not a JSON object"
    if schema.get("type") != "object":
        return 'its input schema is not a JSON Schema object ({"type": "object", ...})'
    if "properties" in schema and not isinstance(schema["properties"], Mapping):
        return "its input schema's properties is not an object"
    required = schema.get("required")
    if required is not None and not (isinstance(required, list) and all(isinstance(r, str) for r in required)):
        return "its input schema's required is not a list of names"
    try:
        size = len(json.dumps(schema, separators=(",", ":"), allow_nan=False).encode())
    except (TypeError, ValueError):
        return "its input schema is not plain JSON"
    if size > models.MAX_SCHEMA_BYTES:
        return f"its input schema is {size} bytes of JSON; Wakeful keeps schemas of at most {models.MAX_SCHEMA_BYTES // 1024} KiB"
    return None


def _description(value: Any, name: str) -> str:
    text = value.strip() if isinstance(value, str) else ""
    if not text:
        return f"The {name} tool."
    if len(text) > models.MAX_DESCRIPTION_CHARS:
        return text[: models.MAX_DESCRIPTION_CHARS - 1] + "…"
    return text
