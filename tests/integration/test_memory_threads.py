"""Memory in threads, through the real handlers against moto and the fake Messages API:
the remember, recall and forget tools (through interception and tool_policy like any
tool) and the memories each run's system prompt holds, pinned for the run."""

from __future__ import annotations

import json
from typing import Any

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.thread_helpers import history, make_agent, start
from tests.support.interceptor_server import Answer, interceptor, register  # noqa: F401 - fixture

BACKUP = "The NAS backup runs at 02:00 and takes an hour"


def scenario(match: str, *turns: dict[str, Any]) -> dict[str, Any]:
    return {"match": match, "turns": [*turns, {"tool_calls": [{"name": "complete_task", "input": {"summary": "done"}}]}]}


def call(name: str, **arguments: Any) -> dict[str, Any]:
    return {"tool_calls": [{"name": name, "input": arguments}]}


def per_call_text(request: dict[str, Any]) -> str:
    """The system prompt's per-call part: the last text of the last message."""
    return str(request["messages"][-1]["content"][-1]["text"])


def requests_of(claude: fake.FakeAnthropic, task: str) -> list[dict[str, Any]]:
    return [r for r in claude.conversation_requests() if task in json.dumps(r["messages"][0])]


def result_of(api: Any, agent_id: str, thread_id: str, tool: str) -> dict[str, Any]:
    return next(m for m in history(api, agent_id, thread_id) if m.get("tool_name") == tool)


