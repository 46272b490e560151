"""The WebSocket API's functions against the local stack: ``stream_ws`` with API
Gateway WebSocket event shapes, ``stream_fanout`` with the stream table's real DynamoDB
stream records (read from moto), posting to a recording management endpoint."""

from __future__ import annotations

import base64
import json
import uuid
from typing import Any, Iterator

import pytest

from tests.support.stream_helpers import context, existing_thread, new_thread_id
from tests.support.ws_management import ManagementEndpoint
from wakeful import aws, constants
from wakeful.config import get_settings
from wakeful.stream import connections_repository
from wakeful.stream import settings as stream_settings
from wakeful.stream.emitter import emitter


@pytest.fixture()
def management(monkeypatch) -> Iterator[ManagementEndpoint]:
    endpoint = ManagementEndpoint()
    monkeypatch.setenv(constants.ENV_STREAM_WS_ENDPOINT, endpoint.url)
    stream_settings.get_settings.cache_clear()
    yield endpoint
    monkeypatch.delenv(constants.ENV_STREAM_WS_ENDPOINT)
    stream_settings.get_settings.cache_clear()
    endpoint.close()


def ws_event(route: str, connection_id: str, *, headers: dict[str, str] | None = None, body: Any = None) -> dict[str, Any]:
    """An API Gateway WebSocket proxy event."""
    event: dict[str, Any] = {
        "requestContext": {
            "routeKey": route,
            "eventType": {"$connect": "CONNECT", "$disconnect": "DISCONNECT"}.get(route, "MESSAGE"),
            "connectionId": connection_id,
            "domainName": "abc123.execute-api.us-east-1.amazonaws.com",
            "stage": "v1",
            "apiId": "abc123",
            "requestId": str(uuid.uuid4()),
        },
        "isBase64Encoded": False,
    }
    if headers is not None:
        event["headers"] = headers
    if body is not None:
        event["body"] = body if isinstance(body, str) else json.dumps(body)
    return event


def connect(stack, key: str) -> str:
    connection_id = f"c{uuid.uuid4().hex[:12]}="
    answer = stack.invoke("stream_ws", ws_event("$connect", connection_id, headers={"Authorization": f"Bearer {key}"}))
    assert answer["statusCode"] == 200
    return connection_id


def subscribe(stack, connection_id: str, **fields: Any) -> None:
    stack.invoke("stream_ws", ws_event("subscribe", connection_id, body={"action": "subscribe", **fields}))


class StreamRecords:
    """Reads a table's DynamoDB stream (the stream table's by default) from "now" on, as
    the event source mapping would, and shapes the records as Lambda receives them."""

    def __init__(self, logical: str = "stream_events") -> None:
        self.client = aws.client("dynamodbstreams")
        table = aws.client("dynamodb").describe_table(TableName=get_settings().table(logical))["Table"]
        stream_arn = table["LatestStreamArn"]
        shards = self.client.describe_stream(StreamArn=stream_arn)["StreamDescription"]["Shards"]
        self.iterators = [
            self.client.get_shard_iterator(StreamArn=stream_arn, ShardId=s["ShardId"], ShardIteratorType="LATEST")["ShardIterator"]
            for s in shards
        ]

    def lambda_event(self) -> dict[str, Any]:
        records = []
        for i, iterator in enumerate(self.iterators):
            page = self.client.get_records(ShardIterator=iterator)
            self.iterators[i] = page.get("NextShardIterator") or iterator
            records.extend(page["Records"])
        return {"Records": json.loads(json.dumps(records, default=_lambda_json))}


def _lambda_json(value: Any) -> Any:
    if isinstance(value, (bytes, bytearray)):
        return base64.b64encode(value).decode()  # Lambda's JSON carries binary as base64
    return str(value)


def test_connect_without_a_valid_api_key_is_refused(stack):
    answer = stack.invoke("stream_ws", ws_event("$connect", "c-nokey", headers={"Authorization": "Bearer nope"}))
    assert answer["statusCode"] == 401
    assert connections_repository.owner_of("c-nokey") is None


def test_connect_with_the_key_as_a_subprotocol_answers_the_subprotocol(stack, api):
    answer = stack.invoke("stream_ws", ws_event("$connect", "c-proto", headers={"Sec-WebSocket-Protocol": f"wakeful, {api.key}"}))
    assert answer["statusCode"] == 200 and answer["headers"] == {"Sec-WebSocket-Protocol": "wakeful"}
    assert connections_repository.owner_of("c-proto") == api.owner


def test_subscribing_to_a_thread_answers_subscribed_and_catches_up_after_a_point(stack, api, management):
    agent = api.create_agent()
    thread_id = existing_thread(agent["id"])
    e = emitter(context(api, agent["id"], thread_id, "s1"))
    e.start()
    e.text("hi")
    e.completed()
    e.flush()
    connection_id = connect(stack, api.key)
    subscribe(stack, connection_id, agent_id=agent["id"], thread_id=thread_id, after=1)
    messages = management.messages[connection_id]
    assert [m["id"] for m in messages[:-1]] == [2, 3]
    assert messages[-1] == {"type": "subscribed", "agent_id": agent["id"], "thread_id": thread_id, "last_id": 3}


