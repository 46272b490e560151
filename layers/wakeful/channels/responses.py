"""Response models of the channel routes."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from wakeful.api.responses import Page, View


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
    kind: str = Field(description="notification, schedule_result, schedule_failed, approval or reply")
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
    """One inbound request from the platform, accepted or not, and why."""

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
    source_ip: str | None
    received_at: str | None


class ChannelRequestPage(Page):
    """Requests, newest first."""

    items: list[ChannelRequest]


class ChannelTestAccepted(View):
    """The test message's delivery."""

    delivery_id: str
