"""Subscriptions: which tool runs for which event type, with filters and order."""
