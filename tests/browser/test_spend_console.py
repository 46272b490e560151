"""The console's spend views in a real browser against the local stack, at a desktop and
a phone width: the agents list's spend against the daily limit with the paused badge, the
agent's Spend tab (bars against limits, the pause, resume with an extension, calls by
model with dry runs flagged, the month's savings) and the owner's Budget page.
Screenshots go to build/screenshots/."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import DESKTOP, PHONE
from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture (the fake Messages API)
from tests.integration.thread_helpers import make_agent, start
from wakeful import clock
from wakeful.spend import service as spend

pytestmark = [pytest.mark.e2e, pytest.mark.browser, pytest.mark.long(seconds=60)]

DONE = {"tool_calls": [{"name": "complete_task", "input": {"summary": "rehearsed"}}]}
STORE = {"tool_calls": [{"name": "store_context", "input": {"key": "k", "value": "v"}}]}


def no_sideways_scroll(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"], "the page scrolls sideways"


def paused_spender(stack: Any, api: Any, claude: fake.FakeAnthropic) -> dict[str, Any]:  # noqa: F811
    """An agent with a dry run's call, then a run that crossed its daily limit ($0.01)."""
    agent = make_agent(api, name="Spender", budget={"daily_usd": 0.01})
    claude.converse([{"match": "rehearse", "turns": [DONE]}, {"match": "", "turns": [STORE] * 40}])
    dry = api.post(f"/agents/{agent['id']}/dry-runs", json={"kind": "thread", "message": "rehearse the check"})
    assert dry.status_code in (200, 201), dry.text
    start(api, agent["id"], "keep going")
    stack.drain()
    spend.add_saving(api.owner, agent["id"], "probe_skips", 2, clock.now())
    spend.add_saving(api.owner, agent["id"], "coalesced_events", 5, clock.now())
    view = api.get(f"/agents/{agent['id']}/spend").json()
    assert view["status"] == "paused", view
    return agent


def test_console_agents_list_and_spend_tab_show_spend_against_limits_pause_and_resume(console: Any, stack: Any, api: Any, claude: fake.FakeAnthropic) -> None:  # noqa: F811
    agent = paused_spender(stack, api, claude)
    view = api.get(f"/agents/{agent['id']}/spend").json()

    page = console.open("/agents")
    row = page.locator("li.row", has_text="Spender")
    row.locator(".spend-summary", has_text="Budget paused").wait_for()
    assert f"today ${view['today_usd']:.4f} of $0.01" in row.locator(".spend-summary").inner_text()
    for viewport in (DESKTOP, PHONE):
        page.set_viewport_size(viewport)
        row.locator(".spend-summary").wait_for()
        no_sideways_scroll(page)
        console.shot("agents-spend")
    page.set_viewport_size(DESKTOP)

    console.go(f"/agents/{agent['id']}/spend")
    page.locator(".spend-status[data-status=paused]").first.wait_for()
    assert "paused until" in page.locator(".spend-head").inner_text()
    today = page.get_by_role("meter", name="Today")
    assert "of $0.01" in today.get_attribute("aria-valuetext")
    assert "no limit" in page.get_by_role("meter", name="This month").get_attribute("aria-valuetext")
    replay = page.locator("tr.spend-replay")
    assert replay.count() == 1 and "dry_run" in replay.inner_text() and "replay" in replay.inner_text()
    assert page.locator("tr", has_text="run").filter(has_not=page.locator(".badge")).count() >= 1
    assert page.locator("[data-saved=probe_skips]").inner_text() == "2"
    assert page.locator("[data-saved=coalesced_events]").inner_text() == "5"
    assert page.locator("[data-saved=quiet_heartbeats]").inner_text() == "0"
    for viewport in (DESKTOP, PHONE):
        page.set_viewport_size(viewport)
        page.get_by_label("Extend by (USD)").wait_for()
        no_sideways_scroll(page)
        console.shot("agent-spend-paused")

    page.get_by_label("Extend by (USD)").fill("5")
    page.get_by_role("button", name="Resume", exact=True).click()
    page.locator(".spend-status[data-status=ok]").first.wait_for()
    page.get_by_text("Not paused: nothing to resume.").wait_for()
    assert page.get_by_label("Extend by (USD)").is_hidden()
    assert api.get(f"/agents/{agent['id']}/spend").json()["status"] == "ok"


def test_console_budget_page_saves_the_owners_budget_and_lists_each_agents_spend(console: Any, api: Any) -> None:
    first = make_agent(api, name="Budget One")
    make_agent(api, name="Budget Two", budget={"daily_usd": 3})

    page = console.open("/budget")
    page.get_by_role("link", name="Budget One").wait_for()
    assert page.locator("tr", has_text="Budget Two").inner_text().count("$0.00 of $3.00") == 1
    page.get_by_label("Daily limit (USD)").fill("20")
    page.get_by_label("Alert at (% of a limit)").fill("90")
    page.get_by_role("button", name="Save budget").click()
    page.get_by_role("meter", name="Today").and_(page.locator("[aria-valuetext*='of $20.00']")).first.wait_for()
    assert api.get("/budget").json() == {"daily_usd": 20.0, "monthly_usd": None, "max_usd_per_hour": None, "alert_at": 0.9, "on_exceed": "pause"}
    for viewport in (DESKTOP, PHONE):
        page.set_viewport_size(viewport)
        page.get_by_role("link", name="Budget One").wait_for()
        no_sideways_scroll(page)
        console.shot("budget")

    page.get_by_role("link", name="Budget One").click()
    page.get_by_role("heading", name="By model this month").wait_for()
    assert page.url.endswith(f"#/agents/{first['id']}/spend")
