"""The live stream of what an agent is doing: StreamEvents, their sinks, SSE/WebSocket."""
