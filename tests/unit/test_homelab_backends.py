"""The homelab's container and media tools against local fakes of the Docker Engine,
Jellyfin, Radarr and Sonarr APIs (real HTTP on loopback, each API's own shapes): through
the homelab service's signed tool endpoint, and the backends' calls directly where a
deadline or an address is under test."""

from __future__ import annotations

import json
from typing import Any, Iterator

import pytest
import requests

from tests.fakes.homelab_services import (
    Answer,
    FakeDocker,
    FakeJellyfin,
    FakeRadarr,
    FakeSonarr,
    docker_container,
    radarr_movie,
    sonarr_series,
)
from tests.unit.test_homelab_service import SECRET, signed, tool_request
from wakeful_dev.homelab import backends, media
from wakeful_dev.homelab.backends import Api, BackendError, Backends, Deadline
from wakeful_dev.homelab.service import Homelab

RADARR_KEY = "radarr0123456789abcdef0123456789ab"
SONARR_KEY = "sonarr0123456789abcdef0123456789ab"
JELLYFIN_KEY = "jellyfin0123456789abcdef012345678"


@pytest.fixture()
def fakes() -> Iterator[dict[str, Any]]:
    made = {
        "docker": FakeDocker([
            docker_container("jellyfin", "jellyfin/jellyfin:10.10.3"),
            docker_container("minecraft", "itzg/minecraft-server:java21", health="unhealthy", last_check="RCON: connection refused"),
            docker_container("sabnzbd", "linuxserver/sabnzbd:4.4", state="exited", health=None, exit_code=137, oom=True, restarts=5),
        ]),
        "jellyfin": FakeJellyfin(JELLYFIN_KEY, [("Dune", "Movie", 2021), ("Dune", "Movie", 1984), ("The Expanse", "Series", 2015)]),
        "radarr": FakeRadarr(RADARR_KEY, [
            radarr_movie("Dune: Part Two", 2024, 693134),
            radarr_movie("Dune", 2021, 438631, in_radarr=True, has_file=True),
            radarr_movie("Dune", 1984, 841),
        ]),
        "sonarr": FakeSonarr(SONARR_KEY, [sonarr_series("Severance", 2022, 371980), sonarr_series("The Expanse", 2015, 280619, in_sonarr=True)]),
    }
    yield made
    for fake in made.values():
        fake.close()


@pytest.fixture()
def wired(fakes: dict[str, Any]) -> Backends:
    environ = {
        "WAKEFUL_HOMELAB_DOCKER_URL": fakes["docker"].url,
        "WAKEFUL_HOMELAB_JELLYFIN_URL": fakes["jellyfin"].url, "WAKEFUL_HOMELAB_JELLYFIN_API_KEY": JELLYFIN_KEY,
        "WAKEFUL_HOMELAB_RADARR_URL": fakes["radarr"].url, "WAKEFUL_HOMELAB_RADARR_API_KEY": RADARR_KEY,
        "WAKEFUL_HOMELAB_SONARR_URL": fakes["sonarr"].url + "/", "WAKEFUL_HOMELAB_SONARR_API_KEY": SONARR_KEY,
    }
    return Backends.from_env(environ)


@pytest.fixture()
def homelab(wired: Backends) -> Iterator[Homelab]:
    service = Homelab(backends=wired, tool_secret=SECRET)
    yield service
    service.close()


def run(homelab: Homelab, name: str, arguments: dict[str, Any], action_id: str | None = None) -> dict[str, Any]:
    body = tool_request(action_id or f"act_{name}_{len(homelab.calls)}", name, arguments)
    raw, headers = signed(body, body["action_id"])
    response = requests.post(homelab.tool_url(name), data=raw, headers=headers, timeout=30)
    assert response.status_code == 200, response.text
    return response.json()


