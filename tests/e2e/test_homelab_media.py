"""The homelab's media story end to end: ``wakeful dev`` over HTTP, the homelab service on
loopback configured with Jellyfin and Radarr (local fakes of their APIs, real HTTP), the
model the real anthropic SDK against the fake Messages API replaying the homelab's
script. Requesting a movie waits for the owner's approval; only an approved request
reaches Radarr."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from tests.e2e.test_homelab_flows import ENDED, Lab, settle
from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.fakes.homelab_services import FakeJellyfin, FakeRadarr, radarr_movie
from tests.integration.thread_helpers import history, start, threads, tool_calls
from wakeful_dev.homelab import scenarios, setup
from wakeful_dev.homelab.backends import Backends
from wakeful_dev.homelab.service import Homelab

pytestmark = [pytest.mark.e2e]
KEY = "0123456789abcdef0123456789abcdef"


@pytest.fixture()
def media_lab(stack: Any, api: Any, claude: fake.FakeAnthropic) -> Iterator[tuple[Lab, FakeRadarr]]:  # noqa: F811 - the fixture
    claude.converse(scenarios.SCRIPT)
    jellyfin = FakeJellyfin(KEY, [("Dune", "Movie", 2021), ("Blade Runner 2049", "Movie", 2017)])
    radarr = FakeRadarr(KEY, [radarr_movie("Dune: Part Two", 2024, 693134), radarr_movie("Dune", 2021, 438631, in_radarr=True, has_file=True)])
    service = Homelab(backends=Backends.from_env({
        "WAKEFUL_HOMELAB_JELLYFIN_URL": jellyfin.url, "WAKEFUL_HOMELAB_JELLYFIN_API_KEY": KEY,
        "WAKEFUL_HOMELAB_RADARR_URL": radarr.url, "WAKEFUL_HOMELAB_RADARR_API_KEY": KEY,
    }))
    installed = setup.install(stack.api_url, api.key, service, alias=f"media{api.owner[-8:]}")
    yield Lab(service, installed, api), radarr
    for item in threads(api, installed.agent_id):
        if item["status"] not in ENDED:
            api.post(f"/agents/{installed.agent_id}/threads/{item['id']}/cancel")
    service.close()
    jellyfin.close()
    radarr.close()


def pending(lab: Lab, thread_id: str) -> list[dict[str, Any]]:
    return lab.api.get(f"/agents/{lab.agent_id}/threads/{thread_id}/approvals").json()["items"]


def test_a_movie_request_waits_for_the_owners_approval_then_reaches_radarr_once(stack, media_lab, claude):
    lab, radarr = media_lab
    thread_id = start(lab.api, lab.agent_id, scenarios.MEDIA_MESSAGE)
    settle(stack)

    assert lab.thread(thread_id)["status"] == "waiting_approval"
    (waiting,) = pending(lab, thread_id)
    assert (waiting["tool"], waiting["arguments"]) == ("request_movie", {"title": "Dune: Part Two", "year": 2024})
    assert radarr.added == [] and lab.service.calls_to("request_movie") == []
    searched = next(m for m in history(lab.api, lab.agent_id, thread_id) if m.get("tool_name") == "search_media")
    assert '"source": "jellyfin"' in searched["content"] and "Blade Runner" not in searched["content"]

    answer = lab.api.post(f"/agents/{lab.agent_id}/threads/{thread_id}/approvals/{waiting['tool_call_id']}", json={"decision": "approve"})
    assert answer.status_code == 200, answer.text
    settle(stack)

    done = lab.thread(thread_id)
    assert (done["status"], done["summary"]) == ("complete", "Requested Dune: Part Two.")
    assert [(a["tmdbId"], a["monitored"], a["addOptions"]) for a in radarr.added] == [(693134, True, {"searchForMovie": True})]
    assert "Requested Dune: Part Two" in lab.notified(1)[0]
    assert tool_calls(history(lab.api, lab.agent_id, thread_id)) == ["search_media", "request_movie", "send_notification", "complete_task"]


def test_a_denied_movie_request_never_reaches_radarr(stack, media_lab, claude):
    lab, radarr = media_lab
    thread_id = start(lab.api, lab.agent_id, scenarios.MEDIA_MESSAGE)
    settle(stack)
    (waiting,) = pending(lab, thread_id)

    answer = lab.api.post(f"/agents/{lab.agent_id}/threads/{thread_id}/approvals/{waiting['tool_call_id']}", json={"decision": "deny"})
    assert answer.status_code == 200, answer.text
    settle(stack)

    assert lab.thread(thread_id)["summary"] == "Did not request Dune: Part Two."
    assert radarr.added == [] and not radarr.posts(r"^/api/v3/movie$")
