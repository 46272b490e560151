"""Every StreamEvent the WebSocket fan-out posts fits API Gateway's 128 KB message: values
are cut by their UTF-8 bytes in the frame as sent (multi-byte characters and JSON escapes
counted), not by characters, with a note of how large they were."""

from __future__ import annotations

from tests.integration.test_stream_websocket import StreamRecords, connect, management, subscribe  # noqa: F401 - fixture
from tests.support.stream_helpers import context, existing_thread
from wakeful.limits import STREAM_FRAME_BYTES, WEBSOCKET_MESSAGE_BYTES
from wakeful.stream.emitter import emitter

EMOJI = "\U0001f600" * 40_000  # 40,000 characters, 160,000 bytes of UTF-8
ACCENTS = "é" * 70_000  # 140,000 bytes
CONTROLS = "\x01" * 30_000  # 6 bytes each in JSON


def test_multibyte_tool_values_and_messages_reach_websocket_subscribers_cut_under_128_kb(stack, api, management):  # noqa: F811 - the fixture
    agent = api.create_agent()
    thread_id = existing_thread(agent["id"])
    connection_id = connect(stack, api.key)
    subscribe(stack, connection_id, agent_id=agent["id"], thread_id=thread_id)
    records = StreamRecords()
    e = emitter(context(api, agent["id"], thread_id, "s1"))
    e.start()
    e.tool_call("tc_1", "search", {"q": ACCENTS, "also": EMOJI})
    e.tool_result("tc_1", "search", EMOJI)
    e.tool_result("tc_2", "search", {"lines": [CONTROLS, ACCENTS]})
    e.error(ACCENTS + EMOJI)
    e.flush()

    stack.invoke("stream_fanout", records.lambda_event())

    sizes = management.sizes[connection_id][1:]  # after "subscribed"
    events = management.messages[connection_id][1:]
    assert [m["type"] for m in events] == ["start", "tool_call", "tool_result", "tool_result", "error"]
    assert max(sizes) <= STREAM_FRAME_BYTES < WEBSOCKET_MESSAGE_BYTES
    result = events[2]["tool_result"]
    assert result.startswith("\U0001f600") and result.endswith("bytes]") and "[truncated: 160000 bytes]" in result
    assert events[4]["content"].startswith("é") and "truncated" in events[4]["content"]
