"""The live stream over Server-Sent Events from ``wakeful dev``, read with a real HTTP
client while events are emitted the way the thread runtime emits them."""

from __future__ import annotations

import json
import threading

import pytest

from tests.support.stream_helpers import Reader, context, emit_run, existing_thread, new_thread_id
from wakeful.stream.emitter import emitter
from wakeful_dev.sse_client import SseError, SseStream

pytestmark = pytest.mark.e2e


def thread_url(stack, agent_id: str, thread_id: str, query: str = "") -> str:
    return f"{stack.api_url}/agents/{agent_id}/threads/{thread_id}/stream{query}"


def test_sse_delivers_events_in_order_with_gap_free_ids_before_the_run_ends(stack, api):
    agent = api.create_agent()
    thread_id = existing_thread(agent["id"])
    reader = Reader(thread_url(stack, agent["id"], thread_id), api.key)
    seen_tool_call = threading.Event()
    failures: list[str] = []

    def run() -> None:
        e = emitter(context(api, agent["id"], thread_id, "step1"))
        e.start()
        for delta in ("Checking ", "the ", "weather."):
            e.text(delta)
        e.tool_call("tc_1", "get_weather", {"city": "Paris"})
        # The run goes on only once the subscriber has the tool call: it was not buffered.
        if not seen_tool_call.wait(15):
            failures.append("the tool call did not reach the subscriber while the run was going on")
        e.tool_result("tc_1", "get_weather", "Sunny, 25°C")
        e.completed(status="sleeping")
        e.flush()

    runner = threading.Thread(target=run)
    runner.start()
    frames = reader.take(5)
    seen_tool_call.set()
    frames += reader.rest()
    runner.join(15)

    assert not failures
    assert [f.event for f in frames] == ["start", "text", "text", "text", "tool_call", "tool_result", "completed"]
    assert [int(f.id) for f in frames] == [1, 2, 3, 4, 5, 6, 7]
    assert [f.json()["id"] for f in frames] == [1, 2, 3, 4, 5, 6, 7]
    assert "".join(f.json().get("content", "") for f in frames if f.event == "text") == "Checking the weather."
    assert frames[4].json()["tool_args"] == {"city": "Paris"}
    assert frames[0].json()["metadata"]["thread_id"] == thread_id
    assert reader.closed.wait(5), "the stream stays open after the run completed"


def test_reconnecting_with_last_event_id_resumes_without_loss_or_duplicates(stack, api):
    agent = api.create_agent()
    thread_id = existing_thread(agent["id"])
    first = Reader(thread_url(stack, agent["id"], thread_id), api.key)
    e = emitter(context(api, agent["id"], thread_id, "step1"))
    e.start()
    for n in range(10):
        e.text(f"a{n} ")
    got = first.take(4)
    first.close()
    for n in range(10, 20):
        e.text(f"a{n} ")
    e.flush()  # some events are written to the table while the client is away ...
    e2 = emitter(context(api, agent["id"], thread_id, "step2"))
    for n in range(20, 25):
        e2.text(f"a{n} ")  # ... and some are not written yet when it comes back

    second = Reader(thread_url(stack, agent["id"], thread_id), api.key, last_event_id=got[-1].id)
    resumed = second.take(25 - 3)  # ids 5..26: deltas a3..a24 (id 1 is start)
    e2.completed()
    e2.flush()
    resumed += second.rest()

    ids = [int(f.id) for f in got + resumed]
    assert ids == list(range(1, 28))
    text = "".join(f.json().get("content", "") for f in got + resumed if f.event == "text")
    assert text == "".join(f"a{n} " for n in range(25))


def test_resuming_with_after_query_starts_after_that_id(stack, api):
    agent = api.create_agent()
    thread_id = new_thread_id()
    emit_run(api, agent["id"], thread_id, ["x", "y", "z"])
    with SseStream(thread_url(stack, agent["id"], thread_id, "?after=2"), key=api.key) as stream:
        frames = list(stream)
    assert [int(f.id) for f in frames] == [3, 4, 5]


def test_secrets_in_tool_arguments_and_results_arrive_redacted(stack, api):
    agent = api.create_agent()
    thread_id = new_thread_id()
    e = emitter(context(api, agent["id"], thread_id, "step1"))
    e.start()
    e.tool_call("tc_1", "deploy", {"host": "db1", "password": "hunter2", "headers": {"Authorization": "Bearer sk-live-1"}})
    e.tool_result("tc_1", "deploy", {"ok": True, "session": {"access_token": "tok-999"}, "items": [{"API_KEY": "k-123"}]})
    e.completed()
    e.flush()
    with SseStream(thread_url(stack, agent["id"], thread_id), key=api.key) as stream:
        frames = list(stream)
    raw = "".join(f.data for f in frames)
    for secret in ("hunter2", "sk-live-1", "tok-999", "k-123"):
        assert secret not in raw
    call, result = frames[1].json(), frames[2].json()
    assert call["tool_args"] == {"host": "db1", "password": "[redacted]", "headers": {"Authorization": "[redacted]"}}
    assert result["tool_result"]["session"] == {"access_token": "[redacted]"}
    assert result["tool_result"]["items"] == [{"API_KEY": "[redacted]"}]


def test_a_thread_whose_run_ended_answers_its_events_and_closes(stack, api):
    agent = api.create_agent()
    thread_id = new_thread_id()
    emit_run(api, agent["id"], thread_id, ["one", "two"])
    with SseStream(thread_url(stack, agent["id"], thread_id), key=api.key) as stream:
        frames = list(stream)  # returns only because the server closes the stream
    assert [f.event for f in frames] == ["start", "text", "text", "completed"]


