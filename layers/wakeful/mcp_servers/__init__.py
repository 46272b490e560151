"""MCP servers as a tool source: an owner registers a server (Streamable HTTP), Wakeful
lists its tools, and agents whose ``tools`` name ``mcp:<server>`` or
``mcp:<server>/<tool>`` offer them to their threads' model as ``<server>__<tool>``.
A call is a thread tool call like any other (interception, ``tool_policy``, approvals,
the stream, an action), made with the official MCP SDK under the one outbound URL
policy and a total deadline (docs/mcp.md)."""
