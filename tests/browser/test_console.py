"""The web console in a real browser against the local stack: sign in, agents and their
live timeline, hooks, webhooks, errors as the API says them, and every page at a
desktop and a phone width (screenshots in build/screenshots/)."""

from __future__ import annotations

import subprocess
from typing import Any

import pytest
import requests

from tests.browser.conftest import DESKTOP, PHONE, unique_alias
from tests.fakes.fixtures import claude  # noqa: F401 - fixture (the fake Messages API)
from tests.support.hook_receiver import create_hook

pytestmark = [pytest.mark.e2e, pytest.mark.browser, pytest.mark.long(seconds=45)]


def test_a_wrong_key_shows_the_apis_own_error_and_is_not_kept(console: Any, stack: Any) -> None:
    page = console.open(key="wk_not_a_real_key")

    alert = page.get_by_role("alert")
    expected = requests.get(f"{stack.api_url}/agents", headers={"Authorization": "Bearer wk_not_a_real_key"}, timeout=30).json()
    assert expected["error"]["message"] in alert.inner_text()
    assert page.evaluate("sessionStorage.getItem('wakeful.apiKey')") is None
    console.shot("key-refused")


def test_a_good_key_is_kept_for_the_browser_session_and_lists_the_owners_agents(console: Any, api: Any) -> None:
    mine = api.create_agent(name="Kept Key Agent")
    page = console.open()
    page.get_by_role("link", name="Kept Key Agent").wait_for()

    page.reload()  # the key survives a reload of the tab (sessionStorage) ...
    page.get_by_role("link", name="Kept Key Agent").wait_for()
    assert page.evaluate("sessionStorage.getItem('wakeful.apiKey')") == api.key
    page.get_by_role("button", name="Change key").click()  # ... and is dropped on request
    page.get_by_label("API key", exact=True).wait_for()
    assert page.evaluate("sessionStorage.getItem('wakeful.apiKey')") is None
    assert mine["id"]


def test_a_new_agents_first_heartbeat_appears_and_completes_without_a_reload(console: Any, stack: Any) -> None:
    page = console.open()
    page.get_by_label("Name").fill("Live Agent")
    page.get_by_label("Alias").fill(unique_alias())
    page.get_by_role("button", name="Create agent").click()
    pending = page.locator(".timeline li[data-status=PENDING]")
    pending.first.wait_for()
    page.evaluate("window.__sameDocument = true")

    stack.tick()  # the scan claims the due heartbeat; the drain runs it to the end
    stack.drain()

    page.locator(".timeline li[data-status=COMPLETED]").first.wait_for()
    assert page.evaluate("window.__sameDocument") is True  # no reload happened
    page.locator(".timeline li[data-status=COMPLETED] summary").first.click()
    chain = page.locator(".timeline li[data-status=COMPLETED] .chain-event")
    chain.first.wait_for()
    assert "HEARTBEAT" in chain.first.inner_text()


def test_adding_a_hook_and_pressing_test_shows_the_delivery_row(console: Any, api: Any, receiver: Any) -> None:
    agent = api.create_agent(name="Hooked")
    api.patch(f"/agents/{agent['id']}", json={"is_active": False})
    page = console.open(f"/agents/{agent['id']}/hooks")
    page.get_by_role("button", name="+ Add hook").click()
    dialog = page.get_by_role("dialog", name="Add a hook")
    dialog.get_by_label("Hook type").select_option("AFTER_HEARTBEAT")
    dialog.get_by_label("Endpoint URL").fill(receiver.url("console"))
    dialog.get_by_role("button", name="Add hook").click()
    secret = dialog.locator(".secret-value").inner_text()
    assert secret.startswith("whsec_")
    dialog.get_by_role("button", name="Done").click()

    card = page.get_by_role("article", name="AFTER_HEARTBEAT hook")
    card.get_by_role("button", name="Send a test delivery to the AFTER_HEARTBEAT hook").click()

    row = card.locator("tr.execution").first
    row.wait_for()
    assert "SUCCESS" in row.inner_text() and "200" in row.inner_text()
    assert len(receiver.deliveries("console")) == 1
    assert "never" not in card.locator(".row-meta").inner_text()  # last fired is shown