def test_a_type_filter_sends_only_those_types_and_keeps_their_ids(stack, api):
    agent = api.create_agent()
    thread_id = new_thread_id()
    e = emitter(context(api, agent["id"], thread_id, "step1"))
    e.start()
    e.text("thinking out loud")
    e.tool_call("tc_1", "search", {"q": "wakeful"})
    e.tool_result("tc_1", "search", ["a", "b"])
    e.completed()
    e.flush()
    with SseStream(thread_url(stack, agent["id"], thread_id, "?types=tool_call,tool_result"), key=api.key) as stream:
        frames = list(stream)
    assert [(f.event, int(f.id)) for f in frames] == [("tool_call", 3), ("tool_result", 4)]


def test_another_owners_thread_stream_is_not_found(stack, api, other_api):
    agent = api.create_agent()
    thread_id = new_thread_id()
    emit_run(api, agent["id"], thread_id, ["private"])
    with pytest.raises(SseError) as error:
        SseStream(thread_url(stack, agent["id"], thread_id), key=other_api.key)
    assert error.value.status == 404
    assert "private" not in error.value.body
    with pytest.raises(SseError) as error:
        SseStream(f"{stack.api_url}/agents/{agent['id']}/stream", key=other_api.key)
    assert error.value.status == 404


def test_the_stream_of_a_thread_the_agent_does_not_have_is_not_found(stack, api):
    agent = api.create_agent()
    for thread_id in (new_thread_id(), "hb_nope.act_nope"):
        with pytest.raises(SseError) as error:
            SseStream(thread_url(stack, agent["id"], thread_id), key=api.key)
        assert error.value.status == 404
        assert json.loads(error.value.body)["error"]["code"] == "not_found"


def test_a_stream_request_without_a_valid_key_is_unauthorized(stack, api):
    agent = api.create_agent()
    with pytest.raises(SseError) as error:
        SseStream(thread_url(stack, agent["id"], new_thread_id()), key="not-a-key")
    assert error.value.status == 401
    assert error.value.body.startswith('{"error"')


def test_a_bad_resume_point_is_a_400(stack, api):
    agent = api.create_agent()
    with pytest.raises(SseError) as error:
        SseStream(thread_url(stack, agent["id"], new_thread_id()), key=api.key, last_event_id="abc")
    assert error.value.status == 400


def test_without_an_event_stream_accept_the_thread_stream_answers_the_json_list(stack, api):
    agent = api.create_agent()
    thread_id = new_thread_id()
    emit_run(api, agent["id"], thread_id, ["a"])
    response = api.get(f"/agents/{agent['id']}/threads/{thread_id}/stream")
    assert response.status_code == 200
    assert [item["type"] for item in response.json()["items"]] == ["start", "text", "completed"]


def test_the_agent_stream_interleaves_its_threads_with_thread_scoped_ids(stack, api):
    agent = api.create_agent()
    first, second = new_thread_id(), new_thread_id()
    reader = Reader(f"{stack.api_url}/agents/{agent['id']}/stream", api.key)
    emit_run(api, agent["id"], first, ["from first"])
    emit_run(api, agent["id"], second, ["from second"])
    frames = reader.take(6)
    assert [f.id for f in frames] == [f"{first}:1", f"{first}:2", f"{first}:3", f"{second}:1", f"{second}:2", f"{second}:3"]
    assert not reader.closed.is_set(), "the agent stream closed when one thread's run ended"
    reader.close()


def test_sse_sends_keep_alive_comments_while_idle(stack, api):
    agent = api.create_agent()
    thread_id = existing_thread(agent["id"])
    reader = Reader(thread_url(stack, agent["id"], thread_id, "?keepalive=0.2"), api.key)
    # Nothing is emitted: what arrives can only be comments (the opening one, then keep-alives).
    while reader.stream.comments < 3 and not reader.closed.is_set():
        reader.closed.wait(0.05)
    assert reader.stream.comments >= 3
    assert reader.frames.empty()
    reader.close()


@pytest.mark.parametrize(
    "case",
    ["an unknown thread", "a bad Last-Event-ID"],
)
def test_an_sse_route_error_says_connection_close_and_a_reused_connection_does_not_fail(stack, api, case):
    import http.client
    from urllib.parse import urlsplit

    agent = api.create_agent()
    thread_id = existing_thread(agent["id"])
    headers = {"Authorization": f"Bearer {api.key}", "Accept": "text/event-stream"}
    if case == "an unknown thread":
        path, expected = f"/agents/{agent['id']}/threads/{new_thread_id()}/stream", 404
    else:
        path, expected = f"/agents/{agent['id']}/threads/{thread_id}/stream", 400
        headers["Last-Event-ID"] = "not-an-id"
    connection = http.client.HTTPConnection(urlsplit(stack.api_url).netloc, timeout=30)
    try:
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        assert response.status == expected
        assert json.loads(response.read())["error"]["code"]
        assert response.getheader("Connection") == "close"

        # The same client goes on: it reconnects, as told, instead of writing into a closed socket.
        connection.request("GET", f"/agents/{agent['id']}", headers={"Authorization": f"Bearer {api.key}"})
        again = connection.getresponse()
        assert again.status == 200
        assert json.loads(again.read())["id"] == agent["id"]
    finally:
        connection.close()
