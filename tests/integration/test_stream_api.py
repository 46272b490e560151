"""The stream's JSON API (``stream-events``) and the API function's own answers on the
stream paths (what a deployed stack, which cannot hold a response open, sends)."""

from __future__ import annotations

from tests.support.stream_helpers import context, emit_run, new_thread_id
from wakeful.stream.emitter import emitter
from wakeful_dev.gateway import proxy_event


def test_stream_events_lists_oldest_first_after_an_id_with_pages(stack, api):
    agent = api.create_agent()
    thread_id = new_thread_id()
    emit_run(api, agent["id"], thread_id, [f"d{n}" for n in range(10)])  # ids 1..12
    path = f"/agents/{agent['id']}/threads/{thread_id}/stream-events"
    first = api.get(path, params={"after": 2, "limit": 4}).json()
    assert [i["id"] for i in first["items"]] == [3, 4, 5, 6] and first["next"]
    second = api.get(path, params={"cursor": first["next"], "limit": 100}).json()
    assert [i["id"] for i in second["items"]] == list(range(7, 13)) and second["next"] is None


def test_stream_events_filters_by_type(stack, api):
    agent = api.create_agent()
    thread_id = new_thread_id()
    emit_run(api, agent["id"], thread_id, ["a", "b"])
    items = api.get(f"/agents/{agent['id']}/threads/{thread_id}/stream-events", params={"types": "start,completed"}).json()["items"]
    assert [(i["id"], i["type"]) for i in items] == [(1, "start"), (4, "completed")]


def test_stream_events_of_another_owners_agent_are_not_found(stack, api, other_api):
    agent = api.create_agent()
    thread_id = new_thread_id()
    emit_run(api, agent["id"], thread_id, ["secret plans"])
    response = other_api.get(f"/agents/{agent['id']}/threads/{thread_id}/stream-events")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


def test_the_stream_of_a_thread_the_agent_does_not_have_is_not_found(stack, api):
    agent = api.create_agent()
    base = f"/agents/{agent['id']}/threads/{new_thread_id()}"
    listed = api.get(f"{base}/stream-events")
    streamed = api.get(f"{base}/stream", headers={"Accept": "text/event-stream"})
    assert (listed.status_code, streamed.status_code) == (404, 404)
    assert listed.json()["error"]["code"] == "not_found"


def test_bad_stream_parameters_are_400s_in_the_error_shape(stack, api):
    agent = api.create_agent()
    path = f"/agents/{agent['id']}/threads/{new_thread_id()}/stream-events"
    for params in ({"after": "x"}, {"types": "text,nonsense"}, {"cursor": "not-a-cursor"}):
        response = api.get(path, params=params)
        assert response.status_code == 400, params
        assert set(response.json()["error"]) >= {"code", "message"}


def test_the_api_function_answers_sse_with_the_events_so_far_and_a_retry_hint(stack, api):
    agent = api.create_agent()
    thread_id = new_thread_id()
    e = emitter(context(api, agent["id"], thread_id, "s1"))
    e.start()
    e.text("partial")
    e.flush()
    headers = {"Authorization": f"Bearer {api.key}", "Accept": "text/event-stream", "Last-Event-ID": "1"}
    event = proxy_event("GET", f"/agents/{agent['id']}/threads/{thread_id}/stream", headers, b"", "127.0.0.1")
    answer = stack.invoke("api", event)
    assert answer["statusCode"] == 200
    headers = {**answer.get("headers", {}), **{k: v[-1] for k, v in (answer.get("multiValueHeaders") or {}).items()}}
    assert headers["Content-Type"] == "text/event-stream"
    body = answer["body"]
    assert body.startswith("retry: ")
    assert "id: 2\nevent: text\n" in body and "id: 1\n" not in body


def test_the_agent_stream_without_an_event_stream_accept_is_a_400(stack, api):
    agent = api.create_agent()
    response = api.get(f"/agents/{agent['id']}/stream")
    assert response.status_code == 400
    assert "text/event-stream" in response.json()["error"]["message"]
