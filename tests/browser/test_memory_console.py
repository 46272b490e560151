"""The console's Memories tab in a real browser against the in-process stack: list,
search, add, edit, forget, and the consolidation diary."""

from __future__ import annotations

from typing import Any

from wakeful import ddb


def test_console_memories_tab_lists_searches_edits_deletes_and_shows_diary(console: Any, api: Any) -> None:
    agent = api.create_agent(name="Rememberer")
    api.patch(f"/agents/{agent['id']}", json={"is_active": False})
    base = f"/agents/{agent['id']}/memories"
    api.post(base, json={"text": "Alice prefers short answers", "tags": ["people"]})
    api.post(base, json={"text": "The NAS backup runs at 02:00", "tags": ["backup"]})
    # a consolidation's record, as its run leaves it (the diary lists it)
    cons = {"agent_id": agent["id"], "memory_key": "~cons#01DIARY", "cons_id": "01DIARY", "status": "done", "trigger": "nightly",
            "changes": {"t1": {"op": "merged", "memory_id": "mem_x", "text": "Alice likes Slack", "from_ids": ["mem_a", "mem_b"], "at": 1.0}}}
    ddb.client().put_item(TableName=ddb.table("memories"), Item=ddb.serialize(cons))

    page = console.open(f"/agents/{agent['id']}/memories")
    page.get_by_text("The NAS backup runs at 02:00").wait_for()
    page.get_by_text("Alice likes Slack").wait_for()  # the diary
    page.get_by_label("Search memories").fill("backup schedule")
    page.get_by_label("Search memories").press("Enter")
    page.locator("caption", has_text="Most relevant first").wait_for(state="attached")
    assert page.get_by_text("Alice prefers short answers").count() == 0

    page.get_by_label("Search memories").fill("")
    page.get_by_label("Search memories").press("Enter")
    page.get_by_label("Text").fill("Bob owns the router")
    page.get_by_label("Tags").first.fill("people, network")
    page.get_by_role("button", name="Remember", exact=True).click()
    page.get_by_text("Bob owns the router").wait_for()

    row = page.locator("tr", has_text="The NAS backup runs at 02:00")
    row.get_by_role("button", name="Edit").click()
    page.get_by_label("Memory text").fill("The NAS backup runs at 03:00")
    page.get_by_role("button", name="Save", exact=True).click()
    page.get_by_text("The NAS backup runs at 03:00").wait_for()

    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("tr", has_text="Bob owns the router").get_by_role("button", name="Forget").click()
    page.get_by_text("Bob owns the router").wait_for(state="detached")
    texts = sorted(m["text"] for m in api.get(base).json()["items"])
    assert texts == ["Alice prefers short answers", "The NAS backup runs at 03:00"]