# -- get_container_status --------------------------------------------------------------
def test_container_status_lists_every_container_with_its_state_and_health_from_docker(homelab, fakes):
    answer = run(homelab, "get_container_status", {})

    assert answer["success"] is True, answer
    output = answer["output"]
    assert output["source"] == "docker"
    assert [(c["name"], c["state"], c["health"]) for c in output["containers"]] == [
        ("jellyfin", "running", "healthy"), ("minecraft", "running", "unhealthy"), ("sabnzbd", "exited", None),
    ]
    assert (output["running"], output["not_running"], output["unhealthy"]) == (2, 1, ["minecraft"])
    assert fakes["docker"].calls[0].path == "/containers/json?all=true"  # stopped ones too


def test_container_status_of_one_container_shows_its_health_check_exit_code_and_restarts(homelab):
    unhealthy = run(homelab, "get_container_status", {"container": "minecraft"})["output"]["container"]
    crashed = run(homelab, "get_container_status", {"container": "sabnzbd"})["output"]["container"]

    assert (unhealthy["health"], unhealthy["failing_streak"], unhealthy["last_check"]) == ("unhealthy", 3, "RCON: connection refused")
    assert (crashed["state"], crashed["exit_code"], crashed["oom_killed"], crashed["restart_count"]) == ("exited", 137, True, 5)
    assert crashed["image"] == "linuxserver/sabnzbd:4.4"


def test_an_unknown_container_is_an_error_the_model_reads(homelab):
    answer = run(homelab, "get_container_status", {"container": "plex"})
    assert answer == {"success": False, "error": "Docker has no container named 'plex'"}


@pytest.mark.parametrize("name", ["../images/json", "a/b", "x?all=1", " ", "-rm"])
def test_a_container_name_that_is_no_name_is_refused_before_any_call(homelab, fakes, name):
    answer = run(homelab, "get_container_status", {"container": name})
    assert answer["success"] is False
    assert fakes["docker"].calls == []


# -- search_media ----------------------------------------------------------------------
def test_search_media_asks_jellyfin_with_its_token_for_movies_and_shows(homelab, fakes):
    output = run(homelab, "search_media", {"query": "dune"})["output"]

    assert output["source"] == "jellyfin" and output["found"] == 2
    assert [(r["name"], r["type"], r["year"]) for r in output["results"]] == [("Dune", "movie", 2021), ("Dune", "movie", 1984)]
    (call,) = fakes["jellyfin"].calls
    assert call.header("Authorization").startswith("MediaBrowser ") and f'Token="{JELLYFIN_KEY}"' in call.header("Authorization")
    assert "searchTerm=dune" in call.path and "IncludeItemTypes=Movie%2CSeries" in call.path and "Recursive=true" in call.path


def test_a_refused_key_is_an_error_without_the_key(homelab, fakes):
    fakes["jellyfin"].then(Answer(401, {"error": "bad token {header:Authorization}"}))
    answer = run(homelab, "search_media", {"query": "dune"})
    assert answer["success"] is False and "401" in answer["error"]
    assert JELLYFIN_KEY not in answer["error"]


# -- request_movie / request_show -------------------------------------------------------
def test_request_movie_adds_the_lookups_match_to_radarr_monitored_and_searched(homelab, fakes):
    output = run(homelab, "request_movie", {"title": "Dune: Part Two"})["output"]

    assert (output["requested"], output["title"], output["year"], output["tmdb_id"]) == (True, "Dune: Part Two", 2024, 693134)
    (added,) = fakes["radarr"].added
    assert (added["tmdbId"], added["qualityProfileId"], added["rootFolderPath"]) == (693134, 4, "/data/movies")
    assert (added["monitored"], added["addOptions"], added["titleSlug"]) == (True, {"searchForMovie": True}, "693134")
    assert output["radarr_id"] == added["id"]
    assert all(call.header("X-Api-Key") == RADARR_KEY for call in fakes["radarr"].calls)


