"""The simulated homelab's world: what each change reports and which events it causes."""

from __future__ import annotations

import pytest

from wakeful_dev.homelab import tools
from wakeful_dev.homelab.exceptions import ToolInputError, WorldError
from wakeful_dev.homelab.world import TEMP_THRESHOLD_C, World


def kinds(events: list) -> list[str]:
    return [e.event_type for e in events]


def test_last_player_leaving_a_server_reports_server_empty_with_the_previous_count() -> None:
    world = World()
    events = world.set_players("atm-10", [])
    assert kinds(events) == ["player_left", "server_empty"]
    assert events[-1].payload == {"server": "atm-10", "previousCount": 2}


def test_a_player_joining_reports_player_joined_with_the_new_count() -> None:
    world = World()
    world.set_players("atm-10", [])
    events = world.set_players("atm-10", ["jo"])
    assert kinds(events) == ["player_joined"]
    assert events[0].payload["playerCount"] == 1


def test_an_unchanged_player_list_reports_nothing() -> None:
    world = World()
    assert world.set_players("minecraft", ["alex", "sam"]) == []


def test_temperature_crossing_the_threshold_reports_temp_high_once() -> None:
    world = World()
    first = world.set_system(temperature_c=85.0, cpu_percent=95.0, transcodes=3)
    again = world.set_system(temperature_c=86.0)
    assert kinds(first) == ["temp_high"]
    assert first[0].payload["temp"] == 85.0 and first[0].payload["threshold"] == TEMP_THRESHOLD_C
    assert again == []


def test_a_tick_repeats_temp_high_only_while_it_stays_hot() -> None:
    world = World()
    world.set_system(temperature_c=85.0)
    assert kinds(world.tick()) == ["temp_high"]
    world.set_system(temperature_c=72.0)
    assert world.tick() == []


def test_running_downloads_saturate_the_network_and_pausing_frees_it() -> None:
    world = World()
    busy = world.metrics()
    world.set_downloads_paused(True)
    quiet = world.metrics()
    assert busy["network_percent"] > 90 and busy["downloads_active"] is True
    assert quiet["network_percent"] < 20 and quiet["downloads_active"] is False
    assert world.download_status()["status"] == "paused"


def test_stopping_a_server_disconnects_its_players() -> None:
    world = World()
    stopped = world.stop_server("minecraft")
    assert stopped["status"] == "stopped" and stopped["players_disconnected"] == ["alex", "sam"]
    assert world.server("minecraft").view()["playerCount"] == 0


def test_nobody_can_join_a_stopped_server() -> None:
    with pytest.raises(WorldError):
        World().set_players("valheim", ["jo"])


def test_metric_values_out_of_range_are_refused_and_change_nothing() -> None:
    world = World()
    with pytest.raises(WorldError):
        world.set_system(temperature_c=400)
    with pytest.raises(WorldError):
        world.set_system(fan_rpm=3000)
    assert world.metrics()["cpu_temp_c"] == 61.0


def test_a_tool_with_a_missing_server_argument_is_an_input_error() -> None:
    with pytest.raises(ToolInputError):
        tools.run(World(), "get_player_count", {})


def test_every_tool_has_an_object_input_schema_and_a_description() -> None:
    for tool in tools.TOOLS:
        assert tool.input_schema["type"] == "object" and tool.description
    assert "send_notification" not in tools.BY_NAME  # the meta tool of every thread does it
