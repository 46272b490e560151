"""An interceptor's ``respond`` speaks as any sender (``agent``, ``system``, ``user`` or
``tool``) with a ``sender_id``; every thread message says who it is from."""

from __future__ import annotations

import json
from typing import Any

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.thread_helpers import history, make_agent, start
from tests.support.interceptor_server import Answer, interceptor, recorded_calls, register  # noqa: F401 - fixture


def _first_user_message_only(answer: Answer) -> Any:
    state = {"done": False}

    def script(payload: dict[str, Any]) -> Answer:
        event = payload["event"]
        if not state["done"] and event["type"] == "message" and event["created_by"] == "user":
            state["done"] = True
            return answer
        return Answer({})

    return script


def test_respond_as_a_user_with_a_sender_id_is_the_message_the_model_reads(stack, api, claude: fake.FakeAnthropic, interceptor):
    agent = make_agent(api)
    claude.converse([{"match": "Maya asks", "turns": [{"text": "Hello Maya."}]}])
    interceptor.script("as-user", _first_user_message_only(Answer({"respond": {"content": "Maya asks: is the server up?", "sender_type": "user", "sender_id": "maya"}})))
    created = register(api, agent["id"], interceptor.url("as-user"))
    thread_id = start(api, agent["id"], "hi")
    stack.drain()

    messages = history(api, agent["id"], thread_id)
    assert [(m["role"], m["created_by"], m["sender_id"]) for m in messages] == [
        ("user", "user", api.owner),
        ("user", "user", "maya"),
        ("assistant", "agent", agent["id"]),
    ]
    assert "Maya asks: is the server up?" in json.dumps(claude.conversation_requests()[0]["messages"])
    assert "respond" in [c["decision"] for c in recorded_calls(api, agent["id"], created["id"])]


def test_respond_as_a_tool_is_a_note_the_model_reads_and_says_so(stack, api, claude: fake.FakeAnthropic, interceptor):
    agent = make_agent(api)
    claude.converse([{"match": "disk is at 91%", "turns": [{"text": "Noted."}]}])
    interceptor.script("as-tool", _first_user_message_only(Answer({"respond": {"content": "disk is at 91%", "sender_type": "tool", "sender_id": "disk_monitor"}})))
    register(api, agent["id"], interceptor.url("as-tool"))
    thread_id = start(api, agent["id"], "how are the disks?")
    stack.drain()

    injected = history(api, agent["id"], thread_id)[1]
    assert (injected["role"], injected["created_by"], injected["sender_id"], injected["content"]) == ("system", "tool", "disk_monitor", "disk is at 91%")


def test_a_respond_with_an_unknown_sender_type_is_refused_and_follows_on_failure(stack, api, claude: fake.FakeAnthropic, interceptor):
    agent = make_agent(api)
    claude.converse([{"match": "hello", "turns": [{"text": "Hi."}]}])
    interceptor.script("bad", _first_user_message_only(Answer({"respond": {"content": "x", "sender_type": "robot"}})))
    created = register(api, agent["id"], interceptor.url("bad"), on_failure="allow")
    start(api, agent["id"], "hello")
    stack.drain()

    (first, *_) = recorded_calls(api, agent["id"], created["id"])
    assert first["decision"] == "failed" and "sender_type" in first["error"]
