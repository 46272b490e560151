"""Probes on schedules: before a run the probe is read (through the URL guard, within a
deadline); nothing new since the last run -> the run is skipped with reason
``probe_unchanged`` and no model is called; a failing probe runs the schedule and says so."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.fakes.probe_server import ProbeServer
from tests.integration.test_schedules_threads import answer
from tests.integration.thread_helpers import make_agent, post_event
from wakeful import slots

pytestmark = pytest.mark.long(seconds=60)


@pytest.fixture
def probes() -> Iterator[ProbeServer]:
    server = ProbeServer()
    yield server
    server.close()


def schedule(api: Any, agent_id: str, probe: dict[str, Any], **body: Any) -> dict[str, Any]:
    response = api.post(f"/agents/{agent_id}/schedules", json={"prompt": "Check the queue.", "cron_expression": "0 8 * * *", "probe": probe, **body})
    assert response.status_code == 201, response.text
    return response.json()


def run(stack: Any, api: Any, agent_id: str, schedule_id: str) -> dict[str, Any]:
    response = api.post(f"/agents/{agent_id}/schedules/{schedule_id}/run")
    assert response.status_code in (200, 202), response.text
    stack.drain()
    rid = response.json()["result_id"]
    return api.get(f"/agents/{agent_id}/schedules/{schedule_id}/results/{rid}").json()


def test_unchanged_probe_skips_the_run_with_probe_unchanged_and_no_model_call(stack, api, probes, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    probes.answers["queue"] = (200, {"queue": {"depth": 3}, "at": "noise"})
    claude.converse(answer("3 jobs waiting."))
    sch = schedule(api, agent["id"], {"url": probes.url("queue"), "path": "queue.depth"})
    first = run(stack, api, agent["id"], sch["id"])
    assert first["status"] == "success" and first["probe"]["status"] == "first"
    calls = len(claude.conversation_requests())
    probes.answers["queue"] = (200, {"queue": {"depth": 3}, "at": "other noise"})  # same value at path
    second = run(stack, api, agent["id"], sch["id"])
    assert (second["status"], second["reason"], second["thread_id"]) == ("skipped", "probe_unchanged", None)
    assert second["result_content"] == "skipped: the probe did not change"
    assert len(claude.conversation_requests()) == calls
    probes.answers["queue"] = (200, {"queue": {"depth": 4}})
    third = run(stack, api, agent["id"], sch["id"])
    assert third["status"] == "success" and third["probe"] == {"status": "changed", "value_preview": "4"}
    assert len(claude.conversation_requests()) > calls


def test_probe_event_of_listed_type_since_last_run_runs_the_schedule(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    claude.converse(answer("done"))
    sch = schedule(api, agent["id"], {"events": ["ORDER_PLACED"]})
    assert run(stack, api, agent["id"], sch["id"])["status"] == "success"
    post_event(api, agent["id"], "SOMETHING_ELSE", {})
    assert run(stack, api, agent["id"], sch["id"])["reason"] == "probe_unchanged"
    post_event(api, agent["id"], "ORDER_PLACED", {"id": 1})
    assert run(stack, api, agent["id"], sch["id"])["status"] == "success"
    assert run(stack, api, agent["id"], sch["id"])["reason"] == "probe_unchanged"


def test_failing_probe_runs_the_schedule_and_says_so(stack, api, probes, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    claude.converse(answer("ran anyway"))
    probes.answers["queue"] = (200, {"depth": 1})
    sch = schedule(api, agent["id"], {"url": probes.url("queue"), "path": "depth"})
    run(stack, api, agent["id"], sch["id"])
    probes.answers["queue"] = (503, "down")
    failed = run(stack, api, agent["id"], sch["id"])
    assert failed["status"] == "success" and failed["probe"] == {"status": "failed", "error": "HTTP 503"}
    probes.answers["queue"] = (200, {"other": 1})
    missing = run(stack, api, agent["id"], sch["id"])
    assert missing["status"] == "success" and missing["probe"]["status"] == "failed" and "path" in missing["probe"]["error"]


def test_probe_deadline_covers_the_whole_exchange(stack, api, probes, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    claude.converse(answer("ran"))
    probes.answers["slow"] = (200, {"depth": 1})
    probes.delay = 1.0
    sch = schedule(api, agent["id"], {"url": probes.url("slow"), "timeout_ms": 300})
    result = run(stack, api, agent["id"], sch["id"])
    assert result["status"] == "success" and result["probe"]["status"] == "failed"


def test_failed_run_does_not_make_the_next_one_look_unchanged(stack, api, probes, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    probes.answers["queue"] = (200, {"depth": 1})
    sch = schedule(api, agent["id"], {"url": probes.url("queue")})
    claude.push(fake.error(400, "invalid_request_error", "bad request"))
    first = run(stack, api, agent["id"], sch["id"])
    assert first["status"] == "error", first
    claude.converse(answer("fine now"))
    second = run(stack, api, agent["id"], sch["id"])  # the probe did not change, but the run before failed
    assert second["reason"] is None and second["thread_id"] is not None
    assert run(stack, api, agent["id"], sch["id"])["reason"] == ("probe_unchanged" if second["status"] != "error" else None)


def test_probe_reads_url_through_the_url_guard(stack, api):
    agent = make_agent(api)
    for probe in ({"url": "http://169.254.169.254/latest/meta-data"}, {"path": "a"}, {}, {"url": "http://x.invalid/", "timeout_ms": 50}):
        response = api.post(f"/agents/{agent['id']}/schedules", json={"prompt": "p", "cron_expression": "0 8 * * *", "probe": probe})
        assert response.status_code == 422, (probe, response.text)
        assert response.json()["error"]["code"]


def test_probe_skips_are_counted_as_saved(stack, api, probes, claude: fake.FakeAnthropic):
    counted: list[tuple[Any, ...]] = []
    before = slots.SAVINGS.installed()
    slots.SAVINGS.install(*before, slots.SavingsCounter("test", lambda *a: counted.append(a)))
    try:
        agent = make_agent(api)
        probes.answers["v"] = (200, "same")
        claude.converse(answer("ok"))
        sch = schedule(api, agent["id"], {"url": probes.url("v")})
        for _ in range(3):
            run(stack, api, agent["id"], sch["id"])
    finally:
        slots.SAVINGS.install(*before)
    assert [(a[1], a[2], a[3]) for a in counted] == [(agent["id"], "probe_skips", 1)] * 2
