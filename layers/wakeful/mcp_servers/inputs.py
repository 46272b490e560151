"""The MCP server routes' bodies (pydantic): loaded by the API when a request has one."""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import AfterValidator, Field, field_validator

from wakeful.inputs import Body, Patch, unchanged
from wakeful.mcp_servers import models

#: A header's name: an HTTP token.
_TOKEN = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}")
#: Headers Wakeful sets itself, or that would change how the exchange is framed.
RESERVED_HEADERS = frozenset(
    {
        "host", "content-length", "content-type", "content-encoding", "transfer-encoding", "connection",
        "keep-alive", "upgrade", "te", "trailer", "expect", "accept", "accept-encoding", "user-agent",
        "proxy-authorization", "proxy-connection", "mcp-session-id", "mcp-protocol-version", "last-event-id",
    }
)  # fmt: skip


def _headers(value: dict[str, str] | None) -> dict[str, str] | None:
    if value is None:
        return None
    if len(value) > models.MAX_HEADERS:
        raise ValueError(f"at most {models.MAX_HEADERS} headers")
    seen: set[str] = set()
    for name, text in value.items():
        if not _TOKEN.fullmatch(name):
            raise ValueError(f"header name {name[:40]!r} is not an HTTP token (letters, digits and !#$%&'*+.^_`|~-, at most 100)")
        lower = name.lower()
        if lower in RESERVED_HEADERS:
            raise ValueError(f"header {name} is set by Wakeful itself and cannot be given")
        if lower in seen:
            raise ValueError(f"header {name} is given twice (names are case-insensitive)")
        seen.add(lower)
        if len(text) > models.MAX_HEADER_VALUE_CHARS:
            raise ValueError(f"header {name}'s value is over {models.MAX_HEADER_VALUE_CHARS} characters")
        if any(not (char == "\t" or " " <= char <= "~") for char in text):
            raise ValueError(f"header {name}'s value may hold printable ASCII characters and tabs only")
    return value


def _unique(value: list[str] | None) -> list[str] | None:
    return None if value is None else list(dict.fromkeys(value))


Headers = Annotated[dict[str, str] | None, AfterValidator(_headers)]
AllowedTool = Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{1,64}$")]
_HEADERS_DOC = (
    "Sent with every request to the server (e.g. Authorization). Write-only: sealed at rest, never returned "
    "(header_names shows which are set)"
)
_TOOLS_DOC = "The tools agents may use (names as the server lists them); left out or null: every tool it lists"
_TIMEOUT_DOC = "A tool call's total deadline: connecting, the MCP handshake and the whole answer"


class McpServerCreate(Body):
    """``POST /mcp-servers`` body."""

    name: str = Field(pattern=models.SERVER_NAME_PATTERN, description="Unique per owner; agents' tools name it as mcp:<name>")
    url: str = Field(min_length=1, max_length=2048, description="The server's Streamable HTTP endpoint")
    headers: Headers = Field(default=None, description=_HEADERS_DOC)
    tools: list[AllowedTool] | None = Field(default=None, max_length=models.MAX_TOOLS_PER_SERVER, description=_TOOLS_DOC)
    timeout_ms: int = Field(
        default=models.DEFAULT_CALL_TIMEOUT_MS, ge=models.MIN_CALL_TIMEOUT_MS, le=models.MAX_CALL_TIMEOUT_MS, description=_TIMEOUT_DOC
    )

    @field_validator("tools")
    @classmethod
    def _tools(cls, value: list[str] | None) -> list[str] | None:
        return _unique(value)


class McpServerPatch(Patch):
    """``PATCH /mcp-servers/{server_id}`` body: any subset of the fields. A new url or new
    headers list the server's tools again (as registering does); ``null`` for headers
    removes them, for tools allows every tool. The name never changes (agents name the
    server by it)."""

    url: str = unchanged(min_length=1, max_length=2048)
    headers: Headers = Field(default=None, description=f"{_HEADERS_DOC}; null removes them")
    tools: list[AllowedTool] | None = Field(default=None, max_length=models.MAX_TOOLS_PER_SERVER, description=f"{_TOOLS_DOC}")
    timeout_ms: int = unchanged(ge=models.MIN_CALL_TIMEOUT_MS, le=models.MAX_CALL_TIMEOUT_MS)

    @field_validator("tools")
    @classmethod
    def _tools(cls, value: list[str] | None) -> list[str] | None:
        return _unique(value)
