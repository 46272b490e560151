"""The heartbeat lab: replays, dry runs, evals."""
