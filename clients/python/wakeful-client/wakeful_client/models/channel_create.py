from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.channel_create_kind import ChannelCreateKind
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.channel_create_config import ChannelCreateConfig


T = TypeVar("T", bound="ChannelCreate")


@_attrs_define
class ChannelCreate:
    """ ``POST /channels`` body.

        Attributes:
            kind (ChannelCreateKind):
            name (str): Unique among your channels; targets name it
            agent_id (str): The agent people talk to here
            config (ChannelCreateConfig): By kind: slack `{bot_token, signing_secret, channel}`; discord `{bot_token,
                public_key, channel_id}`; telegram `{bot_token, secret_token, chat_id}`; email `{from, to: [addresses]}`.
                bot_token, signing_secret and secret_token are write-only.
            allowed_users (list[int | str] | None | Unset): Platform user ids (strings, or integers kept as their text) who
                may talk to the agent and press its buttons; absent: anyone
     """

    kind: ChannelCreateKind
    name: str
    agent_id: str
    config: ChannelCreateConfig
    allowed_users: list[int | str] | None | Unset = UNSET


    def to_dict(self) -> dict[str, Any]:
        from ..models.channel_create_config import ChannelCreateConfig # noqa: PLC0415
        kind = self.kind.value

        name = self.name

        agent_id = self.agent_id

        config = self.config.to_dict()

        allowed_users: list[int | str] | None | Unset
        if isinstance(self.allowed_users, Unset):
            allowed_users = UNSET
        elif isinstance(self.allowed_users, list):
            allowed_users = []
            for allowed_users_type_0_item_data in self.allowed_users:
                allowed_users_type_0_item: int | str
                allowed_users_type_0_item = allowed_users_type_0_item_data
                allowed_users.append(allowed_users_type_0_item)


        else:
            allowed_users = self.allowed_users


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "kind": kind,
            "name": name,
            "agent_id": agent_id,
            "config": config,
        })
        if allowed_users is not UNSET:
            field_dict["allowed_users"] = allowed_users

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.channel_create_config import ChannelCreateConfig # noqa: PLC0415
        d = dict(src_dict)
        kind = ChannelCreateKind(d.pop("kind"))


        name = d.pop("name")

        agent_id = d.pop("agent_id")

        config = ChannelCreateConfig.from_dict(d.pop("config"))


        def _parse_allowed_users(data: object) -> list[int | str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                allowed_users_type_0 = []
                _allowed_users_type_0 = data
                for allowed_users_type_0_item_data in (_allowed_users_type_0):
                    def _parse_allowed_users_type_0_item(data: object) -> int | str:
                        return cast(int | str, data)

                    allowed_users_type_0_item = _parse_allowed_users_type_0_item(allowed_users_type_0_item_data)

                    allowed_users_type_0.append(allowed_users_type_0_item)

                return allowed_users_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int | str] | None | Unset, data)

        allowed_users = _parse_allowed_users(d.pop("allowed_users", UNSET))


        channel_create = cls(
            kind=kind,
            name=name,
            agent_id=agent_id,
            config=config,
            allowed_users=allowed_users,
        )

        return channel_create
