"""One interception point for every message and tool call of a thread."""
