"""Tools: the BaseTool contract, built-in tools, and users' HTTP and Lambda tools."""
