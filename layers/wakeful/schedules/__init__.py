"""Cron schedules, heartbeat checklists and their results."""
