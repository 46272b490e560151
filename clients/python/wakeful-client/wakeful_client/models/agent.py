from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.agent_budget_type_0 import AgentBudgetType0
  from ..models.agent_memory_consolidation_type_0 import AgentMemoryConsolidationType0
  from ..models.agent_personality_type_0 import AgentPersonalityType0
  from ..models.agent_thread_trigger import AgentThreadTrigger
  from ..models.agent_tool_policy import AgentToolPolicy


T = TypeVar("T", bound="Agent")


@_attrs_define
class Agent:
    """ An agent.

        Attributes:
            id (str):
            name (str):
            alias (str):
            personality (AgentPersonalityType0 | None | str):
            expertise (None | str):
            focus_areas (list[str]):
            is_active (bool):
            preset (None | str):
            next_heartbeat_at (None | str):
            last_seq (int): The seq of the last event of its log
            processed_seq (int): The seq up to which heartbeats have processed its log
            created_at (None | str):
            updated_at (None | str):
            tool_policy (AgentToolPolicy | None):
            heartbeat_interval_seconds (int):
            wake_on_priority (int | None):
            event_lookback_seconds (int): How far back a heartbeat looks: older events of its window are skipped
            system_prompt (None | str):
            thread_triggers (list[AgentThreadTrigger]):
            max_wakes_per_thread (int):
            thread_expiry_seconds (int):
            max_llm_calls_per_run (int):
            tools (list[str] | None): Tools its threads may call (null: all your HTTP and Lambda tools)
            quiet_heartbeats (int | Unset): Heartbeats that found nothing to do and were counted instead of run Default: 0.
            last_quiet_heartbeat_at (None | str | Unset):
            notify (list[str] | None | Unset): Channel targets of its notifications, schedule results and approval requests
            budget (AgentBudgetType0 | None | Unset): Its spend limits in USD per UTC hour, day and month, alert_at and
                on_exceed (docs/spend.md)
            memory_recall (int | Unset): How many of its most relevant memories each run's system prompt holds Default: 5.
            memory_consolidation (AgentMemoryConsolidationType0 | None | Unset): Consolidation while idle: mode, max_per_day
            memory_cap (int | Unset): The most memories it keeps Default: 500.
     """

    id: str
    name: str
    alias: str
    personality: AgentPersonalityType0 | None | str
    expertise: None | str
    focus_areas: list[str]
    is_active: bool
    preset: None | str
    next_heartbeat_at: None | str
    last_seq: int
    processed_seq: int
    created_at: None | str
    updated_at: None | str
    tool_policy: AgentToolPolicy | None
    heartbeat_interval_seconds: int
    wake_on_priority: int | None
    event_lookback_seconds: int
    system_prompt: None | str
    thread_triggers: list[AgentThreadTrigger]
    max_wakes_per_thread: int
    thread_expiry_seconds: int
    max_llm_calls_per_run: int
    tools: list[str] | None
    quiet_heartbeats: int | Unset = 0
    last_quiet_heartbeat_at: None | str | Unset = UNSET
    notify: list[str] | None | Unset = UNSET
    budget: AgentBudgetType0 | None | Unset = UNSET
    memory_recall: int | Unset = 5
    memory_consolidation: AgentMemoryConsolidationType0 | None | Unset = UNSET
    memory_cap: int | Unset = 500
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.agent_budget_type_0 import AgentBudgetType0 # noqa: PLC0415
        from ..models.agent_memory_consolidation_type_0 import AgentMemoryConsolidationType0 # noqa: PLC0415
        from ..models.agent_personality_type_0 import AgentPersonalityType0 # noqa: PLC0415
        from ..models.agent_thread_trigger import AgentThreadTrigger # noqa: PLC0415
        from ..models.agent_tool_policy import AgentToolPolicy # noqa: PLC0415
        id = self.id

        name = self.name

        alias = self.alias

        personality: dict[str, Any] | None | str
        if isinstance(self.personality, AgentPersonalityType0):
            personality = self.personality.to_dict()
        else:
            personality = self.personality

        expertise: None | str
        expertise = self.expertise

        focus_areas = self.focus_areas


        is_active = self.is_active

        preset: None | str
        preset = self.preset

        next_heartbeat_at: None | str
        next_heartbeat_at = self.next_heartbeat_at

        last_seq = self.last_seq

        processed_seq = self.processed_seq

        created_at: None | str
        created_at = self.created_at

        updated_at: None | str
        updated_at = self.updated_at

        tool_policy: dict[str, Any] | None
        if isinstance(self.tool_policy, AgentToolPolicy):
            tool_policy = self.tool_policy.to_dict()
        else:
            tool_policy = self.tool_policy

        heartbeat_interval_seconds = self.heartbeat_interval_seconds

        wake_on_priority: int | None
        wake_on_priority = self.wake_on_priority

        event_lookback_seconds = self.event_lookback_seconds

        system_prompt: None | str
        system_prompt = self.system_prompt

        thread_triggers = []
        for thread_triggers_item_data in self.thread_triggers:
            thread_triggers_item = thread_triggers_item_data.to_dict()
            thread_triggers.append(thread_triggers_item)


        max_wakes_per_thread = self.max_wakes_per_thread

        thread_expiry_seconds = self.thread_expiry_seconds

        max_llm_calls_per_run = self.max_llm_calls_per_run

        tools: list[str] | None
        if isinstance(self.tools, list):
            tools = self.tools


        else:
            tools = self.tools

        quiet_heartbeats = self.quiet_heartbeats

        last_quiet_heartbeat_at: None | str | Unset
        if isinstance(self.last_quiet_heartbeat_at, Unset):
            last_quiet_heartbeat_at = UNSET
        else:
            last_quiet_heartbeat_at = self.last_quiet_heartbeat_at

        notify: list[str] | None | Unset
        if isinstance(self.notify, Unset):
            notify = UNSET
        elif isinstance(self.notify, list):
            notify = self.notify


        else:
            notify = self.notify

        budget: dict[str, Any] | None | Unset
        if isinstance(self.budget, Unset):
            budget = UNSET
        elif isinstance(self.budget, AgentBudgetType0):
            budget = self.budget.to_dict()
        else:
            budget = self.budget

        memory_recall = self.memory_recall

        memory_consolidation: dict[str, Any] | None | Unset
        if isinstance(self.memory_consolidation, Unset):
            memory_consolidation = UNSET
        elif isinstance(self.memory_consolidation, AgentMemoryConsolidationType0):
            memory_consolidation = self.memory_consolidation.to_dict()
        else:
            memory_consolidation = self.memory_consolidation

        memory_cap = self.memory_cap


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "name": name,
            "alias": alias,
            "personality": personality,
            "expertise": expertise,
            "focus_areas": focus_areas,
            "is_active": is_active,
            "preset": preset,
            "next_heartbeat_at": next_heartbeat_at,
            "last_seq": last_seq,
            "processed_seq": processed_seq,
            "created_at": created_at,
            "updated_at": updated_at,
            "tool_policy": tool_policy,
            "heartbeat_interval_seconds": heartbeat_interval_seconds,
            "wake_on_priority": wake_on_priority,
            "event_lookback_seconds": event_lookback_seconds,
            "system_prompt": system_prompt,
            "thread_triggers": thread_triggers,
            "max_wakes_per_thread": max_wakes_per_thread,
            "thread_expiry_seconds": thread_expiry_seconds,
            "max_llm_calls_per_run": max_llm_calls_per_run,
            "tools": tools,
        })
        if quiet_heartbeats is not UNSET:
            field_dict["quiet_heartbeats"] = quiet_heartbeats
        if last_quiet_heartbeat_at is not UNSET:
            field_dict["last_quiet_heartbeat_at"] = last_quiet_heartbeat_at
        if notify is not UNSET:
            field_dict["notify"] = notify
        if budget is not UNSET:
            field_dict["budget"] = budget
        if memory_recall is not UNSET:
            field_dict["memory_recall"] = memory_recall
        if memory_consolidation is not UNSET:
            field_dict["memory_consolidation"] = memory_consolidation
        if memory_cap is not UNSET:
            field_dict["memory_cap"] = memory_cap

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agent_budget_type_0 import AgentBudgetType0 # noqa: PLC0415
        from ..models.agent_memory_consolidation_type_0 import AgentMemoryConsolidationType0 # noqa: PLC0415
        from ..models.agent_personality_type_0 import AgentPersonalityType0 # noqa: PLC0415
        from ..models.agent_thread_trigger import AgentThreadTrigger # noqa: PLC0415
        from ..models.agent_tool_policy import AgentToolPolicy # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        alias = d.pop("alias")

        def _parse_personality(data: object) -> AgentPersonalityType0 | None | str:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                personality_type_0 = AgentPersonalityType0.from_dict(data)


                return personality_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AgentPersonalityType0 | None | str, data)

        personality = _parse_personality(d.pop("personality"))


        def _parse_expertise(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        expertise = _parse_expertise(d.pop("expertise"))


        focus_areas = cast(list[str], d.pop("focus_areas"))


        is_active = d.pop("is_active")

        def _parse_preset(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        preset = _parse_preset(d.pop("preset"))


        def _parse_next_heartbeat_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_heartbeat_at = _parse_next_heartbeat_at(d.pop("next_heartbeat_at"))


        last_seq = d.pop("last_seq")

        processed_seq = d.pop("processed_seq")

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


        def _parse_tool_policy(data: object) -> AgentToolPolicy | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                tool_policy_type_0 = AgentToolPolicy.from_dict(data)


                return tool_policy_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AgentToolPolicy | None, data)

        tool_policy = _parse_tool_policy(d.pop("tool_policy"))


        heartbeat_interval_seconds = d.pop("heartbeat_interval_seconds")

        def _parse_wake_on_priority(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        wake_on_priority = _parse_wake_on_priority(d.pop("wake_on_priority"))


        event_lookback_seconds = d.pop("event_lookback_seconds")

        def _parse_system_prompt(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        system_prompt = _parse_system_prompt(d.pop("system_prompt"))


        thread_triggers = []
        _thread_triggers = d.pop("thread_triggers")
        for thread_triggers_item_data in (_thread_triggers):
            thread_triggers_item = AgentThreadTrigger.from_dict(thread_triggers_item_data)


            thread_triggers.append(thread_triggers_item)


        max_wakes_per_thread = d.pop("max_wakes_per_thread")

        thread_expiry_seconds = d.pop("thread_expiry_seconds")

        max_llm_calls_per_run = d.pop("max_llm_calls_per_run")

        def _parse_tools(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                tools_type_0 = cast(list[str], data)

                return tools_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        tools = _parse_tools(d.pop("tools"))


        quiet_heartbeats = d.pop("quiet_heartbeats", UNSET)

        def _parse_last_quiet_heartbeat_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        last_quiet_heartbeat_at = _parse_last_quiet_heartbeat_at(d.pop("last_quiet_heartbeat_at", UNSET))


        def _parse_notify(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                notify_type_0 = cast(list[str], data)

                return notify_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        notify = _parse_notify(d.pop("notify", UNSET))


        def _parse_budget(data: object) -> AgentBudgetType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                budget_type_0 = AgentBudgetType0.from_dict(data)


                return budget_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AgentBudgetType0 | None | Unset, data)

        budget = _parse_budget(d.pop("budget", UNSET))


        memory_recall = d.pop("memory_recall", UNSET)

        def _parse_memory_consolidation(data: object) -> AgentMemoryConsolidationType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                memory_consolidation_type_0 = AgentMemoryConsolidationType0.from_dict(data)


                return memory_consolidation_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AgentMemoryConsolidationType0 | None | Unset, data)

        memory_consolidation = _parse_memory_consolidation(d.pop("memory_consolidation", UNSET))


        memory_cap = d.pop("memory_cap", UNSET)

        agent = cls(
            id=id,
            name=name,
            alias=alias,
            personality=personality,
            expertise=expertise,
            focus_areas=focus_areas,
            is_active=is_active,
            preset=preset,
            next_heartbeat_at=next_heartbeat_at,
            last_seq=last_seq,
            processed_seq=processed_seq,
            created_at=created_at,
            updated_at=updated_at,
            tool_policy=tool_policy,
            heartbeat_interval_seconds=heartbeat_interval_seconds,
            wake_on_priority=wake_on_priority,
            event_lookback_seconds=event_lookback_seconds,
            system_prompt=system_prompt,
            thread_triggers=thread_triggers,
            max_wakes_per_thread=max_wakes_per_thread,
            thread_expiry_seconds=thread_expiry_seconds,
            max_llm_calls_per_run=max_llm_calls_per_run,
            tools=tools,
            quiet_heartbeats=quiet_heartbeats,
            last_quiet_heartbeat_at=last_quiet_heartbeat_at,
            notify=notify,
            budget=budget,
            memory_recall=memory_recall,
            memory_consolidation=memory_consolidation,
            memory_cap=memory_cap,
        )


        agent.additional_properties = d
        return agent

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
