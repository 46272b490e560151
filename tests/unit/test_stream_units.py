"""Pure parts of the live stream: redaction, filters, resume points, SSE frames,
event shapes, chunking."""

from __future__ import annotations

import json

import pytest

from wakeful.stream import models, repository, sse
from wakeful.stream.exceptions import StreamCursorError, StreamFilterError
from wakeful.stream.models import StreamEvent
from wakeful.stream.redact import REDACTED, is_secret_key, redact


def event(event_id: int = 1, type_: str = "text", **fields) -> StreamEvent:
    return StreamEvent(id=event_id, type=type_, agent_id="agt_1", thread_id="thr_1", run_id="run_1",
                       created_at="2026-01-01T00:00:00.000Z", **fields)  # fmt: skip


@pytest.mark.parametrize(
    "key",
    ["secret", "SECRET", "client_secret", "token", "access_token", "refreshToken", "password", "Password",
     "db_password", "authorization", "Authorization", "api_key", "API_KEY", "apiKey", "X-Api-Key", "apikey", "secrets"],
)  # fmt: skip
def test_keys_that_name_secrets_are_secret_in_any_case_and_style(key):
    assert is_secret_key(key)


@pytest.mark.parametrize("key", ["max_tokens", "tokens_used", "keyboard", "api", "key", "city", "author", "passage"])
def test_keys_that_only_resemble_secret_words_are_kept(key):
    assert not is_secret_key(key)


def test_redaction_reaches_every_depth_of_dicts_and_lists():
    value = {"a": [{"b": {"Token": "t1"}}, {"password": {"nested": "p"}}], "ok": 1}
    assert redact(value) == {"a": [{"b": {"Token": REDACTED}}, {"password": REDACTED}], "ok": 1}


def test_redaction_does_not_change_its_input():
    value = {"api_key": "k"}
    redact(value)
    assert value == {"api_key": "k"}


def test_a_string_holding_json_is_redacted_inside():
    text = json.dumps({"user": "ann", "session_token": "abc"})
    assert json.loads(redact(text)) == {"user": "ann", "session_token": REDACTED}


def test_a_string_that_is_not_json_is_left_alone():
    assert redact("{not json with a token") == "{not json with a token"


def test_parse_types_accepts_a_comma_list_and_rejects_unknown_types():
    assert models.parse_types("text, tool_call") == frozenset({"text", "tool_call"})
    assert models.parse_types(None) is None and models.parse_types("") is None
    with pytest.raises(StreamFilterError):
        models.parse_types("text,thoughts")


@pytest.mark.parametrize("raw", ["abc", "-1", "1.5"])
def test_a_resume_point_must_be_a_non_negative_integer(raw):
    with pytest.raises(StreamCursorError):
        models.parse_after(raw)


def test_public_shape_has_the_contract_fields_and_omits_absent_ones():
    body = event(3, "tool_result", tool_name="get_weather", tool_result=None).public()
    assert body["id"] == 3 and body["type"] == "tool_result" and body["tool_name"] == "get_weather"
    assert "tool_result" in body and body["tool_result"] is None
    assert "content" not in body and "tool_args" not in body
    assert body["metadata"] == {"agent_id": "agt_1", "thread_id": "thr_1", "run_id": "run_1", "created_at": "2026-01-01T00:00:00.000Z"}


def test_a_public_event_reads_back_as_the_same_event():
    original = event(5, "tool_call", tool_name="x", tool_args={"a": 1}, extra={"step_id": "s"})
    assert StreamEvent.from_public(original.public()) == original


def test_an_sse_frame_has_id_event_and_one_data_line():
    text = sse.frame(event(7, content="line one\nline two")).decode()
    lines = text.split("\n")
    assert lines[0] == "id: 7" and lines[1] == "event: text" and lines[2].startswith("data: ")
    assert json.loads(lines[2][6:])["content"] == "line one\nline two"
    assert text.endswith("\n\n") and len(lines) == 5


def test_an_agent_stream_frame_id_names_the_thread():
    assert sse.frame(event(7), agent_stream=True).decode().startswith("id: thr_1:7\n")


def test_oversized_tool_values_are_cut_to_a_preview():
    cut = models.bounded({"blob": "x" * (models.MAX_VALUE_BYTES * 2)})
    assert isinstance(cut, str) and len(cut.encode()) < models.MAX_VALUE_BYTES and "truncated" in cut


def test_a_chunk_round_trips_through_its_stored_encoding():
    events = [event(i, content=f"d{i}") for i in range(1, 200)]
    assert repository.decode(repository.encode(events)) == events


def test_big_flushes_split_into_chunks_under_the_item_limit():
    events = [event(i, content="y" * 10_000) for i in range(1, 80)]
    chunks = list(repository._chunks(events))
    assert len(chunks) > 1
    assert [e for chunk in chunks for e in chunk] == events
    assert all(sum(len(json.dumps(e.public())) for e in c) <= repository.MAX_CHUNK_CHARS for c in chunks)
