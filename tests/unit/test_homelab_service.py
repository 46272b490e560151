"""The homelab HTTP service on loopback: signed tool calls, once per action id, the
control API and its signed event pushes, the team channel."""

from __future__ import annotations

import base64
import json
import time
from datetime import datetime, timezone
from typing import Any, Iterator

import pytest
import requests
from standardwebhooks import Webhook

from tests.support.hook_receiver import HookReceiver
from wakeful_dev.homelab.service import Homelab

SECRET = "whsec_" + base64.b64encode(b"k" * 32).decode()


@pytest.fixture()
def homelab() -> Iterator[Homelab]:
    service = Homelab()
    service.tool_secrets = {"pause_downloads": SECRET, "get_player_count": SECRET, "stop_game_server": SECRET}
    yield service
    service.close()


def signed(body: dict[str, Any], msg_id: str, secret: str = SECRET, stamp: float | None = None) -> tuple[bytes, dict[str, str]]:
    """Signed by the standardwebhooks package, as Wakeful signs a ToolRequest."""
    raw = json.dumps(body).encode()
    when = datetime.fromtimestamp(time.time() if stamp is None else stamp, tz=timezone.utc)
    headers = {
        "Content-Type": "application/json",
        "webhook-id": msg_id,
        "webhook-timestamp": str(int(when.timestamp())),
        "webhook-signature": Webhook(secret).sign(msg_id, when, raw.decode()),
    }
    return raw, headers


def tool_request(action_id: str, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {
        "action_id": action_id,
        "thread_id": "thr_1",
        "tool_call": {"id": "toolu_1", "name": name, "arguments": arguments},
        "agent_context": {"agent_id": "agt_1"},
        "tool_config": {},
    }


def call(homelab: Homelab, name: str, body: dict[str, Any], **sign: Any) -> requests.Response:
    raw, headers = signed(body, body["action_id"], **sign)
    return requests.post(homelab.tool_url(name), data=raw, headers=headers, timeout=10)


def test_a_signed_tool_call_runs_and_answers_a_tool_response(homelab: Homelab) -> None:
    response = call(homelab, "get_player_count", tool_request("act_1", "get_player_count", {"server": "minecraft"}))
    assert response.status_code == 200
    assert response.json() == {"success": True, "output": {"server": "minecraft", "status": "running", "playerCount": 2, "players": ["alex", "sam"]}}


def test_a_repeated_action_id_gets_the_first_answer_and_runs_nothing_again(homelab: Homelab) -> None:
    first = call(homelab, "pause_downloads", tool_request("act_p", "pause_downloads", {}))
    homelab.world.set_downloads_paused(False)  # someone resumed them in between
    again = call(homelab, "pause_downloads", tool_request("act_p", "pause_downloads", {}))
    assert again.json() == first.json()
    assert homelab.world.downloads_paused is False  # the replay did not pause them again
    assert [c.replay for c in homelab.calls] == [False, True]


def test_a_call_with_a_wrong_signature_is_refused_and_runs_nothing(homelab: Homelab) -> None:
    other = "whsec_" + base64.b64encode(b"x" * 32).decode()
    response = call(homelab, "stop_game_server", tool_request("act_s", "stop_game_server", {"server": "minecraft"}), secret=other)
    assert response.status_code == 401
    assert homelab.world.server("minecraft").running is True and homelab.calls == []


def test_a_call_signed_ten_minutes_ago_is_refused(homelab: Homelab) -> None:
    body = tool_request("act_old", "stop_game_server", {"server": "minecraft"})
    response = call(homelab, "stop_game_server", body, stamp=time.time() - 600)
    assert response.status_code == 401
    assert homelab.world.server("minecraft").running is True


def test_bad_arguments_answer_an_unsuccessful_tool_response_the_model_can_read(homelab: Homelab) -> None:
    response = call(homelab, "get_player_count", tool_request("act_b", "get_player_count", {"server": "doom"}))
    assert response.status_code == 200
    assert response.json()["success"] is False and "no game server named 'doom'" in response.json()["error"]


def test_players_leaving_pushes_signed_events_to_the_webhook_in_order(homelab: Homelab) -> None:
    receiver = HookReceiver()
    try:
        homelab.connect(receiver.url("webhooks/wh_1"), SECRET)
        answer = requests.post(f"{homelab.url}/control/servers/atm-10/players", json={"players": []}, timeout=10)
        assert answer.status_code == 200
        assert [e["event_type"] for e in answer.json()["events"]] == ["player_left", "server_empty"]
        deliveries = receiver.deliveries("webhooks/wh_1")
        bodies = [d.json for d in deliveries]
        assert [b["event_type"] for b in bodies] == ["player_left", "server_empty"]
        assert bodies[1]["payload"] == {"server": "atm-10", "previousCount": 2}
        for delivery in deliveries:  # verified by the standardwebhooks package
            Webhook(SECRET).verify(delivery.raw.decode(), {k.lower(): v for k, v in delivery.headers.items()})
        assert len({d.header("webhook-id") for d in deliveries}) == 2
    finally:
        receiver.close()


def test_a_bad_control_request_answers_400_and_changes_nothing(homelab: Homelab) -> None:
    response = requests.post(f"{homelab.url}/control/system", json={"temperature_c": "hot"}, timeout=10)
    assert response.status_code == 400 and response.json()["error"]["code"] == "bad_request"
    assert homelab.world.metrics()["cpu_temp_c"] == 61.0


def test_a_notification_delivered_twice_is_kept_once(homelab: Homelab) -> None:
    homelab.notification_secret = SECRET
    body = {"hook_type": "NOTIFICATION", "agent": {"id": "agt_1"}, "data": {"message": "Paused downloads", "thread_id": "thr_1"}, "context": {}}
    for _ in range(2):
        raw, headers = signed(body, "dlv_1")
        assert requests.post(homelab.notifications_url, data=raw, headers=headers, timeout=10).status_code == 200
    assert [n["message"] for n in homelab.notifications] == ["Paused downloads"]
