"""Threads through the real handlers against moto, the model being the real anthropic
SDK (streamed) against the fake Messages API playing scripted multi-turn tool use:
sleeping and waking on events and timers, triggers, routing decisions, stored context."""

from __future__ import annotations

import json

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.thread_helpers import (
    history,
    http_tool,
    later,
    make_agent,
    post_event,
    routes,
    start,
    thread,
    threads,
    tool_calls,
)
from wakeful import ddb


def flow1(metrics: str, pause: str, resume: str) -> list[dict]:
    return [
        {
            "match": "minecraft server is slow",
            "turns": [
                {"thinking": "Something eats the bandwidth.", "text": "Let me check the system.", "tool_calls": [{"name": metrics, "input": {}}]},
                {
                    "text": "Downloads saturate the link; pausing them.",
                    "tool_calls": [
                        {"name": pause, "input": {}},
                        {"name": "send_notification", "input": {"message": "Paused downloads to help Minecraft"}},
                        {"name": "store_context", "input": {"key": "paused_for", "value": "minecraft"}},
                    ],
                },
                {
                    "tool_calls": [
                        {
                            "name": "schedule_wake",
                            "input": {"delay": "60m", "reason": "resume downloads if the server is empty", "wake_on_events": ["SERVER_EMPTY"]},
                        }
                    ]
                },
                [
                    {"when": "woken by event SERVER_EMPTY", "tool_calls": [{"name": "get_context", "input": {"key": "paused_for"}}, {"name": resume, "input": {}}]},
                ],
                {"tool_calls": [{"name": "complete_task", "input": {"summary": "Resumed downloads after the server emptied"}}]},
            ],
        }
    ]


