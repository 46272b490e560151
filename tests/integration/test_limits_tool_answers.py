"""A thread's tool answer is kept within 64 KB, as a heartbeat action's is: a longer one is
cut, with a note the model reads, so the action and the tool result message always fit
DynamoDB's 400 KB items; the run goes on and the tool is called once."""

from __future__ import annotations

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.thread_helpers import history, http_tool, make_agent, start, thread
from wakeful.limits import TOOL_ANSWER_BYTES


def test_a_thread_tools_500_kb_answer_is_cut_with_a_note_the_model_reads_and_the_tool_runs_once(stack, api, tool_server, claude: fake.FakeAnthropic):  # noqa: F811 - the fixture
    tool = http_tool(api, tool_server, "dump")
    tool_server.behaviours["dump"] = lambda request: {"success": True, "output": {"log": "a" * 500_000}}
    agent = make_agent(api)
    call = {"tool_calls": [{"name": tool, "input": {}}]}
    claude.converse([{"match": "", "turns": [call, {"tool_calls": [{"name": "complete_task", "input": {"summary": "read"}}]}]}])

    thread_id = start(api, agent["id"], "dump the logs")
    stack.drain()

    assert thread(api, agent["id"], thread_id)["status"] == "complete"
    assert len(tool_server.requests_for("dump")) == 1
    result = next(m for m in history(api, agent["id"], thread_id) if m.get("tool_name") == tool)
    assert not result["is_error"]
    assert result["content"].startswith('{"log": "aaa')
    assert "[cut by Wakeful: the tool answered 500011 bytes" in result["content"]
    assert len(result["content"].encode()) <= TOOL_ANSWER_BYTES
    after_the_tool = claude.conversation_requests()[-1]
    assert "cut by Wakeful" in fake.FakeAnthropic.prompt_text(after_the_tool)
    (action,) = api.get(f"/agents/{agent['id']}/actions").json()["items"]
    assert action["status"] == "COMPLETED" and "cut by Wakeful" in action["response_meta"]["output"]