def test_disabling_a_hook_from_its_card_patches_it(console: Any, api: Any, receiver: Any) -> None:
    agent = api.create_agent(name="Toggle")
    api.patch(f"/agents/{agent['id']}", json={"is_active": False})
    hook = create_hook(api, agent["id"], "ACTION_FAILED", receiver.url("toggle"))
    page = console.open(f"/agents/{agent['id']}/hooks")

    page.get_by_role("button", name="Disable ACTION_FAILED hook").click()

    page.get_by_role("button", name="Enable ACTION_FAILED hook").wait_for()
    assert api.get(f"/agents/{agent['id']}/hooks/{hook['id']}").json()["is_active"] is False


def test_the_copied_webhook_curl_example_posts_an_event_shown_in_the_request_log_and_the_event_log(console: Any, api: Any) -> None:
    agent = api.create_agent(name="Inbound")
    api.patch(f"/agents/{agent['id']}", json={"is_active": False})
    page = console.open(f"/agents/{agent['id']}/webhooks")
    page.get_by_label("Rate limit (requests per hour)").fill("50")
    page.get_by_role("button", name="Create webhook").click()
    reveal = page.locator(".reveal")
    reveal.get_by_role("button", name="Copy curl example").click()
    script = page.evaluate("navigator.clipboard.readText()")
    assert "whsec_" in script and "curl" in script

    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=30)

    assert done.returncode == 0, done.stderr
    assert '"seq"' in done.stdout, done.stdout
    row = page.locator("tr.webhook-request").first
    row.wait_for()
    assert "ACCEPTED" in row.inner_text() and "WEBHOOK_TRIGGER" in row.inner_text()
    row.get_by_role("link").click()
    events = page.get_by_role("table", name="Events")
    events.get_by_role("cell", name="WEBHOOK_TRIGGER").wait_for()
    assert "hello from curl" in events.text_content()


def test_a_webhook_request_with_a_bad_signature_shows_its_rejection_reason(console: Any, api: Any) -> None:
    agent = api.create_agent(name="Rejecting")
    api.patch(f"/agents/{agent['id']}", json={"is_active": False})
    webhook = api.post(f"/agents/{agent['id']}/webhooks", json={}).json()
    answer = requests.post(webhook["url"], json={"payload": {}}, headers={"X-Wakeful-Timestamp": "1", "X-Wakeful-Signature": "sha256=00"}, timeout=30)
    assert answer.status_code == 401

    page = console.open(f"/agents/{agent['id']}/webhooks")

    row = page.locator("tr.webhook-request").first
    row.wait_for()
    reason = api.get(f"/agents/{agent['id']}/webhooks/{webhook['id']}/requests").json()["items"][0]["rejection_reason"]
    assert reason and reason in row.inner_text()


def test_an_invalid_event_shows_the_apis_validation_message_and_appends_nothing(console: Any, api: Any) -> None:
    agent = api.create_agent(name="Validated")
    api.patch(f"/agents/{agent['id']}", json={"is_active": False})
    page = console.open(f"/agents/{agent['id']}/events")
    page.get_by_label("Event type").fill("9-not-a-type")
    page.get_by_role("button", name="Post event").click()

    alert = page.get_by_role("alert")
    alert.wait_for()
    expected = api.post(f"/agents/{agent['id']}/events", json={"event_type": "9-not-a-type", "payload": {"message": "hello"}, "priority": 5, "source": "api"}).json()
    assert expected["error"]["message"] in alert.inner_text()
    assert api.get(f"/agents/{agent['id']}").json()["last_seq"] == 0