def test_flow1_acts_notifies_sleeps_and_an_early_event_wakes_it_to_finish(stack, api, tool_server, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    names = {p: http_tool(api, tool_server, p) for p in ("metrics", "pause", "resume")}
    tool_server.behaviours["metrics"] = lambda r: {"success": True, "output": {"network": "95%", "downloads": "active"}}
    claude.converse(flow1(names["metrics"], names["pause"], names["resume"]))

    thread_id = start(api, agent["id"], "the minecraft server is slow")
    stack.drain()
    asleep = thread(api, agent["id"], thread_id)
    assert asleep["status"] == "sleeping"
    assert asleep["wake_on_events"] == [{"event_type": "SERVER_EMPTY", "match": {}}]
    assert asleep["wake_reason"] == "resume downloads if the server is empty"
    assert asleep["context"] == {"paused_for": "minecraft"}
    assert len(tool_server.requests_for("pause")) == 1 and not tool_server.requests_for("resume")

    seq = post_event(api, agent["id"], "SERVER_EMPTY", {"server": "minecraft"})
    stack.drain()
    done = thread(api, agent["id"], thread_id)
    assert done["status"] == "complete", done
    assert done["summary"] == "Resumed downloads after the server emptied"
    assert done["wakes"] == 1
    messages = history(api, agent["id"], thread_id)
    assert tool_calls(messages) == [
        names["metrics"], names["pause"], "send_notification", "store_context", "schedule_wake", "get_context", names["resume"], "complete_task",
    ]
    wake = next(m for m in messages if m["role"] == "system")
    assert "SERVER_EMPTY" in wake["content"] and '"server": "minecraft"' in wake["content"]
    assert "resume downloads if the server is empty" in wake["content"]
    context_read = next(m for m in messages if m.get("tool_name") == "get_context")
    assert json.loads(context_read["content"]) == {"key": "paused_for", "found": True, "value": "minecraft"}
    assert len(tool_server.requests_for("resume")) == 1
    assert routes(api, agent["id"]) == [
        {"seq": seq, "event_id": routes(api, agent["id"])[0]["event_id"], "event_type": "SERVER_EMPTY", "decision": "woke", "thread_ids": [thread_id], "decided_at": routes(api, agent["id"])[0]["decided_at"]}
    ]


def test_the_woken_model_call_sees_the_event_the_reason_and_the_stored_context(stack, api, tool_server, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    names = {p: http_tool(api, tool_server, p) for p in ("metrics", "pause", "resume")}
    claude.converse(flow1(names["metrics"], names["pause"], names["resume"]))
    start(api, agent["id"], "the minecraft server is slow")
    stack.drain()
    before = len(claude.conversation_requests())
    post_event(api, agent["id"], "SERVER_EMPTY", {"server": "minecraft"})
    stack.drain()
    woken_call = claude.conversation_requests()[before]
    last_user = woken_call["messages"][-1]
    context = last_user["content"][-1]["text"]  # the per-call part comes last, after the cached history
    assert 'Stored context: {"paused_for": "minecraft"}' in context
    assert "You just woke up. Reason: resume downloads if the server is empty" in context
    assert last_user["role"] == "user" and "woken by event SERVER_EMPTY" in json.dumps(last_user["content"])


def test_requests_cache_the_tools_and_the_stable_system_prompt(stack, api, tool_server, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    names = {p: http_tool(api, tool_server, p) for p in ("metrics", "pause", "resume")}
    claude.converse(flow1(names["metrics"], names["pause"], names["resume"]))
    claude.min_cacheable_tokens = 200
    start(api, agent["id"], "the minecraft server is slow")
    stack.drain()
    first, second = claude.conversation_requests()[:2]
    assert "cache_control" in first["tools"][-1] and "cache_control" in first["system"][0]
    assert first["tools"] == second["tools"] and first["system"][0] == second["system"][0]
    assert [t["name"] for t in first["tools"]][-5:] == ["schedule_wake", "complete_task", "store_context", "get_context", "send_notification"]
    usages = claude.usages[-3:]
    assert all(u["cache_read_input_tokens"] > 0 for u in usages[1:]), usages


def test_flow2_an_event_with_no_waiting_thread_starts_one_from_thread_triggers(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api, thread_triggers=[{"event_type": "TEMP_HIGH", "cooldown_seconds": 600}])
    claude.converse([{"match": "TEMP_HIGH", "turns": [{"text": "CPU is hot; watching it.", "tool_calls": [{"name": "schedule_wake", "input": {"delay": "10m", "reason": "check if the temperature normalized"}}]}]}])
    seq = post_event(api, agent["id"], "TEMP_HIGH", {"temp": 85, "threshold": 80})
    stack.drain()
    started = threads(api, agent["id"])
    assert len(started) == 1
    assert started[0]["source"] == "event" and started[0]["source_id"] == "TEMP_HIGH"
    assert started[0]["status"] == "sleeping"
    first = history(api, agent["id"], started[0]["id"])[0]
    assert "TEMP_HIGH" in first["content"] and '"temp": 85' in first["content"]
    assert [(r["seq"], r["decision"], r["thread_ids"]) for r in routes(api, agent["id"])] == [(seq, "started", [started[0]["id"]])]


def test_repeated_trigger_events_within_the_cooldown_go_to_the_one_thread(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api, thread_triggers=[{"event_type": "TEMP_HIGH", "cooldown_seconds": 600}])
    claude.converse([{"match": "TEMP_HIGH", "turns": [{"tool_calls": [{"name": "schedule_wake", "input": {"delay": "10m", "reason": "watch"}}]}, {"tool_calls": [{"name": "schedule_wake", "input": {"delay": "10m", "reason": "watch"}}]}]}])
    for temp in (85, 86, 87):
        post_event(api, agent["id"], "TEMP_HIGH", {"temp": temp})
    stack.drain()
    started = threads(api, agent["id"])
    assert len(started) == 1
    decisions = [(r["decision"], r["thread_ids"]) for r in routes(api, agent["id"])]
    assert decisions[0] == ("started", [started[0]["id"]])
    assert decisions[1:] == [("woke", [started[0]["id"]])] * 2
    contents = [m["content"] for m in history(api, agent["id"], started[0]["id"]) if m["role"] in ("user", "system")]
    assert sum('"temp": 8' in c for c in contents) == 3


def test_a_trigger_match_filters_on_payload_fields(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api, thread_triggers=[{"event_type": "SERVER_EMPTY", "match": {"server": "atm-10"}}])
    claude.converse([])
    post_event(api, agent["id"], "SERVER_EMPTY", {"server": "minecraft"})
    post_event(api, agent["id"], "SERVER_EMPTY", {"server": "atm-10", "previousCount": 2})
    stack.drain()
    assert [r["decision"] for r in routes(api, agent["id"])] == ["ignored", "started"]


def test_flow3_a_timer_wakes_the_thread_when_the_awaited_event_never_comes(stack, api, tool_server, claude: fake.FakeAnthropic):
    agent = make_agent(api, thread_triggers=[{"event_type": "SERVER_EMPTY"}])
    names = {p: http_tool(api, tool_server, p) for p in ("players", "stop")}
    tool_server.behaviours["players"] = lambda r: {"success": True, "output": {"players": 0}}
    claude.converse(
        [
            {
                "match": "SERVER_EMPTY",
                "turns": [
                    {"tool_calls": [{"name": "store_context", "input": {"key": "server", "value": "atm-10"}}, {"name": "schedule_wake", "input": {"delay": "15m", "reason": "stop ATM-10 if still empty", "wake_on_events": ["PLAYER_JOINED"]}}]},
                    [
                        {"when": "woken by your timer", "tool_calls": [{"name": names["players"], "input": {"server": "atm-10"}}]},
                        {"when": "PLAYER_JOINED", "tool_calls": [{"name": "complete_task", "input": {"summary": "someone joined"}}]},
                    ],
                    {"tool_calls": [{"name": names["stop"], "input": {"server": "atm-10"}}, {"name": "send_notification", "input": {"message": "Stopped ATM-10 (empty 15 min)"}}]},
                    {"tool_calls": [{"name": "complete_task", "input": {"summary": "stopped ATM-10"}}]},
                ],
            }
        ]
    )
    post_event(api, agent["id"], "SERVER_EMPTY", {"server": "atm-10", "previousCount": 2})
    stack.drain()
    (sleeping,) = threads(api, agent["id"])
    assert sleeping["status"] == "sleeping"
    stack.tick(later(10 * 60))  # not due yet
    stack.drain()
    assert thread(api, agent["id"], sleeping["id"])["status"] == "sleeping"
    stack.tick(later(15 * 60 + 5))
    stack.drain()
    done = thread(api, agent["id"], sleeping["id"])
    assert done["status"] == "complete" and done["summary"] == "stopped ATM-10"
    wake = next(m for m in history(api, agent["id"], sleeping["id"]) if m["role"] == "system")
    assert "woken by your timer" in wake["content"] and "stop ATM-10 if still empty" in wake["content"]
    assert tool_server.requests_for("stop")[0]["tool_call"]["arguments"] == {"server": "atm-10"}


def test_an_event_appended_while_the_thread_runs_wakes_it_when_it_then_waits_for_it(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    claude.converse(
        [
            {
                "match": "watch the server",
                "turns": [
                    {"text": "Checking first.", "tool_calls": [{"name": "get_context", "input": {"key": "x"}}]},
                    {"tool_calls": [{"name": "schedule_wake", "input": {"delay": "1h", "reason": "react to the server emptying", "wake_on_events": ["SERVER_EMPTY"]}}]},
                    {"tool_calls": [{"name": "complete_task", "input": {"summary": "saw it"}}]},
                ],
            }
        ]
    )
    thread_id = start(api, agent["id"], "watch the server")
    stack.pollers["thread"].poll_once()  # the first model turn: the thread is running
    assert thread(api, agent["id"], thread_id)["status"] == "active"
    seq = post_event(api, agent["id"], "SERVER_EMPTY", {"server": "mc"})
    while stack.pollers["route"].poll_once():
        pass
    assert [(r["seq"], r["decision"]) for r in routes(api, agent["id"])] == [(seq, "ignored")]
    stack.drain()
    done = thread(api, agent["id"], thread_id)
    assert done["status"] == "complete" and done["summary"] == "saw it" and done["wakes"] == 1
    assert [(r["seq"], r["decision"], r["thread_ids"]) for r in routes(api, agent["id"])] == [(seq, "woke", [thread_id])]


def test_two_threads_waiting_for_one_event_type_both_wake_once(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    claude.converse(
        [
            {
                "match": "wait",
                "turns": [
                    {"tool_calls": [{"name": "schedule_wake", "input": {"delay": "2h", "reason": "backup done?", "wake_on_events": [{"event_type": "BACKUP_DONE", "match": {"ok": True}}]}}]},
                    {"tool_calls": [{"name": "schedule_wake", "input": {"delay": "2h", "reason": "again", "wake_on_events": ["NEVER"]}}]},
                ],
            }
        ]
    )
    ids = {start(api, agent["id"], "wait one"), start(api, agent["id"], "wait two")}
    stack.drain()
    post_event(api, agent["id"], "BACKUP_DONE", {"ok": False})
    seq = post_event(api, agent["id"], "BACKUP_DONE", {"ok": True})
    post_event(api, agent["id"], "BACKUP_DONE", {"ok": True})
    stack.drain()
    woken = {t["id"]: t for t in threads(api, agent["id"])}
    assert set(woken) == ids
    assert all(t["wakes"] == 1 and t["status"] == "sleeping" and t["wake_reason"] == "again" for t in woken.values())
    decisions = {r["seq"]: (r["decision"], sorted(r["thread_ids"])) for r in routes(api, agent["id"])}
    assert decisions[seq - 1] == ("ignored", [])
    assert decisions[seq] == ("woke", sorted(ids))
    assert decisions[seq + 1] == ("ignored", [])


def test_an_agent_without_threads_or_triggers_routes_nothing(stack, api):
    agent = make_agent(api)
    post_event(api, agent["id"], "ANYTHING", {})
    stack.drain()
    assert routes(api, agent["id"]) == []
    assert "routes_events" not in (ddb.get("agents", {"agent_id": agent["id"]}) or {})
