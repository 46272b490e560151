from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.tool_settings_patch_config_type_0 import ToolSettingsPatchConfigType0


T = TypeVar("T", bound="ToolSettingsPatch")


@_attrs_define
class ToolSettingsPatch:
    """ ``PATCH /tools/{name}`` and ``PATCH /agents/{id}/tools/{name}`` body.

    ``config`` replaces the tool's config (``{}`` or null: none); for a built-in tool it
    takes ``model``, ``temperature`` and ``max_tokens``. ``is_active: false`` stops the
    tool from running for the owner's agents (or for this agent); its subscriptions stay.

        Attributes:
            config (None | ToolSettingsPatchConfigType0 | Unset):
            is_active (bool | Unset):
     """

    config: None | ToolSettingsPatchConfigType0 | Unset = UNSET
    is_active: bool | Unset = UNSET


    def to_dict(self) -> dict[str, Any]:
        from ..models.tool_settings_patch_config_type_0 import ToolSettingsPatchConfigType0 # noqa: PLC0415
        config: dict[str, Any] | None | Unset
        if isinstance(self.config, Unset):
            config = UNSET
        elif isinstance(self.config, ToolSettingsPatchConfigType0):
            config = self.config.to_dict()
        else:
            config = self.config

        is_active = self.is_active


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if config is not UNSET:
            field_dict["config"] = config
        if is_active is not UNSET:
            field_dict["is_active"] = is_active

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tool_settings_patch_config_type_0 import ToolSettingsPatchConfigType0 # noqa: PLC0415
        d = dict(src_dict)
        def _parse_config(data: object) -> None | ToolSettingsPatchConfigType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                config_type_0 = ToolSettingsPatchConfigType0.from_dict(data)


                return config_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ToolSettingsPatchConfigType0 | Unset, data)

        config = _parse_config(d.pop("config", UNSET))


        is_active = d.pop("is_active", UNSET)

        tool_settings_patch = cls(
            config=config,
            is_active=is_active,
        )

        return tool_settings_patch
