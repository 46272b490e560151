"""Threads: LLM loops with tools that decide themselves when to sleep and what wakes them.

- :mod:`records` — statuses, and the thread as a frozen :class:`~records.Thread` record
  (its step, approvals, inbox entries and waits typed); :mod:`matching` — pure matching
  and delays.
- :mod:`repository` (threads table: reads give records, writes take the record read and
  the changes), :mod:`messages_repository` (thread messages), :mod:`routing_repository`
  (route decisions, router cursor, trigger state) — all DynamoDB access.
- :mod:`service` — start, message, wake, cancel, approve (API and schedules call these).
- :mod:`runner` — one step of a run (the thread queue's work): persist → intercept → enqueue.
- :mod:`run_end` — everything that follows a run's end, in one place; :mod:`slots` —
  the run-end listeners of the capabilities above (the schedules', the channels'),
  installed by the entry points; :mod:`hooks` — a thread's hooks.
- :mod:`router` — routes each appended event to waiting threads or thread triggers.
- :mod:`due` — the scan's part: timer wakes, expiries and expired step leases.
"""
