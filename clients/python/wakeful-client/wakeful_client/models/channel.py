from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.channel_config import ChannelConfig


T = TypeVar("T", bound="Channel")


@_attrs_define
class Channel:
    """ A channel (never a secret: ``secrets`` names the write-only fields it has).

        Attributes:
            id (str):
            kind (str): slack, discord, telegram or email
            name (str):
            agent_id (str): The agent people talk to here
            config (ChannelConfig): The config's public fields (where messages go)
            secrets (list[str]): The config's write-only fields, set and never shown
            allowed_users (list[str] | None): Who may talk and press buttons; null: anyone
            inbound_url (None | str): Where the platform sends its requests (Slack: the Events API URL); null for email
            created_at (None | str):
            updated_at (None | str):
            interactions_url (None | str | Unset): Slack only: the interactivity request URL (buttons)
     """

    id: str
    kind: str
    name: str
    agent_id: str
    config: ChannelConfig
    secrets: list[str]
    allowed_users: list[str] | None
    inbound_url: None | str
    created_at: None | str
    updated_at: None | str
    interactions_url: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.channel_config import ChannelConfig # noqa: PLC0415
        id = self.id

        kind = self.kind

        name = self.name

        agent_id = self.agent_id

        config = self.config.to_dict()

        secrets = self.secrets


        allowed_users: list[str] | None
        if isinstance(self.allowed_users, list):
            allowed_users = self.allowed_users


        else:
            allowed_users = self.allowed_users

        inbound_url: None | str
        inbound_url = self.inbound_url

        created_at: None | str
        created_at = self.created_at

        updated_at: None | str
        updated_at = self.updated_at

        interactions_url: None | str | Unset
        if isinstance(self.interactions_url, Unset):
            interactions_url = UNSET
        else:
            interactions_url = self.interactions_url


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "kind": kind,
            "name": name,
            "agent_id": agent_id,
            "config": config,
            "secrets": secrets,
            "allowed_users": allowed_users,
            "inbound_url": inbound_url,
            "created_at": created_at,
            "updated_at": updated_at,
        })
        if interactions_url is not UNSET:
            field_dict["interactions_url"] = interactions_url

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.channel_config import ChannelConfig # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        kind = d.pop("kind")

        name = d.pop("name")

        agent_id = d.pop("agent_id")

        config = ChannelConfig.from_dict(d.pop("config"))


        secrets = cast(list[str], d.pop("secrets"))


        def _parse_allowed_users(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                allowed_users_type_0 = cast(list[str], data)

                return allowed_users_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        allowed_users = _parse_allowed_users(d.pop("allowed_users"))


        def _parse_inbound_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        inbound_url = _parse_inbound_url(d.pop("inbound_url"))


        def _parse_created_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        created_at = _parse_created_at(d.pop("created_at"))


        def _parse_updated_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        updated_at = _parse_updated_at(d.pop("updated_at"))


        def _parse_interactions_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        interactions_url = _parse_interactions_url(d.pop("interactions_url", UNSET))


        channel = cls(
            id=id,
            kind=kind,
            name=name,
            agent_id=agent_id,
            config=config,
            secrets=secrets,
            allowed_users=allowed_users,
            inbound_url=inbound_url,
            created_at=created_at,
            updated_at=updated_at,
            interactions_url=interactions_url,
        )


        channel.additional_properties = d
        return channel

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
