"""A sleeping thread stays asleep: it wakes only at its time or on one of its own
wake_on_events. Events a trigger's cooldown folds into it wait in its inbox and reach
the model at its next wake; ``schedule_wake`` may also sleep until an event only."""

from __future__ import annotations

import json

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.thread_helpers import history, later, make_agent, post_event, routes, thread, threads

WATCH = {"tool_calls": [{"name": "schedule_wake", "input": {"delay": "10m", "reason": "check the temperature again"}}]}


def test_a_repeat_trigger_event_waits_in_the_sleeping_threads_inbox_until_its_timer(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api, thread_triggers=[{"event_type": "TEMP_HIGH", "cooldown_seconds": 600}])
    claude.converse([{"match": "TEMP_HIGH", "turns": [WATCH, [{"when": "woken by your timer", "text": "Temperatures seen: 85, 86, 87. Fine now."}]]}])
    post_event(api, agent["id"], "TEMP_HIGH", {"temp": 85})
    stack.drain()
    (started,) = threads(api, agent["id"])
    assert started["status"] == "sleeping"
    calls_before = len(claude.conversation_requests())

    for temp in (86, 87):  # polled every 30 s: each one folded into the sleeping thread
        post_event(api, agent["id"], "TEMP_HIGH", {"temp": temp})
    stack.drain()

    asleep = thread(api, agent["id"], started["id"])
    assert asleep["status"] == "sleeping" and asleep["wakes"] == 0
    assert len(claude.conversation_requests()) == calls_before  # no model call for the repeats
    assert [r["thread_ids"] for r in routes(api, agent["id"])][1:] == [[started["id"]]] * 2

    stack.tick(later(11 * 60))  # its timer
    stack.drain()

    done = thread(api, agent["id"], started["id"])
    assert done["wakes"] == 1
    messages = history(api, agent["id"], started["id"])
    woken_run = [m["content"] for m in messages if m["role"] in ("user", "system")][1:]
    assert '"temp": 86' in woken_run[0] and '"temp": 87' in woken_run[1] and "woken by your timer" in woken_run[2]
    woken = [json.dumps(r["messages"]) for r in claude.conversation_requests() if "woken by your timer" in json.dumps(r["messages"])]
    assert woken and '\\"temp\\": 86' in woken[-1] and '\\"temp\\": 87' in woken[-1]  # the model read them with the wake


def test_one_of_its_own_wake_on_events_still_wakes_a_sleeping_trigger_thread(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api, thread_triggers=[{"event_type": "TEMP_HIGH", "cooldown_seconds": 600}])
    claude.converse(
        [
            {
                "match": "TEMP_HIGH",
                "turns": [
                    {"tool_calls": [{"name": "schedule_wake", "input": {"delay": "1h", "reason": "shut down if it burns", "wake_on_events": ["TEMP_CRITICAL"]}}]},
                    [{"when": "TEMP_CRITICAL", "tool_calls": [{"name": "complete_task", "input": {"summary": "shut down"}}]}],
                ],
            }
        ]
    )
    post_event(api, agent["id"], "TEMP_HIGH", {"temp": 85})
    stack.drain()
    (started,) = threads(api, agent["id"])
    post_event(api, agent["id"], "TEMP_HIGH", {"temp": 88})  # folded: waits
    stack.drain()
    assert thread(api, agent["id"], started["id"])["status"] == "sleeping"

    post_event(api, agent["id"], "TEMP_CRITICAL", {"temp": 99})
    stack.drain()

    done = thread(api, agent["id"], started["id"])
    assert done["status"] == "complete" and done["summary"] == "shut down"
    contents = [m["content"] for m in history(api, agent["id"], started["id"]) if m["role"] in ("user", "system")]
    assert any('"temp": 88' in c for c in contents)


def test_schedule_wake_on_event_sleeps_with_no_timer_until_a_waited_event(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    claude.converse(
        [
            {
                "match": "watch the backup",
                "turns": [
                    {"tool_calls": [{"name": "schedule_wake", "input": {"delay": "on_event", "reason": "report the backup", "wake_on_events": ["BACKUP_DONE"]}}]},
                    [{"when": "BACKUP_DONE", "text": "The backup finished."}],
                ],
            }
        ]
    )
    started = api.post(f"/agents/{agent['id']}/threads", json={"message": "watch the backup"}).json()
    stack.drain()
    asleep = thread(api, agent["id"], started["id"])
    assert asleep["status"] == "sleeping" and asleep["wake_at"] is None and asleep["wake_on_events"][0]["event_type"] == "BACKUP_DONE"

    stack.tick(later(6 * 86400))  # no timer fires, however late (short of the 7-day expiry)
    stack.drain()
    assert thread(api, agent["id"], started["id"])["status"] == "sleeping"

    post_event(api, agent["id"], "BACKUP_DONE", {"ok": True})
    stack.drain()
    assert thread(api, agent["id"], started["id"])["wakes"] == 1


def test_schedule_wake_on_event_without_events_is_an_error_the_model_can_correct(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    claude.converse(
        [
            {
                "match": "nap",
                "turns": [
                    {"tool_calls": [{"name": "schedule_wake", "input": {"delay": "on_event", "reason": "?"}}]},
                    {"tool_calls": [{"name": "complete_task", "input": {"summary": "no nap"}}]},
                ],
            }
        ]
    )
    started = api.post(f"/agents/{agent['id']}/threads", json={"message": "nap"}).json()
    stack.drain()
    result = next(m for m in history(api, agent["id"], started["id"]) if m["role"] == "tool")
    assert result["is_error"] and "wake_on_events" in result["content"]
    assert thread(api, agent["id"], started["id"])["status"] == "complete"
