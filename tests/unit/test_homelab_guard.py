"""The homelab's stop guard (an in-process interceptor): approval only for stopping a
server with players on."""

from __future__ import annotations

from typing import Any

from wakeful.interceptors.decisions import Deny, RequireApproval
from wakeful_dev.homelab.guard import StopGuard, players_counter
from wakeful_dev.homelab.world import World


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
