from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.agent_tool_config import AgentToolConfig
  from ..models.agent_tool_settings import AgentToolSettings


T = TypeVar("T", bound="AgentTool")


@_attrs_define
class AgentTool:
    """ A tool as it runs for one agent.

        Attributes:
            name (str):
            kind (str):
            is_active (bool):
            config (AgentToolConfig): The config it runs with (yours, then the agent's on top)
            agent_settings (AgentToolSettings): What the agent sets on top of your settings.
     """

    name: str
    kind: str
    is_active: bool
    config: AgentToolConfig
    agent_settings: AgentToolSettings
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.agent_tool_config import AgentToolConfig # noqa: PLC0415
        from ..models.agent_tool_settings import AgentToolSettings # noqa: PLC0415
        name = self.name

        kind = self.kind

        is_active = self.is_active

        config = self.config.to_dict()

        agent_settings = self.agent_settings.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "name": name,
            "kind": kind,
            "is_active": is_active,
            "config": config,
            "agent_settings": agent_settings,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agent_tool_config import AgentToolConfig # noqa: PLC0415
        from ..models.agent_tool_settings import AgentToolSettings # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name")

        kind = d.pop("kind")

        is_active = d.pop("is_active")

        config = AgentToolConfig.from_dict(d.pop("config"))


        agent_settings = AgentToolSettings.from_dict(d.pop("agent_settings"))


        agent_tool = cls(
            name=name,
            kind=kind,
            is_active=is_active,
            config=config,
            agent_settings=agent_settings,
        )


        agent_tool.additional_properties = d
        return agent_tool

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
