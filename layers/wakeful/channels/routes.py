"""Channel management: ``/channels[/{channel_id}[/deliveries|/requests|/test]]``
(docs/channels.md).

The platforms' own requests (``POST /channels/{channel_id}/slack/events``, ...) are not
here: API Gateway sends them to the channel_inbound function
(:mod:`wakeful.channels.inbound`), which checks the platform's signature.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

from wakeful import clock
from wakeful.apikit.common import owner, page, public_base_url, respond
from wakeful.apikit.routing import Body, Query, Router, no_content, ok
from wakeful.channels import platforms, service
from wakeful.channels.records import Channel
from wakeful.pagination import MAX_LIMIT

if TYPE_CHECKING:  # bodies are named here and loaded when a request has one
    from wakeful.channels.inputs import ChannelCreate, ChannelPatch, ChannelTest

router = Router()
Limit = Annotated[int, Query(ge=1, le=MAX_LIMIT, description="Page size")]
Cursor = Annotated[str | None, Query(description="The `next` value of the previous page")]
TAGS = ["channels"]



def _view(channel: Channel) -> dict[str, Any]:
    return _public(channel, public_base_url(router))


def _public(channel: Channel, base_url: str) -> dict[str, Any]:
    """A channel as the API shows it: never a secret, only which secret fields are set,
    and where its platform sends its requests (its platform names its fields and URLs)."""
    platform = platforms.of(channel.kind)
    urls = platform.urls(channel, f"{base_url.rstrip('/')}/channels/{channel.channel_id}")
    view: dict[str, Any] = {
        "id": channel.channel_id,
        "kind": channel.kind,
        "name": channel.name,
        "agent_id": channel.agent_id,
        "config": {name: channel.config.get(name) for name in platform.public_fields() if name in channel.config},
        "secrets": list(platform.secret_fields()),
        "allowed_users": None if channel.allowed_users is None else list(channel.allowed_users),
        "inbound_url": urls.pop("inbound_url", None),
        "created_at": clock.iso(channel.created_at),
        "updated_at": clock.iso(channel.updated_at),
    }
    view.update(urls)
    return view


@router.post(
    "/channels",
    status_code=201,
    summary="Create a channel (Slack, Discord, Telegram or email); its secrets are write-only",
    tags=TAGS,
    responses=ok("Channel", 201, "The channel, with the URL to give the platform"),
)
def create_channel(body: ChannelCreate):
    return respond(201, _view(service.create(owner(router), body)))


@router.get("/channels", summary="List your channels, newest first", tags=TAGS, responses=ok("ChannelPage"))
def list_channels(limit: Limit = 50, cursor: Cursor = None):
    items, next_cursor = service.list_page(owner(router), limit, cursor)
    return respond(200, page([_view(c) for c in items], next_cursor))


@router.get("/channels/<channel_id>", summary="Get a channel (never its secrets)", tags=TAGS, responses=ok("Channel"))
def get_channel(channel_id: str):
    return respond(200, _view(service.get(owner(router), channel_id)))


@router.patch(
    "/channels/<channel_id>",
    summary="Change a channel's name, agent, config fields or allowed users",
    tags=TAGS,
    responses=ok("Channel"),
)
def patch_channel(channel_id: str, body: ChannelPatch):
    return respond(200, _view(service.patch(owner(router), channel_id, body)))


@router.delete("/channels/<channel_id>", status_code=204, summary="Delete a channel", tags=TAGS, responses=no_content())
def delete_channel(channel_id: str):
    service.delete(owner(router), channel_id)
    return respond(204, None)


@router.get(
    "/channels/<channel_id>/deliveries",
    summary="Messages sent to the channel, newest first, with their status",
    tags=TAGS,
    responses=ok("ChannelDeliveryPage"),
)
def list_channel_deliveries(channel_id: str, limit: Limit = 50, cursor: Cursor = None):
    items, next_cursor = service.deliveries_page(owner(router), channel_id, limit, cursor)
    return respond(200, page([d.public() for d in items], next_cursor))


@router.get(
    "/channels/<channel_id>/requests",
    summary="Every request the platform sent, accepted or not (with the reason), newest first",
    tags=TAGS,
    responses=ok("ChannelRequestPage"),
)
def list_channel_requests(channel_id: str, limit: Limit = 50, cursor: Cursor = None):
    items, next_cursor = service.requests_page(owner(router), channel_id, limit, cursor)
    return respond(200, page([r.public() for r in items], next_cursor))


@router.post(
    "/channels/<channel_id>/test",
    summary="Send a test message to the channel",
    tags=TAGS,
    responses=ok("ChannelTestAccepted", 202, "The test message is on its way: see the channel's deliveries"),
)
def test_channel(channel_id: str, body: Annotated[ChannelTest | None, Body()] = None):
    from wakeful.channels import outbox

    delivery_id = outbox.test(service.get(owner(router), channel_id), body.message if body else None, body.conversation if body else None)
    return respond(202, {"delivery_id": delivery_id})
