"""Event types may be lower case (``cpu_high``) and are case-sensitive, everywhere an
event type is validated: the API, SQS ingest, webhooks, subscriptions and tools'
``new_events``."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from wakeful.events.inputs import EventIn
from wakeful.events.models import NewEvent
from wakeful.ingest import payload
from wakeful.ingest.exceptions import IngestMessageInvalidError
from wakeful.subscriptions.inputs import SubscriptionIn
from wakeful.tools.base import ToolNewEvent
from wakeful.webhooks.inputs import WebhookCreate

VALID = ["cpu_high", "NEW_MENTION", "temp_High2", "x"]
INVALID = ["", "1cpu", "_cpu", "cpu-high", "cpu high", "c" * 101, "cpu_high\n"]


@pytest.mark.parametrize("event_type", VALID)
def test_a_valid_event_type_is_accepted_by_every_input(event_type: str) -> None:
    assert NewEvent(event_type=event_type, payload={}).event_type == event_type
    assert EventIn(event_type=event_type, payload={}).event_type == event_type
    assert SubscriptionIn(tool="T", event_type=event_type).event_type == event_type
    assert ToolNewEvent(event_type=event_type).event_type == event_type
    assert WebhookCreate(allowed_event_types=[event_type]).allowed_event_types == [event_type]
    assert payload.event_type(event_type) == event_type


@pytest.mark.parametrize("event_type", INVALID)
def test_an_invalid_event_type_is_refused_by_every_input(event_type: str) -> None:
    for build in (
        lambda: NewEvent(event_type=event_type, payload={}),
        lambda: SubscriptionIn(tool="T", event_type=event_type),
        lambda: ToolNewEvent(event_type=event_type),
        lambda: WebhookCreate(allowed_event_types=[event_type]),
    ):
        with pytest.raises(ValidationError):
            build()
    with pytest.raises(IngestMessageInvalidError):
        payload.event_type(event_type)

