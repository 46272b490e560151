from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.agent_patch_personality_type_0 import AgentPatchPersonalityType0
  from ..models.budget_in import BudgetIn
  from ..models.memory_consolidation import MemoryConsolidation
  from ..models.thread_trigger import ThreadTrigger
  from ..models.tool_policy import ToolPolicy


T = TypeVar("T", bound="AgentPatch")


@_attrs_define
class AgentPatch:
    """ ``PATCH /agents/{id}`` body: any subset of the mutable fields. ``null`` unsets an
    optional field (back to its default); ``name``, ``focus_areas``,
    ``heartbeat_interval_seconds`` and ``is_active`` always have a value.

        Attributes:
            name (str | Unset):
            personality (AgentPatchPersonalityType0 | None | str | Unset):
            expertise (None | str | Unset):
            focus_areas (list[str] | Unset): [] clears them
            is_active (bool | Unset): false pauses the agent's heartbeats
            tool_policy (None | ToolPolicy | Unset): null removes it
            heartbeat_interval_seconds (int | Unset):
            wake_on_priority (int | None | Unset): An event with priority <= this (1 most urgent) makes a heartbeat due at
                once instead of at the next interval; a burst makes one heartbeat. Unset: events wait for the next heartbeat.
                null turns it off.
            event_lookback_seconds (int | None | Unset): How far back a heartbeat looks after a long pause: older events of
                its window are counted as skipped, not processed (default 604800, 7 days; null: the default)
            system_prompt (None | str | Unset): Guidelines and personality for its threads
            thread_triggers (list[ThreadTrigger] | None | Unset): Events that start a thread
            max_wakes_per_thread (int | None | Unset): Default 50
            thread_expiry_seconds (int | None | Unset): How long a thread may sleep (default 604800)
            max_llm_calls_per_run (int | None | Unset): Default 20
            tools (list[str] | None | Unset): Tools its threads may call (default: all your HTTP and Lambda tools): tool
                names, and mcp:<server> (every tool of one of your MCP servers) or mcp:<server>/<tool> (one of them), which the
                model sees as <server>__<tool>
            notify (list[str] | None | Unset): Channels its notifications, schedule results and approval requests go to:
                channel names, or name:conversation (docs/channels.md) null: none.
            budget (BudgetIn | None | Unset): Its spend limits, replaced whole (docs/spend.md); null removes them
            memory_recall (int | None | Unset): How many of its most relevant memories each run's system prompt holds
                (default 5; 0: none)
            memory_consolidation (MemoryConsolidation | None | Unset): Consolidation while idle (default: off)
            memory_cap (int | None | Unset): The most memories it keeps (default 500); at the cap a new one evicts the least
                relevant (docs/memory.md)
     """

    name: str | Unset = UNSET
    personality: AgentPatchPersonalityType0 | None | str | Unset = UNSET
    expertise: None | str | Unset = UNSET
    focus_areas: list[str] | Unset = UNSET
    is_active: bool | Unset = UNSET
    tool_policy: None | ToolPolicy | Unset = UNSET
    heartbeat_interval_seconds: int | Unset = UNSET
    wake_on_priority: int | None | Unset = UNSET
    event_lookback_seconds: int | None | Unset = UNSET
    system_prompt: None | str | Unset = UNSET
    thread_triggers: list[ThreadTrigger] | None | Unset = UNSET
    max_wakes_per_thread: int | None | Unset = UNSET
    thread_expiry_seconds: int | None | Unset = UNSET
    max_llm_calls_per_run: int | None | Unset = UNSET
    tools: list[str] | None | Unset = UNSET
    notify: list[str] | None | Unset = UNSET
    budget: BudgetIn | None | Unset = UNSET
    memory_recall: int | None | Unset = UNSET
    memory_consolidation: MemoryConsolidation | None | Unset = UNSET
    memory_cap: int | None | Unset = UNSET


    def to_dict(self) -> dict[str, Any]:
        from ..models.agent_patch_personality_type_0 import AgentPatchPersonalityType0 # noqa: PLC0415
        from ..models.budget_in import BudgetIn # noqa: PLC0415
        from ..models.memory_consolidation import MemoryConsolidation # noqa: PLC0415
        from ..models.thread_trigger import ThreadTrigger # noqa: PLC0415
        from ..models.tool_policy import ToolPolicy # noqa: PLC0415
        name = self.name

        personality: dict[str, Any] | None | str | Unset
        if isinstance(self.personality, Unset):
            personality = UNSET
        elif isinstance(self.personality, AgentPatchPersonalityType0):
            personality = self.personality.to_dict()
        else:
            personality = self.personality

        expertise: None | str | Unset
        if isinstance(self.expertise, Unset):
            expertise = UNSET
        else:
            expertise = self.expertise

        focus_areas: list[str] | Unset = UNSET
        if not isinstance(self.focus_areas, Unset):
            focus_areas = self.focus_areas


        is_active = self.is_active

        tool_policy: dict[str, Any] | None | Unset
        if isinstance(self.tool_policy, Unset):
            tool_policy = UNSET
        elif isinstance(self.tool_policy, ToolPolicy):
            tool_policy = self.tool_policy.to_dict()
        else:
            tool_policy = self.tool_policy

        heartbeat_interval_seconds = self.heartbeat_interval_seconds

        wake_on_priority: int | None | Unset
        if isinstance(self.wake_on_priority, Unset):
            wake_on_priority = UNSET
        else:
            wake_on_priority = self.wake_on_priority

        event_lookback_seconds: int | None | Unset
        if isinstance(self.event_lookback_seconds, Unset):
            event_lookback_seconds = UNSET
        else:
            event_lookback_seconds = self.event_lookback_seconds

        system_prompt: None | str | Unset
        if isinstance(self.system_prompt, Unset):
            system_prompt = UNSET
        else:
            system_prompt = self.system_prompt

        thread_triggers: list[dict[str, Any]] | None | Unset
        if isinstance(self.thread_triggers, Unset):
            thread_triggers = UNSET
        elif isinstance(self.thread_triggers, list):
            thread_triggers = []
            for thread_triggers_type_0_item_data in self.thread_triggers:
                thread_triggers_type_0_item = thread_triggers_type_0_item_data.to_dict()
                thread_triggers.append(thread_triggers_type_0_item)


        else:
            thread_triggers = self.thread_triggers

        max_wakes_per_thread: int | None | Unset
        if isinstance(self.max_wakes_per_thread, Unset):
            max_wakes_per_thread = UNSET
        else:
            max_wakes_per_thread = self.max_wakes_per_thread

        thread_expiry_seconds: int | None | Unset
        if isinstance(self.thread_expiry_seconds, Unset):
            thread_expiry_seconds = UNSET
        else:
            thread_expiry_seconds = self.thread_expiry_seconds

        max_llm_calls_per_run: int | None | Unset
        if isinstance(self.max_llm_calls_per_run, Unset):
            max_llm_calls_per_run = UNSET
        else:
            max_llm_calls_per_run = self.max_llm_calls_per_run

        tools: list[str] | None | Unset
        if isinstance(self.tools, Unset):
            tools = UNSET
        elif isinstance(self.tools, list):
            tools = self.tools


        else:
            tools = self.tools

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
        elif isinstance(self.budget, BudgetIn):
            budget = self.budget.to_dict()
        else:
            budget = self.budget

        memory_recall: int | None | Unset
        if isinstance(self.memory_recall, Unset):
            memory_recall = UNSET
        else:
            memory_recall = self.memory_recall

        memory_consolidation: dict[str, Any] | None | Unset
        if isinstance(self.memory_consolidation, Unset):
            memory_consolidation = UNSET
        elif isinstance(self.memory_consolidation, MemoryConsolidation):
            memory_consolidation = self.memory_consolidation.to_dict()
        else:
            memory_consolidation = self.memory_consolidation

        memory_cap: int | None | Unset
        if isinstance(self.memory_cap, Unset):
            memory_cap = UNSET
        else:
            memory_cap = self.memory_cap


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if name is not UNSET:
            field_dict["name"] = name
        if personality is not UNSET:
            field_dict["personality"] = personality
        if expertise is not UNSET:
            field_dict["expertise"] = expertise
        if focus_areas is not UNSET:
            field_dict["focus_areas"] = focus_areas
        if is_active is not UNSET:
            field_dict["is_active"] = is_active
        if tool_policy is not UNSET:
            field_dict["tool_policy"] = tool_policy
        if heartbeat_interval_seconds is not UNSET:
            field_dict["heartbeat_interval_seconds"] = heartbeat_interval_seconds
        if wake_on_priority is not UNSET:
            field_dict["wake_on_priority"] = wake_on_priority
        if event_lookback_seconds is not UNSET:
            field_dict["event_lookback_seconds"] = event_lookback_seconds
        if system_prompt is not UNSET:
            field_dict["system_prompt"] = system_prompt
        if thread_triggers is not UNSET:
            field_dict["thread_triggers"] = thread_triggers
        if max_wakes_per_thread is not UNSET:
            field_dict["max_wakes_per_thread"] = max_wakes_per_thread
        if thread_expiry_seconds is not UNSET:
            field_dict["thread_expiry_seconds"] = thread_expiry_seconds
        if max_llm_calls_per_run is not UNSET:
            field_dict["max_llm_calls_per_run"] = max_llm_calls_per_run
        if tools is not UNSET:
            field_dict["tools"] = tools
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
        from ..models.agent_patch_personality_type_0 import AgentPatchPersonalityType0 # noqa: PLC0415
        from ..models.budget_in import BudgetIn # noqa: PLC0415
        from ..models.memory_consolidation import MemoryConsolidation # noqa: PLC0415
        from ..models.thread_trigger import ThreadTrigger # noqa: PLC0415
        from ..models.tool_policy import ToolPolicy # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        def _parse_personality(data: object) -> AgentPatchPersonalityType0 | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                personality_type_0 = AgentPatchPersonalityType0.from_dict(data)


                return personality_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AgentPatchPersonalityType0 | None | str | Unset, data)

        personality = _parse_personality(d.pop("personality", UNSET))


        def _parse_expertise(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        expertise = _parse_expertise(d.pop("expertise", UNSET))


        focus_areas = cast(list[str], d.pop("focus_areas", UNSET))


        is_active = d.pop("is_active", UNSET)

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


        heartbeat_interval_seconds = d.pop("heartbeat_interval_seconds", UNSET)

        def _parse_wake_on_priority(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        wake_on_priority = _parse_wake_on_priority(d.pop("wake_on_priority", UNSET))


        def _parse_event_lookback_seconds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        event_lookback_seconds = _parse_event_lookback_seconds(d.pop("event_lookback_seconds", UNSET))


        def _parse_system_prompt(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        system_prompt = _parse_system_prompt(d.pop("system_prompt", UNSET))


        def _parse_thread_triggers(data: object) -> list[ThreadTrigger] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                thread_triggers_type_0 = []
                _thread_triggers_type_0 = data
                for thread_triggers_type_0_item_data in (_thread_triggers_type_0):
                    thread_triggers_type_0_item = ThreadTrigger.from_dict(thread_triggers_type_0_item_data)


                    thread_triggers_type_0.append(thread_triggers_type_0_item)

                return thread_triggers_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[ThreadTrigger] | None | Unset, data)

        thread_triggers = _parse_thread_triggers(d.pop("thread_triggers", UNSET))


        def _parse_max_wakes_per_thread(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_wakes_per_thread = _parse_max_wakes_per_thread(d.pop("max_wakes_per_thread", UNSET))


        def _parse_thread_expiry_seconds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        thread_expiry_seconds = _parse_thread_expiry_seconds(d.pop("thread_expiry_seconds", UNSET))


        def _parse_max_llm_calls_per_run(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_llm_calls_per_run = _parse_max_llm_calls_per_run(d.pop("max_llm_calls_per_run", UNSET))


        def _parse_tools(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                tools_type_0 = cast(list[str], data)

                return tools_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        tools = _parse_tools(d.pop("tools", UNSET))


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


        def _parse_budget(data: object) -> BudgetIn | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                budget_type_0 = BudgetIn.from_dict(data)


                return budget_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BudgetIn | None | Unset, data)

        budget = _parse_budget(d.pop("budget", UNSET))


        def _parse_memory_recall(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        memory_recall = _parse_memory_recall(d.pop("memory_recall", UNSET))


        def _parse_memory_consolidation(data: object) -> MemoryConsolidation | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                memory_consolidation_type_0 = MemoryConsolidation.from_dict(data)


                return memory_consolidation_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MemoryConsolidation | None | Unset, data)

        memory_consolidation = _parse_memory_consolidation(d.pop("memory_consolidation", UNSET))


        def _parse_memory_cap(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        memory_cap = _parse_memory_cap(d.pop("memory_cap", UNSET))


        agent_patch = cls(
            name=name,
            personality=personality,
            expertise=expertise,
            focus_areas=focus_areas,
            is_active=is_active,
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
            notify=notify,
            budget=budget,
            memory_recall=memory_recall,
            memory_consolidation=memory_consolidation,
            memory_cap=memory_cap,
        )

        return agent_patch
