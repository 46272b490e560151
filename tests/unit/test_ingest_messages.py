"""Validation of untrusted JSON (SQS ingest messages, webhook bodies): pure, no AWS."""

from __future__ import annotations

import json

import pytest

from wakeful.ingest import payload, sqs
from wakeful.ingest.exceptions import IngestMessageInvalidError
from wakeful.ingest.responses import IngestMessageDoc


def message(**fields: object) -> str:
    return json.dumps({"agent_id": "agt_1", "event_type": "METRIC_ALERT", "payload": {"cpu": 97}, **fields})


def test_a_valid_message_parses_with_defaults() -> None:
    parsed = sqs.parse(message())
    assert parsed.agent_id == "agt_1" and parsed.idempotency_key is None
    assert parsed.event.event_type == "METRIC_ALERT" and parsed.event.payload == {"cpu": 97}
    assert parsed.event.priority == 5 and parsed.event.source == "sqs" and parsed.event.metadata is None


def test_optional_fields_are_kept() -> None:
    parsed = sqs.parse(message(priority=1, source="collector", metadata={"host": "a"}, idempotency_key="k-1"))
    assert (parsed.event.priority, parsed.event.source, parsed.event.metadata, parsed.idempotency_key) == (
        1, "collector", {"host": "a"}, "k-1",
    )


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ("not json", "bad_json"),
        ('{"agent_id": "a", ', "bad_json"),
        (b"\xff\xfe".decode("latin-1"), "bad_json"),
        ('{"agent_id":"agt_1","event_type":"X","payload":{"v":NaN}}', "bad_json"),
        ('{"agent_id":"agt_1","event_type":"X","payload":{"v":Infinity}}', "bad_json"),
        ("[1, 2]", "invalid_shape"),
        (message(event_type="_lower_case"), "bad_event_type"),
        (message(event_type="X" * 101), "bad_event_type"),
        (message(event_type="OK\n"), "bad_event_type"),
        (message(event_type=5), "bad_event_type"),
        (json.dumps({"agent_id": "agt_1", "payload": {}}), "bad_event_type"),
        (message(payload=[1]), "invalid_shape"),
        (message(payload=None), "invalid_shape"),
        (message(priority=0), "invalid_shape"),
        (message(priority=11), "invalid_shape"),
        (message(priority=True), "invalid_shape"),
        (message(priority="3"), "invalid_shape"),
        (message(agent_id=""), "invalid_shape"),
        (message(agent_id=7), "invalid_shape"),
        (message(source=""), "invalid_shape"),
        (message(metadata="x"), "invalid_shape"),
        (message(idempotency_key="k" * 256), "invalid_shape"),
        (message(evnet_type="TYPO"), "invalid_shape"),
        (message(payload={"n": 10**40}), "not_storable"),
        (message(payload={"n": 1e-300}), "not_storable"),
        (message(payload={"": 1}), "not_storable"),
        ('{"agent_id":"agt_1","event_type":"X","payload":{"s":"\\ud800"}}', "not_storable"),
        (message(payload={"deep": json.loads("[" * 30 + "]" * 30)}), "not_storable"),
        (message(payload={"big": "x" * 400_000}), "too_large"),
    ],
)
def test_invalid_messages_are_refused_with_a_reason_code(body: str, code: str) -> None:
    with pytest.raises(IngestMessageInvalidError) as raised:
        sqs.parse(body)
    assert raised.value.reason_code == code
    assert raised.value.message


def test_storable_values_pass_and_report_a_size() -> None:
    size = payload.check_storable({"a": [1, 2.5, None, True, "é", {"b": -(10**37)}], "z": 0.0})
    assert 0 < size < 200


def test_the_documented_message_schema_has_exactly_the_accepted_fields() -> None:
    assert set(IngestMessageDoc.model_fields) == set(sqs.MESSAGE_FIELDS)