def test_remember_in_one_thread_is_in_a_later_unrelated_runs_prompt(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    claude.converse([
        scenario("note the schedule", call("remember", text=BACKUP, tags=["backup", "nas"])),
        scenario("is the backup done", ),
    ])  # fmt: skip
    first = start(api, agent["id"], "note the schedule of the NAS jobs")
    stack.drain()
    remembered = json.loads(result_of(api, agent["id"], first, "remember")["content"])
    memory = api.get(f"/agents/{agent['id']}/memories/{remembered['remembered']}").json()
    assert memory["text"] == BACKUP and memory["source"]["kind"] == "thread" and memory["source"]["id"] == first

    start(api, agent["id"], "is the backup done on the NAS?")
    stack.drain()
    [later] = requests_of(claude, "is the backup done")
    text = per_call_text(later)
    assert "## What you remember" in text and f"[{memory['id']}] {BACKUP} (backup, nas)" in text
    assert BACKUP not in json.dumps(later["system"])  # not in the cached part


def test_forgotten_memory_is_not_in_later_prompts(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    memory = api.post(f"/agents/{agent['id']}/memories", json={"text": BACKUP}).json()
    claude.converse([scenario("forget the old schedule", call("forget", memory_id=memory["id"])), scenario("is the backup done")])
    forgetting = start(api, agent["id"], "forget the old schedule of the NAS backup")
    stack.drain()
    assert json.loads(result_of(api, agent["id"], forgetting, "forget")["content"]) == {"forgotten": True}
    assert BACKUP in per_call_text(requests_of(claude, "forget the old schedule")[0])  # it was there before

    start(api, agent["id"], "is the backup done on the NAS?")
    stack.drain()
    assert BACKUP not in json.dumps(requests_of(claude, "is the backup done"))
    assert api.get(f"/agents/{agent['id']}/memories").json()["items"] == []


def test_recall_meta_tool_returns_ranked_memories(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api, memory_recall=0)
    base = f"/agents/{agent['id']}/memories"
    backup = api.post(base, json={"text": BACKUP, "tags": ["backup"]}).json()
    api.post(base, json={"text": "Alice prefers short answers"})
    failed = api.post(base, json={"text": "The backup failed once because the disk was full"}).json()
    claude.converse([scenario("look it up", call("recall", query="backup schedule", limit=2))])
    thread_id = start(api, agent["id"], "look it up")
    stack.drain()
    found = json.loads(result_of(api, agent["id"], thread_id, "recall")["content"])["memories"]
    assert [m["id"] for m in found] == [backup["id"], failed["id"]]
    assert found[0]["text"] == BACKUP and found[0]["tags"] == ["backup"] and found[0]["score"] >= found[1]["score"] > 0
    assert api.get(f"{base}/{backup['id']}").json()["last_used_at"] is not None  # a use


def test_recall_with_bad_arguments_is_an_error_the_model_can_correct(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    claude.converse([scenario("look it up", call("recall", query="x", limit=99), call("remember", text=""))])
    thread_id = start(api, agent["id"], "look it up")
    stack.drain()
    recall, remember = result_of(api, agent["id"], thread_id, "recall"), result_of(api, agent["id"], thread_id, "remember")
    assert recall["is_error"] and "limit" in recall["content"]
    assert remember["is_error"] and "empty" in remember["content"]


def test_tool_policy_deny_blocks_remember(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api, tool_policy={"deny": ["remember"]})
    claude.converse([scenario("note it", call("remember", text=BACKUP))])
    thread_id = start(api, agent["id"], "note it")
    stack.drain()
    result = result_of(api, agent["id"], thread_id, "remember")
    assert result["is_error"] and "tool_policy" in result["content"]
    assert api.get(f"/agents/{agent['id']}/memories").json()["items"] == []


def test_interceptor_mutation_changes_remembered_text(stack, api, claude: fake.FakeAnthropic, interceptor):
    agent = make_agent(api)
    claude.converse([scenario("note it", call("remember", text="the password is hunter2"))])

    def redact(payload: dict[str, Any]) -> Answer:
        event = payload["event"]
        if event.get("type") == "tool_call" and event["tool_calls"][0]["name"] == "remember":
            event["tool_calls"][0]["arguments"] = {"text": "the password is in the vault"}
            return Answer({"event": event})
        return Answer({})

    interceptor.script("redact", redact)
    register(api, agent["id"], interceptor.url("redact"))
    start(api, agent["id"], "note it")
    stack.drain()
    assert [m["text"] for m in api.get(f"/agents/{agent['id']}/memories").json()["items"]] == ["the password is in the vault"]


def test_memory_recall_zero_puts_no_memories_in_the_prompt(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api, memory_recall=0)
    api.post(f"/agents/{agent['id']}/memories", json={"text": BACKUP})
    claude.converse([scenario("is the backup done")])
    start(api, agent["id"], "is the backup done?")
    stack.drain()
    assert "What you remember" not in json.dumps(requests_of(claude, "is the backup done"))


def test_recall_holds_at_most_memory_recall_memories(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api, memory_recall=2)
    for index in range(4):
        api.post(f"/agents/{agent['id']}/memories", json={"text": f"backup note {index}: the backup runs nightly"})
    claude.converse([scenario("is the backup done")])
    start(api, agent["id"], "is the backup done?")
    stack.drain()
    text = per_call_text(requests_of(claude, "is the backup done")[0])
    assert text.count("- [mem_") == 2


def test_recall_is_pinned_for_the_run_and_keeps_the_cached_prefix(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    api.post(f"/agents/{agent['id']}/memories", json={"text": BACKUP})
    claude.min_cacheable_tokens = 200
    claude.converse([scenario("check the backup", call("remember", text="The backup of the NAS was checked today"))])
    start(api, agent["id"], "check the backup of the NAS")
    stack.drain()
    first, second = requests_of(claude, "check the backup")[:2]
    assert per_call_text(first) == per_call_text(second)  # the memory remembered mid-run is not added
    assert "checked today" not in per_call_text(second) and BACKUP in per_call_text(second)
    assert first["tools"] == second["tools"] and first["system"] == second["system"]
    assert [t["name"] for t in first["tools"]][:3] == ["forget", "recall", "remember"]
    assert claude.usages[-1]["cache_read_input_tokens"] > 0
