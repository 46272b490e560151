"""The immutable event log: per-agent, gap-free sequence numbers."""