def test_the_year_picks_among_movies_of_one_title_and_one_already_in_radarr_is_not_added_again(homelab, fakes):
    old = run(homelab, "request_movie", {"title": "Dune", "year": 1984})["output"]
    there = run(homelab, "request_movie", {"title": "Dune", "year": 2021})["output"]

    assert (old["requested"], old["tmdb_id"]) == (True, 841)
    assert (there["requested"], there["already_requested"], there["in_library"]) == (False, True, True)
    assert [a["tmdbId"] for a in fakes["radarr"].added] == [841]


def test_a_movie_radarr_cannot_find_is_answered_with_the_candidates(homelab, fakes):
    output = run(homelab, "request_movie", {"title": "Dune", "year": 1999})["output"]
    assert output["requested"] is False and "from 1999" in output["reason"]
    assert {c["year"] for c in output["candidates"]} == {2024, 2021, 1984}
    assert fakes["radarr"].added == []


def test_radarrs_own_refusal_reaches_the_model(homelab, fakes):
    fakes["radarr"].then(
        Answer(200, [radarr_movie("Arrival", 2016, 329865)]),
        Answer(200, [{"id": 4, "name": "HD-1080p"}]),
        Answer(200, [{"id": 1, "path": "/data/movies"}]),
        Answer(400, [{"propertyName": "RootFolderPath", "errorMessage": "Folder is not writable by user abc"}]),
    )
    answer = run(homelab, "request_movie", {"title": "Arrival"})
    assert answer["success"] is False
    assert "400" in answer["error"] and "Folder is not writable" in answer["error"]


def test_request_show_adds_to_sonarr_with_every_season_monitored(homelab, fakes):
    output = run(homelab, "request_show", {"title": "severance"})["output"]

    assert (output["requested"], output["tvdb_id"]) == (True, 371980)
    (added,) = fakes["sonarr"].added
    assert (added["tvdbId"], added["rootFolderPath"], added["qualityProfileId"]) == (371980, "/data/tv", 4)
    assert added["addOptions"] == {"monitor": "all", "searchForMissingEpisodes": True}
    assert [s["seasonNumber"] for s in added["seasons"]] == [1, 2] and added["seasonFolder"] is True


def test_a_configured_quality_profile_and_root_folder_are_used_without_asking(fakes):
    environ = {"WAKEFUL_HOMELAB_RADARR_URL": fakes["radarr"].url, "WAKEFUL_HOMELAB_RADARR_API_KEY": RADARR_KEY,
               "WAKEFUL_HOMELAB_RADARR_QUALITY_PROFILE_ID": "6", "WAKEFUL_HOMELAB_RADARR_ROOT_FOLDER": "/mnt/4k"}
    radarr = Backends.from_env(environ).radarr
    assert radarr is not None

    media.request(media.RADARR, radarr, "Dune: Part Two", None, Deadline(5), radarr.options)

    (added,) = fakes["radarr"].added
    assert (added["qualityProfileId"], added["rootFolderPath"]) == (6, "/mnt/4k")
    assert [c.path.split("?")[0] for c in fakes["radarr"].calls] == ["/api/v3/movie/lookup", "/api/v3/movie"]


def test_a_repeated_action_id_requests_once(homelab, fakes):
    first = run(homelab, "request_movie", {"title": "Dune: Part Two"}, action_id="act_same")
    again = run(homelab, "request_movie", {"title": "Dune: Part Two"}, action_id="act_same")
    assert first == again and len(fakes["radarr"].added) == 1


# -- deadlines, addresses, secrets -----------------------------------------------------
def test_a_service_slower_than_the_deadline_is_an_error_within_it(fakes):
    jellyfin = Backends.from_env({"WAKEFUL_HOMELAB_JELLYFIN_URL": fakes["jellyfin"].url, "WAKEFUL_HOMELAB_JELLYFIN_API_KEY": JELLYFIN_KEY}).jellyfin
    assert jellyfin is not None
    fakes["jellyfin"].then(Answer(200, {"Items": []}, delay=3.0))
    deadline = Deadline(0.6)

    with pytest.raises(BackendError, match="did not answer within"):
        media.search(jellyfin, "dune", deadline)
    assert deadline.left() > -0.5


