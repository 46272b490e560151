"""The ``homelab`` preset through the API: ``POST /agents {"preset": "homelab"}`` gives the
agent the homelab guidelines, thread triggers and tool list, and registers the owner's
homelab HTTP tools at the homelab service's URL (a setting); what the request or the
owner set themselves is left alone."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.hook_receiver import quiet_agent
from wakeful.homelab import preset, settings
from wakeful.homelab import tools as homelab_tools


@pytest.fixture()
def homelab_url(monkeypatch: pytest.MonkeyPatch) -> str:
    url = "http://127.0.0.1:18790"
    monkeypatch.setenv(settings.ENV_URL, url)
    return url


def owner_tools(api: Any) -> dict[str, dict[str, Any]]:
    response = api.get("/tools")
    assert response.status_code == 200, response.text
    return {t["name"]: t for t in response.json()["items"] if not t["builtin"]}


def test_creating_an_agent_with_the_homelab_preset_gives_it_the_guidelines_triggers_and_tools(stack, api, homelab_url):
    agent = quiet_agent(api, preset="homelab")
    assert agent["preset"] == "homelab"
    assert agent["system_prompt"] == preset.SYSTEM_PROMPT
    assert [(t["event_type"], t["cooldown_seconds"]) for t in agent["thread_triggers"]] == [("temp_high", 900), ("server_empty", 300)]
    assert agent["tools"] == list(homelab_tools.NAMES)
    registered = owner_tools(api)
    assert set(registered) == set(homelab_tools.NAMES)
    stop = registered["stop_game_server"]
    assert stop["endpoint_url"] == f"{homelab_url}/tools/stop_game_server"
    assert stop["kind"] == "http" and stop["input_schema"]["required"] == ["server"] and "force" in stop["input_schema"]["properties"]
    assert stop["requires_approval"] is False  # the preset's guard decides, from the players on


def test_requesting_media_waits_for_approval_and_looking_things_up_does_not(stack, api, homelab_url):
    quiet_agent(api, preset="homelab")
    registered = owner_tools(api)
    waits = {name for name, tool in registered.items() if tool["requires_approval"]}
    assert waits == {"request_movie", "request_show"}
    assert registered["request_movie"]["input_schema"]["required"] == ["title"]
    assert registered["get_container_status"]["endpoint_url"] == f"{homelab_url}/tools/get_container_status"
    assert {registered[n]["timeout_ms"] for n in ("get_container_status", "search_media", "request_movie", "request_show")} == {10_000}


def test_the_requests_own_guidelines_and_tool_list_win_over_the_presets(stack, api, homelab_url):
    agent = quiet_agent(api, preset="homelab", system_prompt="You only watch the temperature.", tools=["get_system_metrics"])
    assert agent["system_prompt"] == "You only watch the temperature."
    assert agent["tools"] == ["get_system_metrics"]
    assert [t["event_type"] for t in agent["thread_triggers"]] == ["temp_high", "server_empty"]


def test_the_preset_leaves_an_owners_own_tool_alone_and_updates_the_tools_it_made(stack, api, homelab_url, monkeypatch):
    own = api.post("/tools", json={"name": "get_player_count", "kind": "http", "endpoint_url": "http://127.0.0.1:18791/players"})
    assert own.status_code == 201, own.text
    quiet_agent(api, preset="homelab")
    monkeypatch.setenv(settings.ENV_URL, "http://127.0.0.1:18792")
    quiet_agent(api, preset="homelab")  # a second homelab agent, the service moved
    registered = owner_tools(api)
    assert registered["get_player_count"]["endpoint_url"] == "http://127.0.0.1:18791/players"
    assert registered["pause_downloads"]["endpoint_url"] == "http://127.0.0.1:18792/tools/pause_downloads"


def test_an_unknown_preset_names_homelab_among_the_known_ones(stack, api):
    response = api.post("/agents", json={"name": "X", "alias": "unknownpreset", "preset": "homelabs"})
    assert response.status_code in (400, 422), response.text
    assert "homelab" in response.json()["error"]["message"] and "snipin" in response.json()["error"]["message"]
