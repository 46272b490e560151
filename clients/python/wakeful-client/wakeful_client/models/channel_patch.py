from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.channel_patch_config import ChannelPatchConfig


T = TypeVar("T", bound="ChannelPatch")


@_attrs_define
class ChannelPatch:
    """ ``PATCH /channels/{channel_id}`` body: any subset. ``config`` changes only the
    fields it names (a new bot token, another default conversation); ``allowed_users:
    null`` lets anyone talk again.

        Attributes:
            name (str | Unset):
            agent_id (str | Unset):
            config (ChannelPatchConfig | Unset): The config fields to change; the others keep their values
            allowed_users (list[int | str] | None | Unset):
     """

    name: str | Unset = UNSET
    agent_id: str | Unset = UNSET
    config: ChannelPatchConfig | Unset = UNSET
    allowed_users: list[int | str] | None | Unset = UNSET


    def to_dict(self) -> dict[str, Any]:
        from ..models.channel_patch_config import ChannelPatchConfig # noqa: PLC0415
        name = self.name

        agent_id = self.agent_id

        config: dict[str, Any] | Unset = UNSET
        if not isinstance(self.config, Unset):
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
        })
        if name is not UNSET:
            field_dict["name"] = name
        if agent_id is not UNSET:
            field_dict["agent_id"] = agent_id
        if config is not UNSET:
            field_dict["config"] = config
        if allowed_users is not UNSET:
            field_dict["allowed_users"] = allowed_users

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.channel_patch_config import ChannelPatchConfig # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        agent_id = d.pop("agent_id", UNSET)

        _config = d.pop("config", UNSET)
        config: ChannelPatchConfig | Unset
        if isinstance(_config,  Unset):
            config = UNSET
        else:
            config = ChannelPatchConfig.from_dict(_config)


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


        channel_patch = cls(
            name=name,
            agent_id=agent_id,
            config=config,
            allowed_users=allowed_users,
        )

        return channel_patch
