"""Wakeful as an MCP server: ``POST /mcp`` (Streamable HTTP, stateless, JSON answers)
behind the API's keys, with tools that call the same services as the REST routes
(docs/mcp.md)."""