def park_on_approval(api: Any, stack: Any, tool_server: Any, fake: Any, api_map: Any) -> tuple[dict[str, Any], str, str]:
    """A thread that said something, called a tool that needs approval, and now waits:
    (agent, thread id, tool name). Its next turn, once decided, completes the task."""
    assert api_map.find("POST", "/agents/a/threads/t/approvals/c"), "the API must document thread approvals"
    agent = api.create_agent(name="Careful", system_prompt="You look after a homelab.")
    api.patch(f"/agents/{agent['id']}", json={"is_active": False})
    tool = f"stop_{unique_alias('s')}"
    created = api.post("/tools", json={"name": tool, "kind": "http", "endpoint_url": tool_server.url("stop"), "description": "stop a server",
                                       "requires_approval": True, "input_schema": {"type": "object", "properties": {"server": {"type": "string"}}}})
    assert created.status_code == 201, created.text
    fake.converse([{"match": "", "turns": [
        {"text": "I will stop the mc server once you agree.", "tool_calls": [{"name": tool, "input": {"server": "mc"}}]},
        {"tool_calls": [{"name": "complete_task", "input": {"summary": "done with mc"}}]},
    ]}])
    thread_id = api.post(f"/agents/{agent['id']}/threads", json={"message": "please stop mc"}).json()["id"]
    stack.drain()
    assert api.get(f"/agents/{agent['id']}/threads/{thread_id}").json()["status"] == "waiting_approval"
    return agent, thread_id, tool


def test_a_waiting_threads_page_shows_its_messages_its_live_stream_and_the_approval_at_both_widths(
    console: Any, api: Any, api_map: Any, stack: Any, tool_server: Any, claude: Any  # noqa: F811
) -> None:
    agent, thread_id, tool = park_on_approval(api, stack, tool_server, claude, api_map)
    page = console.open(f"/agents/{agent['id']}/threads/{thread_id}")
    for viewport in (DESKTOP, PHONE):
        page.set_viewport_size(viewport)
        page.locator(".thread-head[data-status=waiting_approval]").wait_for()
        page.locator(".messages .message-user", has_text="please stop mc").wait_for()
        page.locator(".live .stream-text", has_text="I will stop the mc server once you agree.").wait_for()
        page.locator(".messages .tool-call", has_text=tool).wait_for()  # the parked call, in the assistant message
        card = page.get_by_role("region", name=f"Approval for {tool}")
        card.get_by_role("button", name="Approve").wait_for()
        card.get_by_role("button", name="Deny").wait_for()
        console.shot("thread-approval")
    assert tool_server.requests_for("stop") == []  # nothing ran before a decision


def test_an_approval_button_resumes_a_waiting_thread(console: Any, api: Any, api_map: Any, stack: Any, tool_server: Any, claude: Any) -> None:  # noqa: F811
    agent, thread_id, tool = park_on_approval(api, stack, tool_server, claude, api_map)
    page = console.open(f"/agents/{agent['id']}/threads/{thread_id}")
    card = page.get_by_role("region", name=f"Approval for {tool}")
    card.wait_for()

    with page.expect_response(lambda r: "/approvals/" in r.url and r.request.method == "POST") as answer:
        card.get_by_role("button", name="Approve").click()
    assert answer.value.status == 200
    stack.drain()

    page.locator(".thread-head[data-status=complete]").wait_for()
    assert len(tool_server.requests_for("stop")) == 1
    assert "done with mc" in page.locator(".thread-head").inner_text()


def test_the_deny_button_resumes_a_waiting_thread_without_running_the_tool(
    console: Any, api: Any, api_map: Any, stack: Any, tool_server: Any, claude: Any  # noqa: F811
) -> None:
    agent, thread_id, tool = park_on_approval(api, stack, tool_server, claude, api_map)
    page = console.open(f"/agents/{agent['id']}/threads/{thread_id}")
    card = page.get_by_role("region", name=f"Approval for {tool}")
    card.get_by_label("Note").fill("not during the raid")

    with page.expect_response(lambda r: "/approvals/" in r.url and r.request.method == "POST") as answer:
        card.get_by_role("button", name="Deny").click()
    assert answer.value.status == 200
    assert answer.value.request.post_data_json == {"decision": "deny", "note": "not during the raid"}
    stack.drain()

    page.locator(".thread-head[data-status=complete]").wait_for()
    page.locator(".messages .message", has_text="denied by a person: not during the raid").wait_for()
    assert tool_server.requests_for("stop") == []
    assert page.get_by_role("region", name=f"Approval for {tool}").count() == 0


