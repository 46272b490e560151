"""Agents: identity, personality and the heartbeat schedule they own."""
