from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.fallback_in import FallbackIn
  from ..models.tool_policy import ToolPolicy


T = TypeVar("T", bound="ReplayOverridesIn")


@_attrs_define
class ReplayOverridesIn:
    """ What the replay changes of what the source saw.

        Attributes:
            system_prompt (None | str | Unset):
            prompt (None | str | Unset):
            heartbeat_checklist (list[str] | None | Unset):
            llm (FallbackIn | None | Unset):
            tool_policy (None | ToolPolicy | Unset):
     """

    system_prompt: None | str | Unset = UNSET
    prompt: None | str | Unset = UNSET
    heartbeat_checklist: list[str] | None | Unset = UNSET
    llm: FallbackIn | None | Unset = UNSET
    tool_policy: None | ToolPolicy | Unset = UNSET


    def to_dict(self) -> dict[str, Any]:
        from ..models.fallback_in import FallbackIn # noqa: PLC0415
        from ..models.tool_policy import ToolPolicy # noqa: PLC0415
        system_prompt: None | str | Unset
        if isinstance(self.system_prompt, Unset):
            system_prompt = UNSET
        else:
            system_prompt = self.system_prompt

        prompt: None | str | Unset
        if isinstance(self.prompt, Unset):
            prompt = UNSET
        else:
            prompt = self.prompt

        heartbeat_checklist: list[str] | None | Unset
        if isinstance(self.heartbeat_checklist, Unset):
            heartbeat_checklist = UNSET
        elif isinstance(self.heartbeat_checklist, list):
            heartbeat_checklist = self.heartbeat_checklist


        else:
            heartbeat_checklist = self.heartbeat_checklist

        llm: dict[str, Any] | None | Unset
        if isinstance(self.llm, Unset):
            llm = UNSET
        elif isinstance(self.llm, FallbackIn):
            llm = self.llm.to_dict()
        else:
            llm = self.llm

        tool_policy: dict[str, Any] | None | Unset
        if isinstance(self.tool_policy, Unset):
            tool_policy = UNSET
        elif isinstance(self.tool_policy, ToolPolicy):
            tool_policy = self.tool_policy.to_dict()
        else:
            tool_policy = self.tool_policy


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if system_prompt is not UNSET:
            field_dict["system_prompt"] = system_prompt
        if prompt is not UNSET:
            field_dict["prompt"] = prompt
        if heartbeat_checklist is not UNSET:
            field_dict["heartbeat_checklist"] = heartbeat_checklist
        if llm is not UNSET:
            field_dict["llm"] = llm
        if tool_policy is not UNSET:
            field_dict["tool_policy"] = tool_policy

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.fallback_in import FallbackIn # noqa: PLC0415
        from ..models.tool_policy import ToolPolicy # noqa: PLC0415
        d = dict(src_dict)
        def _parse_system_prompt(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        system_prompt = _parse_system_prompt(d.pop("system_prompt", UNSET))


        def _parse_prompt(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        prompt = _parse_prompt(d.pop("prompt", UNSET))


        def _parse_heartbeat_checklist(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                heartbeat_checklist_type_0 = cast(list[str], data)

                return heartbeat_checklist_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        heartbeat_checklist = _parse_heartbeat_checklist(d.pop("heartbeat_checklist", UNSET))


        def _parse_llm(data: object) -> FallbackIn | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                llm_type_0 = FallbackIn.from_dict(data)


                return llm_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FallbackIn | None | Unset, data)

        llm = _parse_llm(d.pop("llm", UNSET))


        def _parse_tool_policy(data: object) -> None | ToolPolicy | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                tool_policy_type_0 = ToolPolicy.from_dict(data)


                return tool_policy_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ToolPolicy | Unset, data)

        tool_policy = _parse_tool_policy(d.pop("tool_policy", UNSET))


        replay_overrides_in = cls(
            system_prompt=system_prompt,
            prompt=prompt,
            heartbeat_checklist=heartbeat_checklist,
            llm=llm,
            tool_policy=tool_policy,
        )

        return replay_overrides_in