@pytest.mark.parametrize("url", ["http://169.254.169.254:7878", "http://[fe80::1]:7878", "http://224.0.0.1:7878"])
def test_a_service_at_a_link_local_or_multicast_address_is_never_called(url):
    radarr = Api("Radarr", url, {"X-Api-Key": RADARR_KEY}, RADARR_KEY)
    with pytest.raises(BackendError, match="does not call"):
        radarr.get("/api/v3/movie/lookup", Deadline(2), params={"term": "x"})


@pytest.mark.parametrize("url", ["http://user:pw@127.0.0.1:7878", "ftp://127.0.0.1", "http://127.0.0.1:7878/?apikey=1"])
def test_a_base_url_of_the_wrong_form_is_refused_when_configured(url):
    with pytest.raises(ValueError):
        Backends.from_env({"WAKEFUL_HOMELAB_RADARR_URL": url, "WAKEFUL_HOMELAB_RADARR_API_KEY": RADARR_KEY})


def test_a_service_url_without_its_api_key_is_refused_when_configured():
    with pytest.raises(ValueError, match="WAKEFUL_HOMELAB_SONARR_API_KEY"):
        Backends.from_env({"WAKEFUL_HOMELAB_SONARR_URL": "http://127.0.0.1:8989"})


def test_a_service_that_repeats_the_key_in_an_error_never_gets_it_to_the_model(homelab, fakes):
    fakes["radarr"].then(Answer(500, {"message": "upstream said: key {header:X-Api-Key} rejected"}))
    answer = run(homelab, "request_movie", {"title": "Arrival"})
    assert answer["success"] is False and "[redacted]" in answer["error"].lower()
    assert RADARR_KEY not in json.dumps(answer)


def test_the_state_says_where_each_tool_answers_from_without_keys(homelab, fakes):
    state = requests.get(f"{homelab.url}/state", timeout=10).json()
    assert state["backends"] == {name: fakes[name].url for name in ("docker", "jellyfin", "radarr", "sonarr")}
    assert not any(key in json.dumps(state) for key in (RADARR_KEY, SONARR_KEY, JELLYFIN_KEY))


def test_without_services_the_tools_answer_from_the_simulated_homelab():
    service = Homelab(backends=Backends(), tool_secret=SECRET)
    try:
        listed = run(service, "get_container_status", {})["output"]
        found = run(service, "search_media", {"query": "dune"})["output"]
        asked = run(service, "request_show", {"title": "Severance"})["output"]
    finally:
        service.close()
    assert listed["source"] == "simulated" and "minecraft" in [c["name"] for c in listed["containers"]]
    assert found["results"] == [{"name": "Dune", "type": "movie", "year": 2021, "id": "sim-438631"}]
    assert (asked["source"], asked["requested"], asked["tvdb_id"]) == ("simulated", True, 371980)
    assert service.world.titles[5].requested is True


def test_the_backends_module_names_every_services_variables():
    assert set(backends.ENV) == {"docker", "jellyfin", "radarr", "sonarr"}


# -- Radarr's and Sonarr's webhooks: download events ----------------------------------------
RADARR_DOWNLOAD = {
    "eventType": "Download", "instanceName": "Radarr", "applicationUrl": "",
    "movie": {"id": 7, "title": "Dune: Part Two", "year": 2024, "releaseDate": "2024-05-14", "folderPath": "/data/movies/Dune Part Two (2024)",
              "tmdbId": 693134, "imdbId": "tt15239678"},
    "remoteMovie": {"tmdbId": 693134, "imdbId": "tt15239678", "title": "Dune: Part Two", "year": 2024},
    "movieFile": {"id": 31, "relativePath": "Dune Part Two (2024).mkv", "path": "/downloads/complete/dune2.mkv", "quality": "Bluray-1080p",
                  "qualityVersion": 1, "size": 12_884_901_888},
    "isUpgrade": False, "downloadClient": "SABnzbd", "downloadClientType": "Sabnzbd", "downloadId": "SABnzbd_nzo_abc123",
}
SONARR_GRAB = {
    "eventType": "Grab", "instanceName": "Sonarr",
    "series": {"id": 3, "title": "Severance", "path": "/data/tv/Severance", "tvdbId": 371980, "year": 2022, "type": "standard"},
    "episodes": [{"id": 41, "episodeNumber": 1, "seasonNumber": 2, "title": "Hello, Ms. Cobel", "airDate": "2025-01-17"}],
    "release": {"quality": "WEBDL-1080p", "qualityVersion": 1, "releaseTitle": "Severance.S02E01.1080p.WEB", "indexer": "nzbgeek", "size": 3_221_225_472},
    "downloadClient": "SABnzbd", "downloadId": "SABnzbd_nzo_def456",
}