def test_subscribing_to_another_owners_agent_is_not_found(stack, api, other_api, management):
    agent = api.create_agent()
    connection_id = connect(stack, other_api.key)
    subscribe(stack, connection_id, agent_id=agent["id"])
    (answer,) = management.messages[connection_id]
    assert answer["type"] == "error" and answer["error"]["code"] == "not_found"
    assert connections_repository.subscribers(connections_repository.agent_target(agent["id"])) == []


def test_subscribing_to_a_thread_the_agent_does_not_have_is_not_found(stack, api, management):
    agent = api.create_agent()
    connection_id = connect(stack, api.key)
    thread_id = new_thread_id()
    subscribe(stack, connection_id, agent_id=agent["id"], thread_id=thread_id)
    (answer,) = management.messages[connection_id]
    assert answer["type"] == "error" and answer["error"]["code"] == "not_found"
    assert connections_repository.subscribers(connections_repository.thread_target(agent["id"], thread_id)) == []


def test_a_message_that_is_not_json_gets_a_bad_request_answer(stack, api, management):
    connection_id = connect(stack, api.key)
    stack.invoke("stream_ws", ws_event("$default", connection_id, body="hello?"))
    (answer,) = management.messages[connection_id]
    assert answer["error"]["code"] == "bad_request"


def test_the_fanout_posts_new_events_in_order_to_thread_and_agent_subscribers_with_their_filters(stack, api, management):
    agent = api.create_agent()
    thread_id = existing_thread(agent["id"])
    on_thread, on_agent, tools_only = connect(stack, api.key), connect(stack, api.key), connect(stack, api.key)
    subscribe(stack, on_thread, agent_id=agent["id"], thread_id=thread_id)
    subscribe(stack, on_agent, agent_id=agent["id"])
    subscribe(stack, tools_only, agent_id=agent["id"], types=["tool_call"])
    records = StreamRecords()
    e = emitter(context(api, agent["id"], thread_id, "s1"))
    e.start()
    e.text("a")
    e.text("b")
    e.tool_call("tc_1", "search", {"q": "x", "token": "t-1"})
    e.completed()
    e.flush()

    result = stack.invoke("stream_fanout", records.lambda_event())

    assert result["chunks"] >= 2
    for connection_id in (on_thread, on_agent):
        events = management.messages[connection_id][1:]  # after "subscribed"
        assert [m["id"] for m in events] == [1, 2, 3, 4, 5]
        assert events[3]["tool_args"] == {"q": "x", "token": "[redacted]"}
    assert [m.get("type") for m in management.messages[tools_only][1:]] == ["tool_call"]


def test_the_fanout_forgets_connections_that_are_gone(stack, api, management):
    agent = api.create_agent()
    thread_id = existing_thread(agent["id"])
    connection_id = connect(stack, api.key)
    subscribe(stack, connection_id, agent_id=agent["id"], thread_id=thread_id)
    management.gone.add(connection_id)
    records = StreamRecords()
    e = emitter(context(api, agent["id"], thread_id, "s1"))
    e.start()
    e.flush()
    result = stack.invoke("stream_fanout", records.lambda_event())
    assert result["gone"] == 1
    assert connections_repository.owner_of(connection_id) is None
    assert connections_repository.subscribers(connections_repository.thread_target(agent["id"], thread_id)) == []


def test_a_subscriber_whose_posts_fail_misses_the_chunk_and_the_others_are_still_served(stack, api, management):
    agent = api.create_agent()
    thread_id = existing_thread(agent["id"])
    failing, first, second = connect(stack, api.key), connect(stack, api.key), connect(stack, api.key)
    for connection_id in (first, failing, second):
        subscribe(stack, connection_id, agent_id=agent["id"], thread_id=thread_id)
    management.refused.add(failing)
    records = StreamRecords()
    e = emitter(context(api, agent["id"], thread_id, "s1"))
    e.start()
    e.text("a")
    e.completed()
    e.flush()

    result = stack.invoke("stream_fanout", records.lambda_event())

    assert result["gone"] == 0
    for connection_id in (first, second):
        assert [m["id"] for m in management.messages[connection_id][1:]] == [1, 2, 3]  # after "subscribed"
    assert management.messages[failing][1:] == []
    assert connections_repository.owner_of(failing) is not None  # still there: it may subscribe again


def test_disconnect_forgets_the_connection_and_its_subscriptions(stack, api, management):
    agent = api.create_agent()
    connection_id = connect(stack, api.key)
    subscribe(stack, connection_id, agent_id=agent["id"])
    stack.invoke("stream_ws", ws_event("$disconnect", connection_id))
    assert connections_repository.owner_of(connection_id) is None
    assert connections_repository.subscribers(connections_repository.agent_target(agent["id"])) == []


