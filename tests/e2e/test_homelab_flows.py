"""The homelab's stories end to end: ``wakeful dev`` over HTTP, the homelab service on
loopback (signed tool calls, events pushed through the agent's signed webhook,
notifications through a NOTIFICATION hook), the model being the real anthropic SDK
(streamed) against the fake Messages API replaying the homelab's script."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

import pytest
import requests

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.thread_helpers import history, later, routes, start, thread, threads, tool_calls
from wakeful_dev.homelab import scenarios, setup
from wakeful_dev.homelab.service import Homelab

pytestmark = [pytest.mark.e2e, pytest.mark.long(seconds=55)]
ENDED = ("complete", "failed", "expired")
#: The session's stack is shared: a drain also waits for other tests' leftovers (and a
#: 15-minute jump makes their agents due), so it gets more time than the default.
DRAIN_SECONDS = 240


def settle(stack: Any) -> None:
    stack.drain(timeout=DRAIN_SECONDS)


@dataclass
class Lab:
    """The homelab service and the agent set up on it."""

    service: Homelab
    installed: setup.Installed
    api: Any

    @property
    def agent_id(self) -> str:
        return self.installed.agent_id

    def control(self, path: str, body: dict[str, Any]) -> list[dict[str, Any]]:
        response = requests.post(self.service.url + path, json=body, timeout=30)
        assert response.status_code == 200, response.text
        events = response.json()["events"]
        assert all(e["status"] == 202 for e in events), events
        return events

    def thread(self, thread_id: str) -> dict[str, Any]:
        return thread(self.api, self.agent_id, thread_id)

    def only_thread(self) -> dict[str, Any]:
        found = threads(self.api, self.agent_id)
        assert len(found) == 1, found
        return found[0]

    def notified(self, count: int) -> list[str]:
        assert self.service.wait_for(lambda h: len(h.notifications) >= count), self.service.notifications
        return [n["message"] for n in self.service.notifications]


@pytest.fixture()
def lab(stack: Any, api: Any, claude: fake.FakeAnthropic) -> Iterator[Lab]:  # noqa: F811 - the fixture
    claude.converse(scenarios.SCRIPT)
    service = Homelab()
    installed = setup.install(stack.api_url, api.key, service, alias=f"homelab{api.owner[-8:]}")
    yield Lab(service, installed, api)
    for item in threads(api, installed.agent_id):  # leave nothing for later scans to wake
        if item["status"] not in ENDED:
            api.post(f"/agents/{installed.agent_id}/threads/{item['id']}/cancel")
    service.close()


def test_flow_1_pauses_notifies_sleeps_then_server_empty_wakes_it_early_to_resume_and_complete(stack, lab: Lab, claude):
    thread_id = start(lab.api, lab.agent_id, scenarios.SLOW_MESSAGE)
    settle(stack)
    asleep = lab.thread(thread_id)
    assert asleep["status"] == "sleeping", asleep
    assert asleep["wake_on_events"] == [{"event_type": "server_empty", "match": {"server": "minecraft"}}]
    assert lab.service.world.downloads_paused is True
    assert "Paused downloads" in lab.notified(1)[0]

    events = lab.control("/control/servers/minecraft/players", {"players": []})
    settle(stack)
    done = lab.thread(thread_id)
    assert done["status"] == "complete" and done["wakes"] == 1, done
    assert lab.service.world.downloads_paused is False
    assert "resumed downloads" in lab.notified(2)[1]
    empty = next(e for e in events if e["event_type"] == "server_empty")
    assert {"seq": empty["seq"], "decision": "woke", "thread_ids": [thread_id]}.items() <= next(
        r for r in routes(lab.api, lab.agent_id) if r["seq"] == empty["seq"]
    ).items()
    assert [len(lab.service.calls_to(name)) for name in ("pause_downloads", "resume_downloads")] == [1, 1]


def test_flow_1_the_woken_model_call_names_the_event_and_the_reason_it_slept_for(stack, lab: Lab, claude):
    thread_id = start(lab.api, lab.agent_id, scenarios.SLOW_MESSAGE)
    settle(stack)
    lab.control("/control/servers/minecraft/players", {"players": []})
    settle(stack)
    assert lab.thread(thread_id)["status"] == "complete"
    woken = next(r for r in claude.requests if "woken by event server_empty" in fake.FakeAnthropic.prompt_text(r))
    text = fake.FakeAnthropic.prompt_text(woken)
    assert '"server": "minecraft"' in text and "Check if Minecraft performance recovered" in text


def test_flow_2_temp_high_with_no_waiting_thread_starts_one_from_the_trigger_which_its_timer_ends(stack, lab: Lab, claude):
    events = lab.control("/control/system", {"temperature_c": 85.0, "cpu_percent": 95.0, "transcodes": 3})
    settle(stack)
    started = lab.only_thread()
    assert (started["source"], started["source_id"], started["status"]) == ("webhook", "temp_high", "sleeping")
    route = next(r for r in routes(lab.api, lab.agent_id) if r["seq"] == events[0]["seq"])
    assert (route["decision"], route["thread_ids"]) == ("started", [started["id"]])
    assert "CPU running hot (85°C)" in lab.notified(1)[0]

    lab.service.world.set_system(temperature_c=72.0, transcodes=0)  # cools without an event
    stack.tick(later(11 * 60))
    settle(stack)
    done = lab.thread(started["id"])
    assert (done["status"], done["summary"]) == ("complete", "Temp normalized")
    calls = tool_calls(history(lab.api, lab.agent_id, started["id"]))
    assert calls == ["get_system_metrics", "send_notification", "schedule_wake", "get_system_metrics", "complete_task"]


def test_flow_2_temp_high_repeated_within_the_cooldown_goes_to_the_same_thread(stack, lab: Lab, claude):
    lab.control("/control/system", {"temperature_c": 85.0, "cpu_percent": 95.0, "transcodes": 3})
    settle(stack)
    again = lab.control("/control/tick", {})  # a collector polling while it stays hot
    settle(stack)
    first = lab.only_thread()
    route = next(r for r in routes(lab.api, lab.agent_id) if r["seq"] == again[0]["seq"])
    assert (route["decision"], route["thread_ids"]) == ("woke", [first["id"]])


def test_flow_3_server_empty_starts_a_thread_whose_timer_wakes_it_to_stop_the_idle_server(stack, lab: Lab, claude):
    events = lab.control("/control/servers/atm-10/players", {"players": []})
    settle(stack)
    decisions = {r["event_type"]: r["decision"] for r in routes(lab.api, lab.agent_id) if r["seq"] in {e["seq"] for e in events}}
    assert decisions == {"player_left": "ignored", "server_empty": "started"}
    asleep = lab.only_thread()
    assert asleep["wake_on_events"] == [{"event_type": "player_joined", "match": {"server": "atm-10"}}]
    assert asleep["context"] == {"auto_stop": {"server": "atm-10", "emptyReason": "auto-stop"}}

    stack.tick(later(15 * 60 + 5))  # nobody joins
    settle(stack)
    done = lab.thread(asleep["id"])
    assert done["status"] == "complete" and done["wakes"] == 1, done
    assert lab.service.world.server("atm-10").running is False
    assert len(lab.service.calls_to("stop_game_server")) == 1
    messages = history(lab.api, lab.agent_id, asleep["id"])
    wake = next(m for m in messages if m["role"] == "system" and "woken by your timer" in m["content"])
    assert "Stop atm-10 if still empty" in wake["content"]
    remembered = next(m for m in messages if m.get("tool_name") == "get_context")
    assert '"server": "atm-10"' in remembered["content"]  # store_context survived the sleep
    assert "Stopped atm-10" in lab.notified(1)[0]


def test_flow_3_a_player_joining_first_wakes_it_and_the_server_stays_up(stack, lab: Lab, claude):
    lab.control("/control/servers/atm-10/players", {"players": []})
    settle(stack)
    lab.control("/control/servers/atm-10/players", {"players": ["jo"]})
    settle(stack)
    done = lab.only_thread()
    assert (done["status"], done["summary"]) == ("complete", "Someone joined atm-10; left it running.")
    assert lab.service.world.server("atm-10").running is True and lab.service.calls_to("stop_game_server") == []


def test_the_preset_guard_denies_stopping_a_server_with_players_on_and_the_model_reads_they_are_online(stack, lab: Lab, claude):
    thread_id = start(lab.api, lab.agent_id, scenarios.STOP_MESSAGE)
    settle(stack)
    stops = [m for m in history(lab.api, lab.agent_id, thread_id) if m.get("tool_name") == "stop_game_server"]
    assert stops[0]["is_error"] is True and "minecraft has 2 player(s) online" in stops[0]["content"], stops
    assert lab.service.calls_to("stop_game_server") == [] and lab.service.world.server("minecraft").running is True
    denied_turn = next(r for r in claude.requests if "player(s) online" in fake.FakeAnthropic.prompt_text(r))
    assert "force: true" in fake.FakeAnthropic.prompt_text(denied_turn)  # the model was told how to ask instead
    pending = lab.api.get(f"/agents/{lab.agent_id}/threads/{thread_id}/approvals").json()["items"]
    assert [p["arguments"] for p in pending] == [{"server": "minecraft", "force": True}]  # only the forced one waits


def test_a_forced_stop_with_players_on_waits_for_approval_and_runs_once_approved(stack, lab: Lab, claude):
    thread_id = start(lab.api, lab.agent_id, scenarios.STOP_MESSAGE)
    settle(stack)
    assert lab.thread(thread_id)["status"] == "waiting_approval"
    pending = lab.api.get(f"/agents/{lab.agent_id}/threads/{thread_id}/approvals").json()["items"]
    assert [(p["tool"], p["arguments"]) for p in pending] == [("stop_game_server", {"server": "minecraft", "force": True})]
    assert lab.service.calls_to("stop_game_server") == []

    answer = lab.api.post(f"/agents/{lab.agent_id}/threads/{thread_id}/approvals/{pending[0]['tool_call_id']}", json={"decision": "approve"})
    assert answer.status_code == 200, answer.text
    settle(stack)
    assert lab.thread(thread_id)["status"] == "complete"
    assert lab.service.world.server("minecraft").running is False
    assert len(lab.service.calls_to("stop_game_server")) == 1


def test_a_denied_stop_never_reaches_the_homelab_and_the_model_reads_the_note(stack, lab: Lab, claude):
    thread_id = start(lab.api, lab.agent_id, scenarios.STOP_MESSAGE)
    settle(stack)
    pending = lab.api.get(f"/agents/{lab.agent_id}/threads/{thread_id}/approvals").json()["items"]
    lab.api.post(f"/agents/{lab.agent_id}/threads/{thread_id}/approvals/{pending[0]['tool_call_id']}",
                 json={"decision": "deny", "note": "people are mid-raid"})
    settle(stack)
    assert lab.thread(thread_id)["status"] == "complete"
    result = [m for m in history(lab.api, lab.agent_id, thread_id) if m.get("tool_name") == "stop_game_server"][-1]
    assert result["is_error"] is True and "people are mid-raid" in result["content"]
    assert lab.service.world.server("minecraft").running is True and lab.service.calls_to("stop_game_server") == []
    assert "Left Minecraft running" in lab.notified(1)[0]


def test_the_model_is_offered_each_homelab_tool_with_its_input_schema_and_send_notification_once(stack, lab: Lab, claude):
    start(lab.api, lab.agent_id, scenarios.STOP_MESSAGE)
    settle(stack)
    offered = {t["name"]: t for t in claude.requests[0]["tools"]}
    assert offered["get_player_count"]["input_schema"]["required"] == ["server"]
    assert {"list_game_servers", "stop_game_server", "schedule_wake", "complete_task", "store_context"} <= set(offered)
    assert [t["name"] for t in claude.requests[0]["tools"]].count("send_notification") == 1
