"""The live stream of real scripted threads: the thread runtime, the real anthropic SDK
streaming from the fake Messages API, and an SSE client reading ``wakeful dev`` over
HTTP while the run goes on."""

from __future__ import annotations

import threading

import pytest

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.thread_helpers import http_tool, make_agent, start
from tests.support.stream_helpers import Reader

pytestmark = pytest.mark.e2e


def script(tool: str) -> list[dict]:
    return [
        {
            "match": "check the weather",
            "turns": [
                {
                    "thinking": "The user wants the weather in Paris.",
                    "text": "Let me look that up for you.",
                    "tool_calls": [{"name": tool, "input": {"city": "Paris", "api_key": "sk-weather-123"}}],
                },
                {"text": "It is sunny in Paris.", "tool_calls": [{"name": "complete_task", "input": {"summary": "weather told"}}]},
            ],
        }
    ]


def drain_in_background(stack) -> threading.Thread:
    worker = threading.Thread(target=stack.drain, kwargs={"timeout": 60}, daemon=True)
    worker.start()
    return worker


def stream_url(stack, agent_id: str, thread_id: str) -> str:
    return f"{stack.api_url}/agents/{agent_id}/threads/{thread_id}/stream"


def test_a_threads_run_streams_in_order_gap_free_and_redacted_before_it_ends(stack, api, tool_server, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    tool = http_tool(api, tool_server, "weather")
    seen_call = threading.Event()
    answered: list[bool] = []

    def weather(request):
        # The tool answers only once the subscriber has its call: the run is still going.
        answered.append(seen_call.wait(15))
        return {"success": True, "output": {"forecast": "sunny", "session": {"token": "tok-456"}}}

    tool_server.behaviours["weather"] = weather
    claude.converse(script(tool))
    assert api.patch(f"/agents/{agent['id']}/llm", json={"thinking_budget_tokens": 2048}).json()["thinking_budget_tokens"] == 2048
    thread_id = start(api, agent["id"], "please check the weather in Paris")
    reader = Reader(stream_url(stack, agent["id"], thread_id), api.key)
    worker = drain_in_background(stack)

    frames = []
    while not seen_call.is_set():
        frame = reader.next(30)
        frames.append(frame)
        if frame.event == "tool_call" and frame.json()["tool_name"] == tool:
            seen_call.set()
    frames += reader.rest(30)
    worker.join(60)

    assert answered == [True]
    ids = [int(f.id) for f in frames]
    assert ids == list(range(1, len(frames) + 1))
    kinds = [f.event for f in frames]
    assert kinds[0] == "start" and kinds[-1] == "completed"
    assert "reasoning" in kinds and "text" in kinds
    assert kinds.index("reasoning") < kinds.index("text") < kinds.index("tool_call") < kinds.index("tool_result")
    text = "".join(f.json().get("content", "") for f in frames if f.event == "text")
    assert text == "Let me look that up for you.It is sunny in Paris."
    call = next(f.json() for f in frames if f.event == "tool_call" and f.json()["tool_name"] == tool)
    assert call["tool_args"] == {"city": "Paris", "api_key": "[redacted]"}
    raw = "".join(f.data for f in frames)
    assert "sk-weather-123" not in raw and "tok-456" not in raw
    assert frames[-1].json()["metadata"]["status"] == "complete"
    reasoning = "".join(f.json()["content"] for f in frames if f.event == "reasoning")
    assert reasoning == "The user wants the weather in Paris."
    asked, after_tool = claude.conversation_requests()[:2]
    assert asked["thinking"] == {"type": "enabled", "budget_tokens": 2048} and asked["max_tokens"] > 2048
    # The tool loop goes on with the model's signed thinking block sent back first.
    turn = next(m for m in after_tool["messages"] if m["role"] == "assistant")
    assert turn["content"][0] == {"type": "thinking", "thinking": reasoning, "signature": fake.sign(reasoning)}


def test_an_agent_without_thinking_streams_no_reasoning(stack, api, tool_server, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    tool = http_tool(api, tool_server, "weather")
    tool_server.behaviours["weather"] = lambda r: {"success": True, "output": "sunny"}
    claude.converse(script(tool))  # the script has thinking; the API sends it only when asked
    thread_id = start(api, agent["id"], "please check the weather in Paris")
    reader = Reader(stream_url(stack, agent["id"], thread_id), api.key)
    worker = drain_in_background(stack)

    frames = reader.rest(30)
    worker.join(60)

    kinds = [f.event for f in frames]
    assert kinds[-1] == "completed" and "text" in kinds and "reasoning" not in kinds
    assert all("thinking" not in r for r in claude.conversation_requests())


def test_a_reconnect_with_last_event_id_during_a_run_misses_nothing_and_repeats_nothing(stack, api, tool_server, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    tool = http_tool(api, tool_server, "weather")
    reconnected = threading.Event()
    tool_server.behaviours["weather"] = lambda r: (reconnected.wait(15), {"success": True, "output": "sunny"})[1]
    claude.converse(script(tool))
    thread_id = start(api, agent["id"], "please check the weather in Paris")
    first = Reader(stream_url(stack, agent["id"], thread_id), api.key)
    worker = drain_in_background(stack)

    before = first.take(3, 30)
    first.close()
    second = Reader(stream_url(stack, agent["id"], thread_id), api.key, last_event_id=before[-1].id)
    reconnected.set()  # the run goes on only now: the rest arrives on the new connection
    after = second.rest(30)
    worker.join(60)

    ids = [int(f.id) for f in before + after]
    assert ids == list(range(1, len(ids) + 1))
    assert after[-1].event == "completed"
    stored = api.get(f"/agents/{agent['id']}/threads/{thread_id}/stream-events", params={"limit": 1000}).json()["items"]
    assert [s["id"] for s in stored] == ids
