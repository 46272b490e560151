"""The console's Replay in a real browser against the in-process stack: from a schedule
result, the overrides go in, the original and the replay are shown side by side (one
above the other on a phone), with what the replay would have sent, captured."""

from __future__ import annotations

import re
from typing import Any

from tests.browser.conftest import DESKTOP, PHONE
from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture (the fake Messages API)
from tests.integration.schedule_helpers import heartbeat_schedule, results
from wakeful import clock


def test_replay_of_a_schedule_result_takes_overrides_and_shows_both_outcomes_and_the_captured_sends(
    console: Any, api: Any, stack: Any, claude: fake.FakeAnthropic  # noqa: F811
) -> None:
    agent = api.create_agent(name="Disk watcher")
    api.patch(f"/agents/{agent['id']}", json={"is_active": False})
    claude.converse([
        {"match": "quieter", "turns": [{"tool_calls": [{"name": "send_notification", "input": {"message": "checked quietly"}}]}, {"text": "HEARTBEAT_OK"}]},
        {"match": "", "turns": [{"text": "The disk is at 95%."}]},
    ])  # fmt: skip
    schedule = heartbeat_schedule(api, agent["id"], cron_expression="0 * * * *")
    stack.tick(clock.parse_iso(schedule["next_run_at"]) + 1)
    stack.drain()
    row = results(api, agent["id"], schedule["id"])[0]

    page = console.open(f"/agents/{agent['id']}/schedules")
    page.get_by_role("button", name=re.compile(r"^Replay ")).first.click()
    dialog = page.locator("dialog")
    dialog.get_by_label("Checklist", exact=True).fill("quieter please")
    dialog.get_by_role("button", name="Replay", exact=True).click()
    dialog.get_by_text("The replay differs").wait_for()

    original = dialog.locator("section", has=page.locator("h3", has_text="Original"))
    replay = dialog.locator("section", has=page.locator("h3", has_text="Replay"))
    assert original.locator("h3 .badge").inner_text() == "finding"
    assert replay.locator("h3 .badge").inner_text() == "heartbeat_ok"
    assert "The disk is at 95%." in original.inner_text()
    captured = replay.locator("tr", has_text="notification")
    assert "checked quietly" in captured.inner_text()
    made = api.get(f"/agents/{agent['id']}/replays").json()["items"][0]
    assert made["source"] == {"schedule_result_id": row["id"]}
    assert made["overrides"] == {"heartbeat_checklist": ["quieter please"]}

    for viewport, side_by_side in ((DESKTOP, True), (PHONE, False)):
        page.set_viewport_size(viewport)
        left, right = original.bounding_box(), replay.bounding_box()
        assert (abs(left["y"] - right["y"]) < 2) is side_by_side
        assert (right["y"] >= left["y"] + left["height"]) is not side_by_side
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        console.shot(f"replay-{viewport['width']}")


def test_a_finished_heartbeat_in_the_timeline_replays_its_rounds_model_questions(
    console: Any, api: Any, stack: Any, claude: fake.FakeAnthropic  # noqa: F811
) -> None:
    from tests.integration.test_lab_heartbeat_replays import commented_round

    agent, _mine, heartbeat = commented_round(stack, api)
    api.patch(f"/agents/{agent['id']}", json={"is_active": False})

    page = console.open(f"/agents/{agent['id']}/timeline")
    page.locator(f".timeline li[data-heartbeat-id='{heartbeat['id']}'] summary").click()
    page.get_by_role("button", name=re.compile(r"^Replay ")).first.click()
    dialog = page.locator("dialog")
    assert dialog.get_by_label("Deny tools").count() == 0  # no tool runs in a round's replay
    dialog.get_by_role("button", name="Replay", exact=True).click()
    dialog.get_by_text("Same as the original").wait_for()

    replay = dialog.locator("section", has=page.locator("h3", has_text="Replay"))
    assert "SnipComment" in replay.inner_text()
    made = api.get(f"/agents/{agent['id']}/replays").json()["items"][0]
    assert made["source"] == {"heartbeat_id": heartbeat["id"]}
