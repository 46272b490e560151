from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.thread_source import ThreadSource
from ..models.thread_status import ThreadStatus
from typing import cast

if TYPE_CHECKING:
  from ..models.thread_attributes import ThreadAttributes
  from ..models.thread_context import ThreadContext


T = TypeVar("T", bound="Thread")


@_attrs_define
class Thread:
    """ A thread: an LLM loop that sleeps and wakes on time or events.

        Attributes:
            id (str):
            agent_id (str):
            status (ThreadStatus):
            source (ThreadSource): What started it: the API (user), an event, a webhook, a schedule, or a person in a chat
                channel (slack, discord, telegram; source_id is the channel, attributes.origin where to answer), or a
                consolidation of the agent's memories (source_id is the consolidation)
            source_id (None | str):
            channel (None | str):
            wake_at (None | str):
            wake_reason (None | str):
            wake_on_events (list[Any]):
            wakes (int):
            context (ThreadContext):
            summary (None | str):
            error_message (None | str):
            attributes (ThreadAttributes):
            run_id (None | str):
            created_at (None | str):
            updated_at (None | str):
     """

    id: str
    agent_id: str
    status: ThreadStatus
    source: ThreadSource
    source_id: None | str
    channel: None | str
    wake_at: None | str
    wake_reason: None | str
    wake_on_events: list[Any]
    wakes: int
    context: ThreadContext
    summary: None | str
    error_message: None | str
    attributes: ThreadAttributes
    run_id: None | str
    created_at: None | str
    updated_at: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.thread_attributes import ThreadAttributes # noqa: PLC0415
        from ..models.thread_context import ThreadContext # noqa: PLC0415
        id = self.id

        agent_id = self.agent_id

        status = self.status.value

        source = self.source.value

        source_id: None | str
        source_id = self.source_id

        channel: None | str
        channel = self.channel

        wake_at: None | str
        wake_at = self.wake_at

        wake_reason: None | str
        wake_reason = self.wake_reason

        wake_on_events = self.wake_on_events


        wakes = self.wakes

        context = self.context.to_dict()

        summary: None | str
        summary = self.summary

        error_message: None | str
        error_message = self.error_message

        attributes = self.attributes.to_dict()

        run_id: None | str
        run_id = self.run_id

        created_at: None | str
        created_at = self.created_at

        updated_at: None | str
        updated_at = self.updated_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "agent_id": agent_id,
            "status": status,
            "source": source,
            "source_id": source_id,
            "channel": channel,
            "wake_at": wake_at,
            "wake_reason": wake_reason,
            "wake_on_events": wake_on_events,
            "wakes": wakes,
            "context": context,
            "summary": summary,
            "error_message": error_message,
            "attributes": attributes,
            "run_id": run_id,
            "created_at": created_at,
            "updated_at": updated_at,
        })

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.thread_attributes import ThreadAttributes # noqa: PLC0415
        from ..models.thread_context import ThreadContext # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        agent_id = d.pop("agent_id")

        status = ThreadStatus(d.pop("status"))


        source = ThreadSource(d.pop("source"))


        def _parse_source_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        source_id = _parse_source_id(d.pop("source_id"))


        def _parse_channel(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        channel = _parse_channel(d.pop("channel"))


        def _parse_wake_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        wake_at = _parse_wake_at(d.pop("wake_at"))


        def _parse_wake_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        wake_reason = _parse_wake_reason(d.pop("wake_reason"))


        wake_on_events = cast(list[Any], d.pop("wake_on_events"))


        wakes = d.pop("wakes")

        context = ThreadContext.from_dict(d.pop("context"))


        def _parse_summary(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        summary = _parse_summary(d.pop("summary"))


        def _parse_error_message(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error_message = _parse_error_message(d.pop("error_message"))


        attributes = ThreadAttributes.from_dict(d.pop("attributes"))


        def _parse_run_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        run_id = _parse_run_id(d.pop("run_id"))


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


        thread = cls(
            id=id,
            agent_id=agent_id,
            status=status,
            source=source,
            source_id=source_id,
            channel=channel,
            wake_at=wake_at,
            wake_reason=wake_reason,
            wake_on_events=wake_on_events,
            wakes=wakes,
            context=context,
            summary=summary,
            error_message=error_message,
            attributes=attributes,
            run_id=run_id,
            created_at=created_at,
            updated_at=updated_at,
        )


        thread.additional_properties = d
        return thread

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
