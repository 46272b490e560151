from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.agent_tool_settings_config import AgentToolSettingsConfig


T = TypeVar("T", bound="AgentToolSettings")


@_attrs_define
class AgentToolSettings:
    """ What the agent sets on top of your settings.

        Attributes:
            config (AgentToolSettingsConfig):
            is_active (bool):
     """

    config: AgentToolSettingsConfig
    is_active: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.agent_tool_settings_config import AgentToolSettingsConfig # noqa: PLC0415
        config = self.config.to_dict()

        is_active = self.is_active


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "config": config,
            "is_active": is_active,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agent_tool_settings_config import AgentToolSettingsConfig # noqa: PLC0415
        d = dict(src_dict)
        config = AgentToolSettingsConfig.from_dict(d.pop("config"))


        is_active = d.pop("is_active")

        agent_tool_settings = cls(
            config=config,
            is_active=is_active,
        )


        agent_tool_settings.additional_properties = d
        return agent_tool_settings

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
