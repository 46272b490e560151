"""Threads: LLM loops with tools that decide themselves when to sleep and what wakes them.

- :mod:`records`, :mod:`matching` — statuses, item shapes, pure matching and delays.
- :mod:`repository` (threads table), :mod:`messages_repository` (thread messages),
  :mod:`routing_repository` (route decisions, router cursor, trigger state) — all
  DynamoDB access.
- :mod:`service` — start, message, wake, cancel, approve (API and schedules call these).
- :mod:`runner` — one step of a run (the thread queue's work): persist → intercept → enqueue.
- :mod:`router` — routes each appended event to waiting threads or thread triggers.
- :mod:`due` — the scan's part: timer wakes, expiries and expired step leases.
"""
