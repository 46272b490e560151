"""The homelab's script, played in process through the scripted conversation format
against the simulated world (tools run on the world, meta tools recorded, wake messages
worded by the thread runtime): every path of every story takes the expected steps."""

from __future__ import annotations

import json
from typing import Any

from wakeful.llm import script
from wakeful.threads.records import Thread
from wakeful.threads.service import wake_notice
from wakeful_dev.homelab import scenarios, tools
from wakeful_dev.homelab.world import World


class Run:
    """A thread's conversation, answered by the script until it sleeps or ends."""

    def __init__(self, world: World, task: str) -> None:
        self.world = world
        self.messages: list[dict[str, Any]] = [{"role": "user", "content": [{"type": "text", "text": task}]}]
        self.calls: list[str] = []
        self.context: dict[str, Any] = {}
        self.state = "active"
        self.reason = ""

    def run(self) -> "Run":
        for _ in range(20):
            blocks = script.reply(scenarios.SCRIPT, self.messages)
            self.messages.append({"role": "assistant", "content": blocks})
            uses = [b for b in blocks if b["type"] == "tool_use"]
            if not uses:
                return self
            self.messages.append({"role": "user", "content": [self._result(b) for b in uses]})
            if self.state != "active":
                return self
        raise AssertionError("the story did not end in 20 turns")

    def _result(self, block: dict[str, Any]) -> dict[str, Any]:
        name, args = block["name"], block["input"]
        self.calls.append(name)
        output: Any = {"ok": True}
        if name == "schedule_wake":
            self.state, self.reason = "sleeping", args["reason"]
        elif name == "complete_task":
            self.state = "complete"
        elif name == "store_context":
            self.context[args["key"]] = args["value"]
        elif name == "get_context":
            output = {"key": args["key"], "found": True, "value": self.context.get(args["key"])}
        elif name != "send_notification":
            output = tools.run(self.world, name, args)
        return {"type": "tool_result", "tool_use_id": block["id"], "content": json.dumps(output)}

    def wake(self, how: str, event: dict[str, Any] | None = None) -> "Run":
        """Wake as the runtime does: the notice joins the last user turn."""
        notice = wake_notice(Thread(agent_id="agt_homelab", thread_id="thr_homelab", wake_reason=self.reason, wake_at=0), how, event)
        self.messages[-1]["content"].append({"type": "text", "text": f"[system] {notice}"})
        self.state = "active"
        return self.run()


def event(event_type: str, **payload: Any) -> dict[str, Any]:
    return {"event_type": event_type, "seq": 9, "payload": payload}


def test_flow_1_woken_by_server_empty_resumes_downloads_and_completes() -> None:
    world = World()
    run = Run(world, scenarios.SLOW_MESSAGE).run()
    assert run.calls == ["get_system_metrics", "pause_downloads", "send_notification", "schedule_wake"]
    assert world.downloads_paused is True
    run.wake("event", event("server_empty", server="minecraft", previousCount=2))
    assert run.calls[4:] == ["resume_downloads", "send_notification", "complete_task"]
    assert world.downloads_paused is False and run.state == "complete"


def test_flow_1_woken_by_its_timer_resumes_the_downloads_all_the_same() -> None:
    run = Run(World(), scenarios.SLOW_MESSAGE).run().wake("timer")
    assert run.calls[4:] == ["resume_downloads", "send_notification", "complete_task"]


def test_flow_2_completes_quietly_when_the_timer_finds_it_cooled() -> None:
    world = World()
    world.set_system(temperature_c=85.0, cpu_percent=95.0, transcodes=3)
    run = Run(world, 'Event temp_high (seq 3, source webhook): {"temp": 85.0}').run()
    assert run.calls == ["get_system_metrics", "send_notification", "schedule_wake"]
    world.set_system(temperature_c=72.0)
    assert run.wake("timer").calls[3:] == ["get_system_metrics", "complete_task"]


def test_flow_2_warns_again_when_the_timer_finds_it_still_hot() -> None:
    world = World()
    world.set_system(temperature_c=85.0)
    run = Run(world, 'Event temp_high (seq 3, source webhook): {"temp": 85.0}').run().wake("timer")
    assert run.calls[3:] == ["get_system_metrics", "send_notification", "complete_task"]


def test_flow_3_the_timer_finds_atm_10_still_empty_and_stops_it() -> None:
    world = World()
    world.set_players("atm-10", [])
    run = Run(world, 'Event server_empty (seq 5, source webhook): {"server": "atm-10"}').run()
    assert run.calls == ["store_context", "schedule_wake"]
    run.wake("timer")
    assert run.calls[2:] == ["get_context", "get_player_count", "stop_game_server", "send_notification", "complete_task"]
    assert world.server("atm-10").running is False


def test_flow_3_players_back_by_the_timer_keep_atm_10_running() -> None:
    world = World()
    world.set_players("atm-10", [])
    run = Run(world, 'Event server_empty (seq 5, source webhook): {"server": "atm-10"}').run()
    world.set_players("atm-10", ["kim"])
    assert run.wake("timer").calls[2:] == ["get_context", "get_player_count", "complete_task"]
    assert world.server("atm-10").running is True


def test_flow_3_woken_by_player_joined_completes_without_touching_the_server() -> None:
    world = World()
    world.set_players("atm-10", [])
    run = Run(world, 'Event server_empty (seq 5, source webhook): {"server": "atm-10"}').run()
    assert run.wake("event", event("player_joined", server="atm-10", playerCount=1)).calls[2:] == ["complete_task"]


def test_the_stop_request_forces_the_stop_after_the_guard_denies_it_then_reports_it_was_not_approved() -> None:
    world = World()
    run = Run(world, scenarios.STOP_MESSAGE)

    def answer(blocks: list[dict[str, Any]], content: str, is_error: bool = False) -> None:
        run.messages += [
            {"role": "assistant", "content": blocks},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": blocks[-1]["id"], "content": content, "is_error": is_error}]},
        ]

    blocks = script.reply(scenarios.SCRIPT, run.messages)
    assert [b["name"] for b in blocks if b["type"] == "tool_use"] == ["get_player_count"]
    answer(blocks, '{"playerCount": 2}')
    stop = script.reply(scenarios.SCRIPT, run.messages)
    assert [b["input"] for b in stop if b["type"] == "tool_use"] == [{"server": "minecraft"}]
    answer(stop, "denied: not stopped: minecraft has 2 player(s) online", is_error=True)
    forced = script.reply(scenarios.SCRIPT, run.messages)
    assert [b["input"] for b in forced if b["type"] == "tool_use"] == [{"server": "minecraft", "force": True}]
    answer(forced, "denied by a person: mid-raid", is_error=True)
    last = script.reply(scenarios.SCRIPT, run.messages)
    assert "Left Minecraft running" in json.dumps(last)


def test_the_movie_request_searches_the_library_requests_the_missing_film_and_says_so() -> None:
    world = World()
    run = Run(world, scenarios.MEDIA_MESSAGE).run()
    assert run.calls == ["search_media", "request_movie", "send_notification", "complete_task"]
    assert next(t for t in world.titles if t.name == "Dune: Part Two").requested is True


def test_the_movie_request_stops_at_the_library_when_the_film_is_there() -> None:
    world = World()
    next(t for t in world.titles if t.name == "Dune: Part Two").in_library = True
    assert Run(world, scenarios.MEDIA_MESSAGE).run().calls == ["search_media", "complete_task"]
