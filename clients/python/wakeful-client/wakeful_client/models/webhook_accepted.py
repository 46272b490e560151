from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.alert_event import AlertEvent


T = TypeVar("T", bound="WebhookAccepted")


@_attrs_define
class WebhookAccepted:
    """ The event a delivery appended (``duplicate: true`` for the same delivery again).
    An alert notification (alertmanager, grafana) answers its first new event here and
    every alert's event in ``events``.

        Attributes:
            event_id (str):
            seq (int):
            duplicate (bool | None | Unset):
            events (list[AlertEvent] | None | Unset): alertmanager, grafana: each allowed alert's event, in order
            not_allowed (list[str] | None | Unset): alertmanager, grafana: event types left out (allowed_event_types)
     """

    event_id: str
    seq: int
    duplicate: bool | None | Unset = UNSET
    events: list[AlertEvent] | None | Unset = UNSET
    not_allowed: list[str] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.alert_event import AlertEvent # noqa: PLC0415
        event_id = self.event_id

        seq = self.seq

        duplicate: bool | None | Unset
        if isinstance(self.duplicate, Unset):
            duplicate = UNSET
        else:
            duplicate = self.duplicate

        events: list[dict[str, Any]] | None | Unset
        if isinstance(self.events, Unset):
            events = UNSET
        elif isinstance(self.events, list):
            events = []
            for events_type_0_item_data in self.events:
                events_type_0_item = events_type_0_item_data.to_dict()
                events.append(events_type_0_item)


        else:
            events = self.events

        not_allowed: list[str] | None | Unset
        if isinstance(self.not_allowed, Unset):
            not_allowed = UNSET
        elif isinstance(self.not_allowed, list):
            not_allowed = self.not_allowed


        else:
            not_allowed = self.not_allowed


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "event_id": event_id,
            "seq": seq,
        })
        if duplicate is not UNSET:
            field_dict["duplicate"] = duplicate
        if events is not UNSET:
            field_dict["events"] = events
        if not_allowed is not UNSET:
            field_dict["not_allowed"] = not_allowed

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.alert_event import AlertEvent # noqa: PLC0415
        d = dict(src_dict)
        event_id = d.pop("event_id")

        seq = d.pop("seq")

        def _parse_duplicate(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        duplicate = _parse_duplicate(d.pop("duplicate", UNSET))


        def _parse_events(data: object) -> list[AlertEvent] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                events_type_0 = []
                _events_type_0 = data
                for events_type_0_item_data in (_events_type_0):
                    events_type_0_item = AlertEvent.from_dict(events_type_0_item_data)


                    events_type_0.append(events_type_0_item)

                return events_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[AlertEvent] | None | Unset, data)

        events = _parse_events(d.pop("events", UNSET))


        def _parse_not_allowed(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                not_allowed_type_0 = cast(list[str], data)

                return not_allowed_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        not_allowed = _parse_not_allowed(d.pop("not_allowed", UNSET))


        webhook_accepted = cls(
            event_id=event_id,
            seq=seq,
            duplicate=duplicate,
            events=events,
            not_allowed=not_allowed,
        )


        webhook_accepted.additional_properties = d
        return webhook_accepted

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
