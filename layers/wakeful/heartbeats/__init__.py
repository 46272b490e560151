"""Heartbeats: the due-work scan, the orchestrator and the lifecycle records."""
