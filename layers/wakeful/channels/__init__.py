"""Channels: where people are. An agent talks with people in Slack, Discord, Telegram
and email, both ways (docs/channels.md).

- **Management** (``/channels[...]``, owner-scoped): :mod:`service`, :mod:`routes`; the
  bot tokens and signing secrets are sealed at rest and never leave the API again.
- **Outbound**: :mod:`outbox` records a delivery, keyed by what it answers (a schedule
  result, an approval, a run's reply), and queues it; :mod:`delivery` (the
  channel_deliver function) sends it with its own retries, formatted per platform by
  :mod:`platforms`.
- **Inbound**: :mod:`inbound` (the channel_inbound function) verifies a platform's
  request over the raw body, records it, answers at once and queues the work;
  :mod:`inbox` (the channel_worker function) turns it into a thread message or an
  approval decision.
"""