@pytest.fixture()
def connected(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Homelab, Any]]:
    from tests.support.hook_receiver import HookReceiver

    monkeypatch.setenv("WAKEFUL_HOMELAB_ARR_PASSWORD", "arr-hook-password")
    receiver = HookReceiver()
    service = Homelab(backends=Backends(), tool_secret=SECRET)
    service.connect(receiver.url("webhooks/whk_1"), SECRET)
    yield service, receiver
    service.close()
    receiver.close()


def post_arr(service: Homelab, body: dict[str, Any], password: str | None = "arr-hook-password") -> requests.Response:
    auth = ("radarr", password) if password is not None else None
    return requests.post(f"{service.url}/arr/events", json=body, auth=auth, timeout=10)


def test_radarrs_import_and_sonarrs_grab_become_download_events_in_the_agents_log(connected):
    service, receiver = connected

    imported = post_arr(service, RADARR_DOWNLOAD)
    grabbed = post_arr(service, SONARR_GRAB)

    assert (imported.status_code, grabbed.status_code) == (200, 200)
    bodies = [d.json for d in receiver.deliveries("webhooks/whk_1")]
    assert [b["event_type"] for b in bodies] == ["download_complete", "download_started"]
    assert bodies[0]["payload"] == {"source": "radarr", "title": "Dune: Part Two", "year": 2024, "quality": "Bluray-1080p",
                                    "size_bytes": 12_884_901_888, "is_upgrade": False, "download_client": "SABnzbd"}
    assert bodies[1]["payload"]["episodes"] == [{"season": 2, "episode": 1, "title": "Hello, Ms. Cobel"}]
    assert bodies[1]["payload"]["release"] == "Severance.S02E01.1080p.WEB"


def test_an_import_needing_a_person_is_download_failed_and_the_test_button_pushes_nothing(connected):
    service, receiver = connected
    assert post_arr(service, {**RADARR_DOWNLOAD, "eventType": "ManualInteractionRequired"}).json()["events"][0]["event_type"] == "download_failed"
    assert post_arr(service, {"eventType": "Test", "movie": {"title": "Test Title", "year": 1970}}).json() == {"events": []}
    assert post_arr(service, {**RADARR_DOWNLOAD, "eventType": "Rename"}).json() == {"events": []}
    assert [d.json["event_type"] for d in receiver.deliveries("webhooks/whk_1")] == ["download_failed"]


@pytest.mark.parametrize("password", [None, "wrong", ""])
def test_a_radarr_webhook_without_the_password_is_refused_and_pushes_nothing(connected, password):
    service, receiver = connected
    assert post_arr(service, RADARR_DOWNLOAD, password).status_code == 401
    assert receiver.deliveries("webhooks/whk_1") == []


def test_without_a_configured_password_every_radarr_webhook_is_refused(monkeypatch):
    monkeypatch.delenv("WAKEFUL_HOMELAB_ARR_PASSWORD", raising=False)
    service = Homelab(backends=Backends(), tool_secret=SECRET)
    try:
        assert post_arr(service, RADARR_DOWNLOAD, "").status_code == 401
    finally:
        service.close()
