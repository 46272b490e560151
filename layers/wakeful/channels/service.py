"""Creating, reading, changing and deleting channels, owner-scoped.

Another owner's channel is not found (404) on every route. A channel's secret config
fields (bot tokens, signing secrets) are sealed with KMS as one blob and never returned,
logged or streamed; the answer lists which secret fields the channel has.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from wakeful import clock, ids
from wakeful.agents import service as agents
from wakeful.channels import delivery_repository, models, platforms, repository, request_repository
from wakeful.channels.exceptions import ChannelConfigError, ChannelLimitError, ChannelNotFoundError
from wakeful.channels.records import Channel, ChannelDelivery, ChannelRequest, seal_secrets, secrets_of

if TYPE_CHECKING:
    from wakeful.channels.inputs import ChannelCreate, ChannelPatch


def _split(kind: str, config: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """(the public fields, the secret fields) of a checked config."""
    secret_names = platforms.of(kind).secret_fields()
    public = {k: v for k, v in config.items() if k not in secret_names}
    return public, {k: v for k, v in config.items() if k in secret_names}


def create(owner: str, body: ChannelCreate) -> Channel:
    """Create a channel of the owner's, talking to the owner's agent ``agent_id``.

    Raises:
        AgentNotFoundError: the agent is not the owner's.
        ChannelNameTakenError: the owner has a channel with this name.
        ChannelLimitError: the owner has too many channels.
    """
    agents.get(owner, body.agent_id)
    if repository.count(owner) >= models.MAX_CHANNELS_PER_OWNER:
        raise ChannelLimitError(f"you can have at most {models.MAX_CHANNELS_PER_OWNER} channels")
    now = clock.now()
    channel_id = ids.new_id("chn", now)
    public, secret = _split(body.kind, body.config)
    channel = Channel(
        channel_id=channel_id,
        owner=owner,
        kind=body.kind,
        name=body.name,
        agent_id=body.agent_id,
        config=public,
        secrets_sealed=seal_secrets(channel_id, secret) if secret else None,
        allowed_users=None if body.allowed_users is None else tuple(body.allowed_users),
        created_at=now,
        updated_at=now,
    )
    _prepare(channel)
    repository.create(channel)
    return channel


def _prepare(channel: Channel) -> None:
    """What a kind needs before it can send (an email channel's sender identity)."""
    platforms.of(channel.kind).prepare(channel)


def get(owner: str, channel_id: str) -> Channel:
    """The owner's channel.

    Raises:
        ChannelNotFoundError: no such channel of this owner.
    """
    channel = repository.get(channel_id) if channel_id.startswith("chn_") else None
    if channel is None or channel.owner != owner:
        raise ChannelNotFoundError(f"channel {channel_id} not found")
    return channel


def list_page(owner: str, limit: int, cursor: str | None) -> tuple[list[Channel], str | None]:
    """The owner's channels, newest first."""
    return repository.page(owner, limit, cursor)


def patch(owner: str, channel_id: str, body: ChannelPatch) -> Channel:
    """Change a channel's name, agent, config fields (only those sent) or allowed users."""
    from wakeful.channels.inputs import check_config

    channel = get(owner, channel_id)
    changes = body.model_dump(exclude_unset=True)
    fields: dict[str, Any] = {"updated_at": max(clock.now(), (channel.updated_at or 0) + 0.001)}
    if "name" in changes:
        fields["name"] = changes["name"]
    if "agent_id" in changes:
        agents.get(owner, changes["agent_id"])
        fields["agent_id"] = changes["agent_id"]
    if "allowed_users" in changes:
        users = changes["allowed_users"]
        fields["allowed_users"] = None if users is None else tuple(users)
    if "config" in changes:
        merged = {**channel.config, **secrets_of(channel), **changes["config"]}
        try:
            checked = check_config(channel.kind, merged)
        except ValueError as error:
            raise ChannelConfigError(str(error)) from None
        public, secret = _split(channel.kind, checked)
        fields["config"] = public
        fields["secrets_sealed"] = seal_secrets(channel_id, secret) if secret else None
    changed = dataclasses.replace(channel, **fields)
    if changed.config.get("from") != channel.config.get("from"):
        _prepare(changed)
    repository.replace(channel, changed)
    return changed


def delete(owner: str, channel_id: str) -> None:
    """Delete a channel: its name is free again, its URLs answer 404 from now on, and
    targets naming it are skipped. Its delivery and request rows expire."""
    repository.delete(get(owner, channel_id))


def deliveries_page(owner: str, channel_id: str, limit: int, cursor: str | None) -> tuple[list[ChannelDelivery], str | None]:
    """The channel's deliveries, newest first."""
    get(owner, channel_id)
    return delivery_repository.channel_page(channel_id, limit, cursor)


def requests_page(owner: str, channel_id: str, limit: int, cursor: str | None) -> tuple[list[ChannelRequest], str | None]:
    """The channel's inbound requests, accepted or not, newest first."""
    get(owner, channel_id)
    return request_repository.page(channel_id, limit, cursor)
