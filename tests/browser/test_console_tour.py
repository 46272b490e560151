"""Every console page with realistic data, at a desktop and a phone width: each page
renders without a JavaScript error, calls only documented API routes, and leaves a
screenshot in build/screenshots/ (the docs show three of them)."""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from typing import Any

import pytest
import requests

from tests.browser.conftest import DESKTOP, PHONE, unique_alias
from tests.integration.schedule_helpers import finish_thread, heartbeat_schedule, results, take_runs
from tests.support.hook_receiver import create_hook, dead_url
from wakeful.webhooks.verify import hmac_key

pytestmark = [pytest.mark.e2e, pytest.mark.browser]
FINAL = ("SUCCESS", "FAILED", "CANCELLED")


def signed_post(url: str, secret: str, body: dict[str, Any]) -> requests.Response:
    raw = json.dumps(body).encode()
    stamp = str(int(time.time()))
    digest = hmac.new(hmac_key(secret), stamp.encode() + b"." + raw, hashlib.sha256).hexdigest()
    headers = {"Content-Type": "application/json", "X-Wakeful-Timestamp": stamp, "X-Wakeful-Signature": f"sha256={digest}"}
    return requests.post(url, data=raw, headers=headers, timeout=30)


def wait_until(check: Any, what: str, timeout: float = 30.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.fixture()
def busy_agent(stack: Any, api: Any, tool_server: Any, receiver: Any) -> dict[str, Any]:
    """An agent with a heartbeat behind it: a tool that works, one that fails, hooks
    that delivered and one that failed, a webhook with an accepted and a rejected
    request, and a schedule with three results."""
    tool_server.behaviours["enrich"] = lambda r: {"success": True, "output": {"summary": "3 new mentions"},
                                                   "new_events": [{"event_type": "SIGNAL_ENRICHED", "payload": {"mentions": 3}, "priority": 3}]}
    tool_server.behaviours["notify"] = lambda r: (502, {"error": "upstream unavailable"})
    agent = api.create_agent(name="Scout", alias=unique_alias("scout"), expertise="serverless", focus_areas=["aws", "agents"])
    for name, path, event_type in (("Enricher", "enrich", "EXTERNAL_SIGNAL"), ("Notifier", "notify", "SIGNAL_ENRICHED")):
        assert api.post("/tools", json={"name": f"{name}{agent['id'][-6:]}", "kind": "http", "endpoint_url": tool_server.url(path)}).status_code == 201
        assert api.post("/subscriptions", json={"tool": f"{name}{agent['id'][-6:]}", "event_type": event_type, "agent_id": agent["id"]}).status_code == 201
    create_hook(api, agent["id"], "AFTER_HEARTBEAT", receiver.url("after"))
    failing = create_hook(api, agent["id"], "ACTION_FAILED", dead_url(), retry_config={"max_retries": 0, "timeout_ms": 500})
    webhook = api.post(f"/agents/{agent['id']}/webhooks", json={"allowed_event_types": ["EXTERNAL_SIGNAL"], "rate_limit_per_hour": 100}).json()
    assert signed_post(webhook["url"], webhook["secret"], {"event_type": "EXTERNAL_SIGNAL", "priority": 2, "payload": {"source": "github", "mentions": ["@scout"]}}).status_code == 202
    assert signed_post(webhook["url"], "whsec_" + "A" * 32, {"event_type": "EXTERNAL_SIGNAL", "payload": {}}).status_code == 401
    api.post(f"/agents/{agent['id']}/events", json={"event_type": "NEW_MENTION", "payload": {"by": "@ada", "text": "what do you think?"}, "priority": 4})

    stack.tick()
    stack.drain()
    api.patch(f"/agents/{agent['id']}", json={"is_active": False})
    wait_until(lambda: api.get(f"/agents/{agent['id']}/hooks/{failing['id']}/executions").json()["items"], "the failed hook delivery")
    schedule_with_results(stack, api, agent["id"])
    return agent


def schedule_with_results(stack: Any, api: Any, agent_id: str) -> None:
    """A heartbeat schedule (paused: no scan runs it) that ran three times, as the
    thread runtime reports its runs: all fine, a finding, and an error."""
    schedule = heartbeat_schedule(api, agent_id, is_active=False)
    for outcome in ({"final_text": "HEARTBEAT_OK"}, {"final_text": "The disk is 93% full."}, {"error": "the model is unavailable"}):
        response = api.post(f"/agents/{agent_id}/schedules/{schedule['id']}/run")
        assert response.status_code == 202, response.text
        take_runs(stack)  # the queued run is taken off the queue; its end is reported below
        finish_thread(agent_id, schedule["id"], response.json()["result_id"], **outcome)
    statuses = sorted(r["status"] for r in results(api, agent_id, schedule["id"], include_pending=False))
    assert statuses == ["error", "heartbeat_ok", "success"], statuses


PAGES = [
    ("agents", "/agents", "text=Your agents"),
    ("timeline", "/agents/{id}/timeline", ".timeline li[data-status=COMPLETED]"),
    ("events", "/agents/{id}/events", "tr >> text=SIGNAL_ENRICHED"),
    ("hooks", "/agents/{id}/hooks", "tr.execution"),
    ("webhooks", "/agents/{id}/webhooks", "tr.webhook-request >> text=INVALID_SIGNATURE"),
    ("memories", "/agents/{id}/memories", "text=Memories"),
    ("threads", "/agents/{id}/threads", "section >> text=Threads"),
    ("schedules", "/agents/{id}/schedules", ".chart-box svg.chart"),
    ("ops", "/ops", "text=Tool stats"),
    ("channels", "/channels", "form.stacked-form"),
]


def test_every_page_renders_at_desktop_and_phone_width(console: Any, busy_agent: dict[str, Any], seen: Any) -> None:
    page = console.open()
    page.get_by_role("link", name="Scout").wait_for()
    for viewport in (DESKTOP, PHONE):
        page.set_viewport_size(viewport)
        for name, route, ready in PAGES:
            console.go(route.format(id=busy_agent["id"]))
            page.locator(ready).first.wait_for(state="attached")
            prepare(page, name)
            console.shot(name)
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= viewport["width"], f"the {name} page scrolls sideways at {viewport['width']} px ({width} px wide)"
    assert {path for _, path, _, _ in seen.requests} >= {"/agents", f"/agents/{busy_agent['id']}/heartbeats", "/ops/tools/stats"}


def prepare(page: Any, name: str) -> None:
    """Open what a reader of that page would open first."""
    if name == "timeline":
        page.locator(".timeline li[data-status=COMPLETED] summary").first.click()
        page.locator(".timeline .action-failed").first.wait_for()
    elif name == "hooks":
        for box in page.locator(".deliveries-box").all():
            box.locator("summary").first.click()
        page.locator(".deliveries-box[open] tr.execution").first.wait_for()
    elif name == "ops":
        page.locator("svg.chart").first.wait_for()
    elif name == "schedules":  # the results history beside the chart, a row for each kind
        history = page.locator("table", has=page.locator("caption", has_text="Results, newest first"))
        for status in ("heartbeat_ok", "success", "error"):
            history.locator(f"tr .badge-{status}").first.wait_for()
        history.locator("tr", has_text="The disk is 93% full.").first.wait_for()


def test_the_key_page_at_desktop_and_phone_width(console: Any, stack: Any) -> None:
    page = console.page
    for viewport in (DESKTOP, PHONE):
        page.set_viewport_size(viewport)
        page.goto(f"{stack.api_url}/console")
        page.get_by_label("API key", exact=True).wait_for()
        console.shot("key")
