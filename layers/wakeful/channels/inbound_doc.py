"""The platforms' routes in the OpenAPI document (``POST /channels/{channel_id}/...``):
API Gateway sends them to the channel_inbound function rather than to the resolver, so
the document describes them here. No API key: each platform signs its requests."""

from __future__ import annotations

from typing import Any

_ERROR = {"$ref": "#/components/schemas/Error"}


def _error(description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": _ERROR}}}


def _header(name: str, description: str) -> dict[str, Any]:
    return {"name": name, "in": "header", "required": False, "schema": {"type": "string"}, "description": description}


_CHANNEL = {"name": "channel_id", "in": "path", "required": True, "schema": {"type": "string"}}
_SLACK_HEADERS = [
    _header("X-Slack-Request-Timestamp", "Unix seconds; within 300 s of now"),
    _header("X-Slack-Signature", "`v0=` + hex HMAC-SHA256(signing_secret, `v0:{timestamp}:{raw body}`)"),
]
_RECORDED = "Every request, accepted or not, is recorded (`GET /channels/{channel_id}/requests`) with the reason."


def _operation(operation_id: str, summary: str, description: str, headers: list[dict[str, Any]], body: dict[str, Any], ok: dict[str, Any]) -> dict[str, Any]:
    return {
        "tags": ["channels"],
        "summary": summary,
        "description": f"{description} {_RECORDED}",
        "operationId": operation_id,
        "security": [],
        "parameters": [_CHANNEL, *headers],
        "requestBody": {"required": True, "content": body},
        "responses": {
            "200": ok,
            "400": _error("Signed, but not a body the platform sends"),
            "401": _error("Missing or wrong signature (or secret token), or a timestamp more than 300 s away"),
            "404": _error("No such channel, or not a channel of this platform"),
            "413": _error("Body over 512 KiB"),
        },
    }


def operations() -> dict[str, dict[str, Any]]:
    """Path -> ``{"post": operation}`` of each platform route."""
    any_object = {"application/json": {"schema": {"type": "object"}}}
    return {
        "/channels/{channel_id}/slack/events": {
            "post": _operation(
                "slack_events",
                "Slack's Events API: a URL check, or a person's message (signed; no API key)",
                "Set it as the Slack app's Event Subscriptions Request URL (events message.channels, app_mention). "
                "`url_verification` is answered with its challenge; a `message` or `app_mention` from an allowed, "
                "non-bot user starts a thread on the channel's agent (source `slack`), or is a message to the thread "
                "its `thread_ts` belongs to. The same `event_id` again is taken once. Answered at once; the work goes on after.",
                _SLACK_HEADERS,
                any_object,
                {"description": "Taken (or ignored, with the reason recorded)", "content": {"application/json": {"schema": {
                    "type": "object", "properties": {"challenge": {"type": "string", "description": "url_verification's challenge"}},
                }}}},
            )
        },
        "/channels/{channel_id}/slack/interactions": {
            "post": _operation(
                "slack_interactions",
                "Slack's interactivity: an Approve or Deny press (signed; no API key)",
                "Set it as the Slack app's Interactivity Request URL. The form field `payload` is the JSON of a "
                "`block_actions` press; a button value `approve:<ref>` or `deny:<ref>` by a user in allowed_users "
                "(or anyone, when it is absent) decides the approval, once.",
                _SLACK_HEADERS,
                {"application/x-www-form-urlencoded": {"schema": {"type": "object", "properties": {"payload": {"type": "string"}}}}},
                {"description": "Taken (an empty body)"},
            )
        },
        "/channels/{channel_id}/discord": {
            "post": _operation(
                "discord_interactions",
                "Discord's interactions: a PING, a slash command, a button (signed; no API key)",
                "Set it as the application's Interactions Endpoint URL. Signed with Ed25519 (`X-Signature-Ed25519` over "
                "`X-Signature-Timestamp` + the raw body) by the channel's public_key. Type 1 answers `{\"type\": 1}`; "
                "type 2, a command with a string option `message`, starts a thread and answers `{\"type\": 5}` (the "
                "thread's answer follows up); type 3, a button `approve:<ref>` or `deny:<ref>`, decides the approval "
                "and answers `{\"type\": 6}`.",
                [_header("X-Signature-Ed25519", "Hex Ed25519 signature"), _header("X-Signature-Timestamp", "Unix seconds; within 300 s of now")],
                any_object,
                {"description": "The interaction's answer", "content": {"application/json": {"schema": {
                    "type": "object", "required": ["type"],
                    "properties": {"type": {"type": "integer", "enum": [1, 4, 5, 6, 7]}, "data": {"type": "object"}},
                }}}},
            )
        },
        "/channels/{channel_id}/telegram": {
            "post": _operation(
                "telegram_updates",
                "Telegram's webhook: a message or a button press (secret token; no API key)",
                "Give it to setWebhook with the channel's secret_token. `message.text` starts a thread (a reply to one "
                "of the bot's messages continues that thread); `callback_query` with `approve:<ref>` or `deny:<ref>` "
                "decides the approval. The same `update_id` again is taken once.",
                [_header("X-Telegram-Bot-Api-Secret-Token", "The channel's secret_token")],
                any_object,
                {"description": "Taken (a button's answer stops its spinner: answerCallbackQuery)", "content": {"application/json": {"schema": {"type": "object"}}}},
            )
        },
    }
