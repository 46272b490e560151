"""Response models of the channel routes, and the platforms' routes as the OpenAPI
document shows them (:func:`inbound_operations`: API Gateway sends those to the
channel_inbound function, not to the resolver; no API key, each platform signs)."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from wakeful.apikit.responses import Page, View


class Channel(View):
    """A channel (never a secret: ``secrets`` names the write-only fields it has)."""

    id: str
    kind: str = Field(description="slack, discord, telegram or email")
    name: str
    agent_id: str = Field(description="The agent people talk to here")
    config: dict[str, Any] = Field(description="The config's public fields (where messages go)")
    secrets: list[str] = Field(description="The config's write-only fields, set and never shown")
    allowed_users: list[str] | None = Field(description="Who may talk and press buttons; null: anyone")
    inbound_url: str | None = Field(description="Where the platform sends its requests (Slack: the Events API URL); null for email")
    interactions_url: str | None = Field(default=None, description="Slack only: the interactivity request URL (buttons)")
    created_at: str | None
    updated_at: str | None


class ChannelPage(Page):
    """A page of channels, newest first."""

    items: list[Channel]


class ChannelDelivery(View):
    """One message to a channel, keyed by what it answers."""

    id: str
    channel_id: str
    target: str = Field(description="The channel name, or name:conversation")
    kind: str = Field(description="notification, schedule_result, schedule_failed, approval, reply or budget")
    status: str = Field(description="pending, delivered or failed")
    attempts: int
    error: str | None
    thread_id: str | None
    created_at: str | None
    delivered_at: str | None


class ChannelDeliveryPage(Page):
    """Deliveries, newest first."""

    items: list[ChannelDelivery]


class ChannelRequest(View):
    """One inbound request from the platform, accepted or not, and why; or the requests
    of one minute refused for one reason before their signature was valid, counted."""

    id: str
    channel_id: str
    route: str = Field(description="slack/events, slack/interactions, discord or telegram")
    status: str = Field(description="accepted, duplicate, ignored, rejected, unauthorized or not_found")
    http_status: int | None
    reason: str | None = Field(description="Why it was not accepted (or what was answered at once)")
    event_type: str | None
    event_id: str | None = Field(description="The platform's event id (event_id, update_id, interaction id)")
    user: str | None
    signature_valid: bool
    outcome: str | None = Field(description="What the worker then did (a thread started, a tool call approved, nothing)")
    thread_id: str | None
    source_ip: str | None = Field(description="The sender's address (of a counted item: the last one's)")
    received_at: str | None = Field(description="When it came (of a counted item: the first of its minute)")
    count: int = Field(
        description=(
            "1 for a request's own row. Requests refused before their signature was valid (a bad or missing "
            "signature, a stale timestamp, a body over 512 KiB, a route of another platform) are counted instead: "
            "one item per channel, minute and reason, with how many came"
        )
    )
    last_received_at: str | None = Field(description="When the last request it counts came (a row: received_at)")


class ChannelRequestPage(Page):
    """Requests, newest first."""

    items: list[ChannelRequest]


class ChannelTestAccepted(View):
    """The test message's delivery."""

    delivery_id: str


class SlackEventsAnswer(View):
    """What Slack's Events API gets back: ``{"challenge"}`` for ``url_verification``, else
    an empty object."""

    challenge: str | None = Field(None, description="url_verification's challenge, echoed")


class DiscordInteractionAnswer(View):
    """What Discord gets back: 1 (PONG), 4 (a message, here only to the user: ephemeral),
    5 (deferred: the thread's answer follows up) or 6 (a button's deferred update)."""

    type: int = Field(description="The interaction response type")
    data: dict[str, Any] | None = Field(None, description="Type 4's message")


class TelegramUpdateAnswer(View):
    """What Telegram gets back: empty, or a method call in the webhook's answer (a
    button's ``answerCallbackQuery``, which stops its spinner)."""

    method: str | None = None
    callback_query_id: str | None = None
    text: str | None = None




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


_ANY_OBJECT = {"application/json": {"schema": {"type": "object"}}}


def _answer(description: str, model: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{model}"}}}}


def slack_operations() -> dict[str, dict[str, Any]]:
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
                _ANY_OBJECT,
                _answer("Taken (or ignored, with the reason recorded)", "SlackEventsAnswer"),
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
    }


def discord_operations() -> dict[str, dict[str, Any]]:
    return {
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
                _ANY_OBJECT,
                _answer("The interaction's answer", "DiscordInteractionAnswer"),
            )
        }
    }


def telegram_operations() -> dict[str, dict[str, Any]]:
    return {
        "/channels/{channel_id}/telegram": {
            "post": _operation(
                "telegram_updates",
                "Telegram's webhook: a message or a button press (secret token; no API key)",
                "Give it to setWebhook with the channel's secret_token. `message.text` starts a thread (a reply to one "
                "of the bot's messages continues that thread); `callback_query` with `approve:<ref>` or `deny:<ref>` "
                "decides the approval. The same `update_id` again is taken once.",
                [_header("X-Telegram-Bot-Api-Secret-Token", "The channel's secret_token")],
                _ANY_OBJECT,
                _answer("Taken (a button's answer stops its spinner: answerCallbackQuery)", "TelegramUpdateAnswer"),
            )
        },
    }
