"""The homelab's deterministic decisions, played against the simulated world in process
(tools run on the world, meta tools recorded): each story takes the expected steps."""

from __future__ import annotations

import json
from typing import Any

from wakeful.interceptors.decisions import Deny, RequireApproval
from wakeful_dev.homelab import scenarios, tools
from wakeful_dev.homelab.guard import StopGuard, players_counter
from wakeful_dev.homelab.world import World

META = {"schedule_wake", "complete_task", "store_context", "get_context", "send_notification"}


class Run:
    """A thread's conversation, driven by :func:`scenarios.next_turn` until it sleeps or ends."""

    def __init__(self, world: World, task: str) -> None:
        self.world = world
        self.messages: list[dict[str, Any]] = [{"role": "user", "content": task}]
        self.calls: list[str] = []
        self.context: dict[str, Any] = {}
        self.state = "active"

    def run(self) -> "Run":
        for turn in range(30):
            blocks = scenarios.with_ids(scenarios.next_turn(self.messages), f"toolu_{len(self.messages)}")
            self.messages.append({"role": "assistant", "content": blocks})
            uses = [b for b in blocks if b["type"] == "tool_use"]
            if not uses:
                return self
            results = [self._result(b) for b in uses]
            self.messages.append({"role": "user", "content": results})
            if self.state != "active":
                return self
        raise AssertionError("no end after 30 turns")

    def _result(self, block: dict[str, Any]) -> dict[str, Any]:
        name, args = block["name"], block["input"]
        self.calls.append(name)
        if name == "schedule_wake":
            self.state = "sleeping"
            output: Any = {"sleeping": True}
        elif name == "complete_task":
            self.state = "complete"
            output = {"completed": True}
        elif name == "store_context":
            self.context[args["key"]] = args["value"]
            output = {"stored": args["key"]}
        elif name == "get_context":
            output = {"key": args["key"], "value": self.context.get(args["key"])}
        elif name == "send_notification":
            output = {"sent": True}
        else:
            output = tools.run(self.world, name, args)
        return {"type": "tool_result", "tool_use_id": block["id"], "content": json.dumps(output)}

    def wake(self, text: str) -> "Run":
        self.state = "active"
        self.messages.append({"role": "user", "content": text})
        return self.run()


def test_flow_1_pauses_downloads_sleeps_on_server_empty_then_resumes_and_completes() -> None:
    world = World()
    run = Run(world, "the minecraft server is slow").run()
    assert run.calls == ["get_system_metrics", "pause_downloads", "send_notification", "schedule_wake"]
    wait = run.messages[-2]["content"][-1]["input"]
    assert wait["wake_on_events"] == [{"event_type": "server_empty", "match": {"server": "minecraft"}}]
    assert world.downloads_paused is True
    run.wake('You were woken by event: server_empty {"server": "minecraft", "previousCount": 2}. Reason: Check if Minecraft recovered')
    assert run.calls[4:] == ["resume_downloads", "send_notification", "complete_task"]
    assert world.downloads_paused is False and run.state == "complete"


def test_flow_2_warns_about_heat_and_completes_quietly_once_it_cooled() -> None:
    world = World()
    world.set_system(temperature_c=85.0, cpu_percent=95.0, transcodes=3)
    run = Run(world, 'Event temp_high: {"temp": 85.0, "threshold": 80.0}').run()
    assert run.calls == ["get_system_metrics", "send_notification", "schedule_wake"]
    world.set_system(temperature_c=72.0)
    run.wake("You were woken by your timer. Reason: Check if CPU temp normalized")
    assert run.calls[3:] == ["get_system_metrics", "complete_task"]


def test_flow_3_remembers_the_server_and_stops_it_when_the_timer_finds_it_still_empty() -> None:
    world = World()
    world.set_players("atm-10", [])
    run = Run(world, 'Event server_empty: {"server": "atm-10", "previousCount": 2}').run()
    assert run.calls == ["store_context", "schedule_wake"]
    run.wake("You were woken by your timer (no awaited event came). Reason: Stop atm-10 if still empty")
    assert run.calls[2:] == ["get_context", "get_player_count", "stop_game_server", "send_notification", "complete_task"]
    assert world.server("atm-10").running is False


def test_flow_3_leaves_the_server_running_when_someone_joins_first() -> None:
    world = World()
    world.set_players("atm-10", [])
    run = Run(world, 'Event server_empty: {"server": "atm-10", "previousCount": 2}').run()
    run.wake('You were woken by event: player_joined {"server": "atm-10", "playerCount": 1}')
    assert run.calls[2:] == ["complete_task"]
    assert world.server("atm-10").running is True


def test_wake_causes_are_read_from_the_wake_message() -> None:
    assert scenarios.cause("Woken by event `server_empty` (seq 7)") == "server_empty"
    assert scenarios.cause("Your scheduled wake is due. Reason: resume downloads if server_empty") == "timer"


def guard_event(server: str) -> dict[str, Any]:
    return {
        "id": "evt_1",
        "type": "tool_call",
        "created_by": "agent",
        "thread_id": "thr_1",
        "tool_calls": [
            {"id": "toolu_a", "name": "get_player_count", "arguments": {"server": server}},
            {"id": "toolu_b", "name": "stop_game_server", "arguments": {"server": server}},
        ],
    }


def test_the_guard_asks_approval_only_for_stopping_a_server_with_players_on() -> None:
    world = World()
    guard = StopGuard(players_counter(world))
    assert guard(guard_event("minecraft")) == RequireApproval(tool_call_ids=("toolu_b",))
    world.set_players("atm-10", [])
    assert guard(guard_event("atm-10")) is None
    assert guard({"id": "m", "type": "message", "message": {"role": "assistant", "content": "hi"}}) is None


def test_the_guard_in_deny_mode_names_the_players_in_its_reason() -> None:
    decision = StopGuard(players_counter(World()), mode="deny")(guard_event("minecraft"))
    assert isinstance(decision, Deny) and "2 player(s)" in decision.reason


def test_the_guard_leaves_unknown_servers_to_the_tool() -> None:
    assert StopGuard(players_counter(World()))(guard_event("doom")) is None