def test_a_connection_subscribed_to_a_thread_and_its_agent_gets_each_event_once(stack, api, management):
    agent = api.create_agent()
    thread_id = existing_thread(agent["id"])
    connection_id = connect(stack, api.key)
    subscribe(stack, connection_id, agent_id=agent["id"], thread_id=thread_id, types=["start"])
    subscribe(stack, connection_id, agent_id=agent["id"])
    records = StreamRecords()
    e = emitter(context(api, agent["id"], thread_id, "s1"))
    e.start()
    e.text("once")
    e.flush()
    stack.invoke("stream_fanout", records.lambda_event())
    events = [m for m in management.messages[connection_id] if "id" in m]
    assert [m["id"] for m in events] == [1, 2]


@pytest.fixture()
def quick_key_recheck(monkeypatch) -> Iterator[float]:
    """Open streams re-check their key every 0.2 s instead of every minute."""
    from wakeful.stream import access

    monkeypatch.setenv(constants.ENV_STREAM_KEY_RECHECK_SECONDS, "0.2")
    stream_settings.get_settings.cache_clear()
    access.fanout_keys().forget()
    yield 0.2
    monkeypatch.delenv(constants.ENV_STREAM_KEY_RECHECK_SECONDS)
    stream_settings.get_settings.cache_clear()
    access.fanout_keys().forget()


def test_the_fanout_closes_the_connections_of_a_revoked_key_and_posts_them_nothing_more(stack, api, management, quick_key_recheck):
    import time

    from wakeful.auth import keys

    agent = api.create_agent()
    thread_id = existing_thread(agent["id"])
    doomed_key, kept_key = keys.create(api.owner), keys.create(api.owner)
    doomed, kept = connect(stack, doomed_key), connect(stack, kept_key)
    for connection_id in (doomed, kept):
        subscribe(stack, connection_id, agent_id=agent["id"])
    records = StreamRecords()
    e = emitter(context(api, agent["id"], thread_id, "s1"))
    e.start()
    e.flush()
    stack.invoke("stream_fanout", records.lambda_event())  # both receive, and both keys are now cached as valid
    assert [m.get("id") for m in management.messages[doomed][1:]] == [1]

    keys.revoke(key=doomed_key)
    time.sleep(quick_key_recheck * 2)  # past the re-check interval: the cached answer is stale
    e2 = emitter(context(api, agent["id"], thread_id, "s2"))
    e2.text("after the revocation")
    e2.completed()
    e2.flush()
    result = stack.invoke("stream_fanout", records.lambda_event())

    assert result["revoked"] == 1
    assert management.deleted == [doomed]
    assert [m.get("id") for m in management.messages[doomed][1:]] == [1]  # nothing after the revocation
    assert [m.get("id") for m in management.messages[kept][1:]] == [1, 2, 3]
    assert connections_repository.owner_of(doomed) is None
    assert [s.connection_id for s in connections_repository.subscribers(connections_repository.agent_target(agent["id"]))] == [kept]


def test_a_connection_whose_key_was_revoked_is_refused_and_closed_when_it_subscribes(stack, api, management):
    from wakeful.auth import keys

    agent = api.create_agent()
    key = keys.create(api.owner)
    connection_id = connect(stack, key)
    keys.revoke(key=key)

    subscribe(stack, connection_id, agent_id=agent["id"])

    (answer,) = management.messages[connection_id]
    assert answer["type"] == "error" and answer["error"]["code"] == "unauthorized"
    assert management.deleted == [connection_id]
    assert connections_repository.owner_of(connection_id) is None
    assert connections_repository.subscribers(connections_repository.agent_target(agent["id"])) == []


def test_a_connection_stores_the_hash_of_its_key_never_the_key(stack, api):
    from wakeful import ddb
    from wakeful.auth import keys

    connection_id = connect(stack, api.key)
    item = ddb.get("stream_connections", {"connection_id": connection_id, "record_key": "conn"})
    assert item["key_hash"] == keys.hash_key(api.key)
    assert api.key not in json.dumps(item, default=str)


def test_a_revocation_closes_the_keys_idle_connections_at_once(stack, api, management):
    from wakeful.auth import keys

    agent = api.create_agent()
    doomed_key, kept_key = keys.create(api.owner), keys.create(api.owner)
    idle, subscribed, kept = connect(stack, doomed_key), connect(stack, doomed_key), connect(stack, kept_key)
    subscribe(stack, subscribed, agent_id=agent["id"])
    subscribe(stack, kept, agent_id=agent["id"])
    revocations = StreamRecords("api_keys")

    keys.revoke(key=doomed_key)
    result = stack.invoke("stream_fanout", revocations.lambda_event())

    assert result["revoked"] == 2
    assert sorted(management.deleted) == sorted([idle, subscribed])
    assert connections_repository.owner_of(idle) is None and connections_repository.owner_of(subscribed) is None
    assert connections_repository.owner_of(kept) == api.owner
    assert [s.connection_id for s in connections_repository.subscribers(connections_repository.agent_target(agent["id"]))] == [kept]
