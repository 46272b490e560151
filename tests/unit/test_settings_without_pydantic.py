"""Settings, stream settings and event records are frozen dataclasses (no pydantic on
the cold-start paths) that keep the rules the pydantic models had."""

from __future__ import annotations

import hashlib
import json

import pytest
from pydantic import ValidationError

from wakeful import config
from wakeful.events import store
from wakeful.events.inputs import NewEventIn
from wakeful.events.models import Event, NewEvent
from wakeful.stream import settings as stream_settings


def test_numeric_settings_are_read_from_their_environment_text() -> None:
    settings = config.settings_from_env({"WAKEFUL_DUE_SHARDS": "16", "WAKEFUL_HOOK_BACKOFF_BASE_SECONDS": "0.5"})
    assert (settings.due_shards, settings.hook_backoff_base_seconds) == (16, 0.5)
    assert settings.retention_days == 0 and settings.heartbeat_lease_seconds == 900


@pytest.mark.parametrize("value", ["0", "257", "x", "1.5", "-3"])
def test_a_setting_out_of_its_range_or_not_an_integer_fails_loudly(value: str) -> None:
    with pytest.raises(ValueError, match="due_shards"):
        config.settings_from_env({"WAKEFUL_DUE_SHARDS": value})


def test_settings_cannot_be_changed_once_read() -> None:
    settings = config.settings_from_env({})
    with pytest.raises(AttributeError):
        settings.due_shards = 3  # type: ignore[misc]


@pytest.mark.parametrize("env", [{"WAKEFUL_STREAM_RETENTION_DAYS": "0"}, {"WAKEFUL_STREAM_FLUSH_SECONDS": "-1"}, {"WAKEFUL_STREAM_FLUSH_SECONDS": "soon"}])
def test_stream_settings_out_of_range_fail_loudly(env: dict[str, str]) -> None:
    with pytest.raises(ValueError):
        stream_settings.settings_from_env(env)


@pytest.mark.parametrize("value", ["0", "-5", "61", "3600", "soon"])
def test_a_key_recheck_interval_beyond_a_minute_or_not_positive_fails_loudly(value: str) -> None:
    with pytest.raises(ValueError):
        stream_settings.settings_from_env({"WAKEFUL_STREAM_KEY_RECHECK_SECONDS": value})


def test_the_key_recheck_interval_defaults_to_a_minute_and_may_be_shorter() -> None:
    assert stream_settings.settings_from_env({}).key_recheck_seconds == 60.0
    assert stream_settings.settings_from_env({"WAKEFUL_STREAM_KEY_RECHECK_SECONDS": "0.5"}).key_recheck_seconds == 0.5


def test_stream_settings_are_read_as_numbers() -> None:
    found = stream_settings.settings_from_env({"WAKEFUL_STREAM_RETENTION_DAYS": "2", "WAKEFUL_STREAM_FLUSH_SECONDS": "0.25"})
    assert (found.retention_days, found.flush_seconds) == (2.0, 0.25)


@pytest.mark.parametrize("priority", ["3", True, 3.0])
def test_a_new_event_refuses_a_priority_the_api_model_refuses_as_no_integer(priority: object) -> None:
    with pytest.raises(ValidationError):
        NewEventIn(event_type="PING", payload={"a": 1}, priority=priority)  # type: ignore[arg-type]
    with pytest.raises(ValidationError):
        NewEvent(event_type="PING", payload={"a": 1}, priority=priority)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "fields",
    [{"priority": 0}, {"priority": 11}, {"source": ""}, {"source": "s" * 101}, {"payload": []}, {"metadata": "x"}, {"payload": {1: "a"}}],
)
def test_a_new_event_refuses_what_the_api_model_refuses(fields: dict) -> None:
    values = {"event_type": "PING", "payload": {}, **fields}
    with pytest.raises(ValidationError):
        NewEventIn(**values)
    with pytest.raises(ValidationError):
        NewEvent(**values)


@pytest.mark.parametrize("payload", [{"a": [1, 2.5, None, True, {"b": "c"}]}, {"t": (1, 2)}, {"big": 10**30}])
def test_an_event_body_fingerprint_is_the_one_the_pydantic_model_gave(payload: dict) -> None:
    values = {"event_type": "PING", "payload": payload, "priority": 4, "source": "api", "metadata": {"m": 1}}
    canonical = json.dumps([NewEventIn(**values).model_dump(mode="json")], sort_keys=True, separators=(",", ":"))
    assert store.body_fingerprint([NewEvent(**values)]) == hashlib.sha256(canonical.encode("utf-8", "surrogatepass")).hexdigest()


def test_a_new_event_keeps_its_own_copy_of_the_payload() -> None:
    payload = {"a": 1}
    event = NewEvent(event_type="PING", payload=payload)
    payload["a"] = 2
    assert event.payload == {"a": 1}


def test_a_stored_event_public_view_leaves_out_the_agent() -> None:
    item = {"event_id": "evt_1", "agent_id": "agt_1", "seq": 3, "event_type": "PING", "payload": {"x": 1}, "created_at": 0}
    view = Event.from_item(item).public()
    assert list(view) == ["id", "seq", "event_type", "payload", "priority", "source", "metadata", "created_at", "parent_action_id"]
    assert (view["seq"], view["priority"], view["source"]) == (3, 5, "api")