def test_signing_in_and_adding_a_hook_work_from_the_keyboard_alone(console: Any, api: Any, stack: Any) -> None:
    agent = api.create_agent(name="Keyboard")
    api.patch(f"/agents/{agent['id']}", json={"is_active": False})
    page = console.page
    page.goto(f"{stack.api_url}/console#/agents/{agent['id']}/hooks")
    page.get_by_label("API key", exact=True).wait_for()
    page.keyboard.type(api.key)  # the key field has the focus
    page.keyboard.press("Enter")

    add = page.get_by_role("button", name="+ Add hook")
    add.focus()
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name="Add a hook")
    dialog.wait_for()
    assert page.evaluate("document.activeElement.name") == "hook_type"  # focus moved into the dialog
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden")
    assert page.evaluate("document.activeElement.textContent") == "+ Add hook"  # and came back


@pytest.mark.parametrize(
    "provider, label, secret, event_type",
    [
        ("github", "GitHub", "", "github_ping"),
        ("stripe", "Stripe", "whsec_test_from_the_stripe_dashboard", "stripe_payment_intent_succeeded"),
        ("standard", "Standard Webhooks (Svix, ...)", "", "example_created"),
        ("alertmanager", "Prometheus Alertmanager", "", "alert_host_high_cpu"),
        ("grafana", "Grafana alerting", "", "alert_high_cpu_usage"),
    ],
)
def test_a_webhook_for_a_provider_shows_that_providers_signed_example_and_it_is_accepted(
    console: Any, api: Any, provider: str, label: str, secret: str, event_type: str
) -> None:
    agent = api.create_agent(name=f"From {provider}")
    api.patch(f"/agents/{agent['id']}", json={"is_active": False})
    page = console.open(f"/agents/{agent['id']}/webhooks")
    page.get_by_label("Sender").select_option(label=label)
    if secret:
        page.get_by_label("Signing secret (Stripe shows it; GitHub: the one you chose, or leave empty)").fill(secret)
    page.get_by_role("button", name="Create webhook").click()
    reveal = page.locator(".reveal")
    reveal.get_by_role("button", name="Copy curl example").click()
    script = page.evaluate("navigator.clipboard.readText()")
    assert {"github": "X-Hub-Signature-256", "stripe": "Stripe-Signature", "standard": "webhook-signature",
            "alertmanager": "Authorization: Bearer", "grafana": "Authorization: Bearer"}[provider] in script
    assert "X-Wakeful-Signature" not in script

    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=30)

    assert done.returncode == 0, done.stderr
    assert '"seq"' in done.stdout, done.stdout
    row = page.locator("tr.webhook-request").first
    row.wait_for()
    assert "ACCEPTED" in row.inner_text() and event_type in row.inner_text()


def test_a_heartbeat_action_parked_for_approval_is_approved_from_the_timeline_and_runs(console: Any, api: Any, stack: Any, tool_server: Any) -> None:
    from tests.integration.spine_helpers import register_tool, run_heartbeat, subscribe

    agent = api.create_agent(name="Careful", heartbeat_interval_seconds=3600)
    tool = register_tool(api, tool_server, "reboot")
    subscribe(api, tool, "DISK_FULL", agent["id"])
    api.patch(f"/agents/{agent['id']}", json={"tool_policy": {"require_approval": [tool]}})
    api.post(f"/agents/{agent['id']}/events", json={"event_type": "DISK_FULL", "payload": {"disk": "/data"}})
    run_heartbeat(stack, api, agent["id"])
    api.patch(f"/agents/{agent['id']}", json={"is_active": False})
    page = console.open(f"/agents/{agent['id']}")

    card = page.get_by_role("region", name=f"Approval for {tool}")
    card.wait_for()
    assert "/data" in card.inner_text()
    card.get_by_role("button", name="Approve").click()
    page.get_by_text("Approved: the action runs").wait_for()
    stack.drain()

    (action,) = [a for a in api.get(f"/agents/{agent['id']}/actions").json()["items"] if a["tool"] == tool]
    assert action["status"] == "COMPLETED" and action["approval"]["decision"] == "approve"
    assert len(tool_server.requests_for("reboot")) == 1
