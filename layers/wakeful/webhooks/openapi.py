"""The webhooks' part of the OpenAPI document: ``POST /webhooks/{webhook_id}``, which API
Gateway sends to the webhook-ingest function rather than to the API's resolver, and the
schemas it names (loaded only when the document is built)."""

from __future__ import annotations

from typing import Any

from wakeful.apikit.responses import REF, error_response, model_schemas


def paths() -> dict[str, Any]:
    """``POST /webhooks/{webhook_id}``, complete."""
    return {"/webhooks/{webhook_id}": {"post": _webhook_delivery_operation()}}


def schemas() -> dict[str, Any]:
    """The delivery's body (``WebhookDelivery``) and its answer (``WebhookAccepted``)."""
    from wakeful.webhooks.responses import WebhookAccepted, WebhookDeliveryDoc

    return model_schemas((WebhookDeliveryDoc, "validation"), (WebhookAccepted, "serialization"))


def _header(name: str, description: str) -> dict[str, Any]:
    return {"name": name, "in": "header", "required": False, "schema": {"type": "string"}, "description": description}


def _webhook_delivery_operation() -> dict[str, Any]:
    """``POST /webhooks/{webhook_id}``, served by the webhook-ingest function."""
    accepted = {"$ref": f"{REF}WebhookAccepted"}
    return {
        "tags": ["webhooks"],
        "summary": "Deliver an event to an agent through its webhook (signed; no API key)",
        "description": (
            "Served by the webhook-ingest function. Sign the raw body bytes with the webhook's secret "
            "(HMAC-SHA256 keyed with the base64-decoded part after `whsec_`), by either scheme: "
            "(1) `X-Wakeful-Timestamp: <unix seconds>` and `X-Wakeful-Signature: sha256=<hex of "
            "HMAC(key, \"<timestamp>.<raw body>\")>`; (2) Standard Webhooks: `webhook-id`, "
            "`webhook-timestamp`, `webhook-signature: v1,<base64 of HMAC(key, \"<id>.<timestamp>.<raw body>\")>`. "
            "The timestamp must be within 300 s of now. Every request is recorded "
            "(`GET /agents/{id}/webhooks/{webhook_id}/requests`). The event's source is `webhook`."
        ),
        "operationId": "deliver_webhook",
        "security": [],
        "parameters": [
            {"name": "webhook_id", "in": "path", "required": True, "schema": {"type": "string"}},
            _header("webhook-id", "Standard Webhooks: the delivery id (replays of it are answered 200, duplicate)"),
            _header("webhook-timestamp", "Standard Webhooks: unix seconds"),
            _header("webhook-signature", "Standard Webhooks: `v1,<base64>` (several, space-separated, allowed)"),
            _header("X-Wakeful-Timestamp", "Scheme 1: unix seconds"),
            _header("X-Wakeful-Signature", "Scheme 1: `sha256=<hex>`"),
        ],
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": {"$ref": f"{REF}WebhookDelivery"}}},
        },
        "responses": {
            "202": {"description": "Accepted: the event was appended", "content": {"application/json": {"schema": accepted}}},
            "200": {
                "description": "The same delivery again: no new event (`duplicate: true`)",
                "content": {"application/json": {"schema": accepted}},
            },
            "400": error_response(400, "The body is not a JSON object {event_type?, priority?, payload}"),
            "401": error_response(401, "Missing or wrong signature, or a timestamp more than 300 s away"),
            "403": error_response(403, "The event type is not in the webhook's allowed_event_types"),
            "404": error_response(404, "Unknown or inactive webhook"),
            "413": error_response(413, "Body over 256 KiB"),
            "429": {
                **error_response(429, "Over the webhook's rate_limit_per_hour"),
                "headers": {"Retry-After": {"schema": {"type": "integer"}, "description": "Seconds until the next hour"}},
            },
        },
    }
