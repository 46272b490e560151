"""MCP server shapes without pydantic: names, limits, and the name the model sees.

Loaded by the thread runner on every model turn of an agent with ``mcp:`` tools, so it
imports nothing heavy.
"""

from __future__ import annotations

import re

#: A server's name: lower case, as it appears in ``mcp:<server>`` and ``<server>__<tool>``.
SERVER_NAME_PATTERN = r"^[a-z][a-z0-9_]{0,31}$"
#: What the model APIs (Anthropic, OpenAI, Bedrock) accept as a tool name.
MODEL_TOOL_NAME = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")
#: Between the server's name and the tool's in the name the model sees.
SEPARATOR = "__"
#: An agent's ``tools`` entry: ``mcp:<server>`` (all its tools) or ``mcp:<server>/<tool>``.
PREFIX = "mcp:"
ENTRY_PATTERN = r"mcp:[a-z][a-z0-9_]{0,31}(?:/[A-Za-z0-9_-]{1,64})?"

#: ``tool_config`` keys of an MCP tool's definition: where its calls go.
CONFIG_SERVER_ID = "mcp_server_id"
CONFIG_SERVER_NAME = "mcp_server"
CONFIG_TOOL = "mcp_tool"

#: Servers an owner may register.
MAX_SERVERS_PER_OWNER = 50
#: Tools kept of one server's listing (the rest are skipped, and said so).
MAX_TOOLS_PER_SERVER = 128
#: Pages of ``tools/list`` read at most (a server whose cursor never ends stops here).
MAX_LIST_PAGES = 10
#: One tool's input schema, as compact JSON.
MAX_SCHEMA_BYTES = 16 * 1024
#: One tool's description (longer ones are cut, and end with "…").
MAX_DESCRIPTION_CHARS = 4000
#: Everything kept of a listing (tools, descriptions, schemas), as JSON: the server's
#: record stays well inside DynamoDB's 400 KB item.
MAX_LISTING_BYTES = 256 * 1024
#: Headers a server may be given, and their sizes.
MAX_HEADERS = 20
MAX_HEADER_VALUE_CHARS = 8192

#: Registering, refreshing and changing a server's url or headers list its tools from
#: the API function, within this total deadline (keep it short: in ``wakeful dev`` the
#: API serves one request at a time, and API Gateway waits at most 29 s).
LIST_DEADLINE_SECONDS = 5.0
#: A tool call's total deadline when the server sets none (``timeout_ms``), and bounds.
DEFAULT_CALL_TIMEOUT_MS = 30_000
MIN_CALL_TIMEOUT_MS = 1_000
MAX_CALL_TIMEOUT_MS = 120_000
#: The most of a tool's result the model sees (UTF-8 bytes of its text); the rest is cut
#: and the result says so.
MAX_RESULT_BYTES = 64 * 1024
#: The most an MCP server's HTTP answer may carry (each response body, decoded).
MAX_RESPONSE_BYTES = 4 * 1024 * 1024


def model_tool_name(server: str, tool: str) -> str:
    """The name the model sees for ``tool`` of ``server``: ``<server>__<tool>``."""
    return f"{server}{SEPARATOR}{tool}"


def parse_entry(entry: str) -> tuple[str, str | None]:
    """``mcp:<server>`` -> (server, None); ``mcp:<server>/<tool>`` -> (server, tool)."""
    server, _, tool = entry[len(PREFIX) :].partition("/")
    return server, tool or None
