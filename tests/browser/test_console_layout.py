"""The console's words and layout at a desktop and a phone width: the agent page's
breadcrumb, what a thread's live stream says while the thread waits (for approval, or
asleep until a time or an event), the event type hint, and the new-channel form's rows.
Screenshots go to build/screenshots/ (look at them after a layout change)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import DESKTOP, PHONE
from tests.browser.test_console import park_on_approval
from tests.fakes.fixtures import claude  # noqa: F401 - fixture (the fake Messages API)

pytestmark = [pytest.mark.e2e, pytest.mark.browser, pytest.mark.long(seconds=30)]


def quiet(api: Any, **fields: Any) -> dict[str, Any]:
    agent = api.create_agent(**fields)
    api.patch(f"/agents/{agent['id']}", json={"is_active": False})
    return agent


def no_sideways_scroll(page: Any) -> None:
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width, "the page scrolls sideways"


def test_the_agent_pages_breadcrumb_ends_in_the_agents_name(console: Any, api: Any) -> None:
    agent = quiet(api, name="Crumbs")
    page = console.open(f"/agents/{agent['id']}/timeline")
    crumbs = page.get_by_role("navigation", name="Breadcrumb")
    for viewport in (DESKTOP, PHONE):
        page.set_viewport_size(viewport)
        crumbs.wait_for()
        assert " ".join(crumbs.inner_text().split()) == "Agents / Crumbs"
        assert crumbs.locator("[aria-current=page]").inner_text() == "Crumbs"
        no_sideways_scroll(page)


def test_a_thread_waiting_for_approval_says_so_in_its_live_stream(
    console: Any, api: Any, api_map: Any, stack: Any, tool_server: Any, claude: Any  # noqa: F811
) -> None:
    agent, thread_id, tool = park_on_approval(api, stack, tool_server, claude, api_map)
    page = console.open(f"/agents/{agent['id']}/threads/{thread_id}")
    state = page.locator(".live .stream-state")
    page.locator(".live .stream-completed").wait_for()  # the run that parked it, caught up
    for viewport in (DESKTOP, PHONE):
        page.set_viewport_size(viewport)
        page.locator(".live .stream-state", has_text=f"Waiting for approval of {tool}").wait_for()
        assert "Waiting for the thread to run" not in state.inner_text()
        assert page.locator(".live .stream-completed").inner_text() == "run paused: waiting for approval"  # not "completed"
        no_sideways_scroll(page)
        console.shot("thread-waiting-approval")


def test_a_sleeping_threads_live_stream_says_until_when_and_on_which_events(
    console: Any, api: Any, stack: Any, claude: Any  # noqa: F811
) -> None:
    claude.converse([{"match": "", "turns": [
        {"text": "Pausing the downloads.", "tool_calls": [{"name": "schedule_wake", "input": {
            "delay": "60m", "reason": "resume downloads", "wake_on_events": ["server_empty", {"event_type": "disk_low", "match": {"host": "nas"}}]}}]},
    ]}])  # fmt: skip
    agent = quiet(api, name="Sleeper")
    thread_id = api.post(f"/agents/{agent['id']}/threads", json={"message": "the minecraft server is slow"}).json()["id"]
    stack.drain()
    thread = api.get(f"/agents/{agent['id']}/threads/{thread_id}").json()
    assert thread["status"] == "sleeping" and thread["wake_at"]
    page = console.open(f"/agents/{agent['id']}/threads/{thread_id}")
    state = page.locator(".live .stream-state")
    page.locator(".live .stream-completed").wait_for()  # the run that put it to sleep, caught up
    for viewport in (DESKTOP, PHONE):
        page.set_viewport_size(viewport)
        page.locator(".live .stream-state", has_text="Sleeping until").wait_for()
        text = state.inner_text()
        assert "or an event: server_empty, disk_low (host=\"nas\")" in text and "(in 60 min)" in text, text
        assert state.locator("time").first.get_attribute("datetime") == thread["wake_at"]
        assert "Waiting for the thread to run" not in text
        assert page.locator(".live .stream-completed").inner_text() == "run ended: sleeping"  # not "completed"
        assert 'Waits for events: server_empty, disk_low (host="nas")' in page.locator(".thread-head").inner_text()
        no_sideways_scroll(page)
        console.shot("thread-sleeping")


def test_the_event_type_hint_says_types_are_case_sensitive_and_a_lowercase_type_is_posted(console: Any, api: Any) -> None:
    agent = quiet(api, name="Hinted")
    page = console.open(f"/agents/{agent['id']}/events")
    event_type = page.get_by_label("Event type")
    hint = page.locator(f"#{event_type.get_attribute('id')}-hint")
    assert "UPPER_SNAKE_CASE" not in hint.inner_text() and "case counts" in hint.inner_text()
    event_type.fill("server_empty")
    page.get_by_role("button", name="Post event").click()
    page.locator("tr", has_text="server_empty").first.wait_for()
    assert [e["event_type"] for e in api.get(f"/agents/{agent['id']}/events").json()["items"]] == ["server_empty"]


def boxes(page: Any, labels: list[str]) -> list[dict[str, float]]:
    """The bounding boxes of the fields (label, input and hint) with these labels."""
    form = page.locator("form.stacked-form")
    return [form.locator(".field", has=page.get_by_label(label, exact=True)).bounding_box() for label in labels]


def test_the_new_channel_form_puts_its_fields_in_rows_at_desktop_and_one_column_on_a_phone(console: Any, api: Any) -> None:
    quiet(api, name="Channel Agent")
    page = console.open("/channels")
    page.get_by_role("button", name="Create channel").wait_for()
    page.get_by_text("No channel yet.").wait_for()  # the list above the form has loaded: no more shifts
    labels = ["Kind", "Name", "Agent", "Bot token", "Signing secret", "Slack channel", "Allowed users"]

    page.set_viewport_size(DESKTOP)
    kind, name, agent, token, signing, channel, users = boxes(page, labels)
    assert kind["y"] == name["y"] == agent["y"]  # the channel itself: one row
    assert token["y"] == signing["y"] == channel["y"] >= max(b["y"] + b["height"] for b in (kind, name, agent))  # its settings: the next
    assert users["y"] >= max(b["y"] + b["height"] for b in (token, signing, channel))  # who may talk: its own
    assert min(b["width"] for b in (kind, name, agent, token, signing, channel)) >= 280
    console.shot("channel-form")

    page.set_viewport_size(PHONE)
    stacked = boxes(page, labels)
    for above, below in zip(stacked, stacked[1:], strict=False):
        assert below["y"] >= above["y"] + above["height"], "on a phone the fields go one under another"
    assert {round(b["x"]) for b in stacked} == {round(stacked[0]["x"])}
    no_sideways_scroll(page)
    console.shot("channel-form")

    page.get_by_label("Kind").select_option("email")  # the settings follow the kind
    page.get_by_role("group", name="Email settings").get_by_label("To").wait_for()
