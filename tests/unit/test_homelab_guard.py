"""The homelab preset's stop guard (an in-process interceptor): a stop with players on is
denied, a forced one waits for approval, an empty server's stop runs."""

from __future__ import annotations

from typing import Any

from wakeful.homelab.guard import StopGuard
from wakeful.interceptors.decisions import Deny, RequireApproval

PLAYERS = {"minecraft": 2, "atm-10": 0}


def players_on(server: str) -> int:
    if server not in PLAYERS:
        raise LookupError(server)
    return PLAYERS[server]


def guard_event(server: str, **stop_arguments: Any) -> dict[str, Any]:
    return {
        "id": "evt_1",
        "type": "tool_call",
        "created_by": "agent",
        "thread_id": "thr_1",
        "tool_calls": [
            {"id": "toolu_a", "name": "get_player_count", "arguments": {"server": server}},
            {"id": "toolu_b", "name": "stop_game_server", "arguments": {"server": server, **stop_arguments}},
        ],
    }


def test_the_guard_denies_stopping_a_server_with_players_on_and_says_they_are_online() -> None:
    decision = StopGuard(players_on)(guard_event("minecraft"))
    assert isinstance(decision, Deny)
    assert "minecraft has 2 player(s) online" in decision.reason and "force: true" in decision.reason


def test_the_guard_holds_a_forced_stop_with_players_on_for_approval() -> None:
    assert StopGuard(players_on)(guard_event("minecraft", force=True)) == RequireApproval(tool_call_ids=("toolu_b",))


def test_the_guard_lets_an_empty_servers_stop_and_other_steps_through() -> None:
    guard = StopGuard(players_on)
    assert guard(guard_event("atm-10")) is None
    assert guard({"id": "m", "type": "message", "message": {"role": "assistant", "content": "hi"}}) is None


def test_the_guard_leaves_unknown_servers_to_the_tool() -> None:
    assert StopGuard(players_on)(guard_event("doom")) is None
