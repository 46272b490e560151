"""Inbound webhooks (docs/webhooks.md).

- ``verify`` — both signature schemes over the raw body bytes, constant time, ±300 s.
- ``records`` — the typed records of the webhooks and webhook_requests tables
  (:class:`~wakeful.webhooks.records.Webhook`, ``WebhookRequest``), secrets, rate-limit counters.
- ``repository`` — every read and write of those tables.
- ``receive`` — one inbound request, start to finish (the webhook_ingest function).
- ``service``, ``models``, ``routes`` — management through the API (the api function).

What a naive design gets wrong, and this one does not: the signature is checked over the raw body, not over a
re-serialised parse; the URL carries only the webhook id, never the secret; the rate
limit is an atomic counter, not a count query.
"""
