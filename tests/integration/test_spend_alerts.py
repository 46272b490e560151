"""The spend guard's alerts and every way a pause ends, through the real handlers against
moto, the model being the real anthropic SDK against the fake Messages API (whose token
counts are known), hooks delivered to a real HTTP receiver and messages to local fakes
of Slack, Discord and Telegram: BUDGET_ALERT once per period, BUDGET_PAUSED and its
message with an extend: button, a press by an allowed user, and BUDGET_RESUMED at the
period's end, by the API, by the button and on a budget change."""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
import requests

from tests.fakes import anthropic_server as fake
from tests.fakes.chat_platforms import DiscordApp, FakeDiscord, FakeSlack, FakeTelegram, slack_headers, telegram_headers
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.test_spend_guard import many_turns, one_turn
from tests.integration.thread_helpers import make_agent, start, thread
from tests.support.channels import (
    SLACK_SIGNING,
    TELEGRAM_SECRET,
    config,
    create_channel,
    discord_interaction,
    platform_env,
    requests_of,
    slack_press,
    telegram_update,
)
from tests.support.hook_receiver import create_hook

pytestmark = pytest.mark.long(seconds=90)
BUDGET_HOOKS = ("BUDGET_ALERT", "BUDGET_PAUSED", "BUDGET_RESUMED")


@pytest.fixture()
def fakes(stack: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[FakeSlack, FakeDiscord, FakeTelegram]]:
    slack, discord, telegram = FakeSlack(), FakeDiscord(), FakeTelegram()
    platform_env(monkeypatch, slack, discord, telegram)
    yield slack, discord, telegram
    for one in (slack, discord, telegram):
        one.close()
    monkeypatch.undo()
    from wakeful.config import get_settings

    get_settings.cache_clear()


def hooked(api: Any, receiver: Any, **fields: Any) -> dict[str, Any]:
    agent = make_agent(api, **fields)
    for hook_type in BUDGET_HOOKS:
        create_hook(api, agent["id"], hook_type, receiver.url(f"{hook_type}-{agent['id']}"))
    return agent


def bodies(receiver: Any, hook_type: str, agent_id: str) -> list[dict[str, Any]]:
    return [d.json for d in receiver.deliveries(f"{hook_type}-{agent_id}")]


def settled(stack: Any, receiver: Any, hook_type: str, agent_id: str, count: int) -> list[dict[str, Any]]:
    """The deliveries of a hook type once ``count`` arrived, after the queues ran dry and
    a moment more (so that a second delivery would have arrived too)."""
    stack.drain()
    found = receiver.wait_for(f"{hook_type}-{agent_id}", count)
    time.sleep(0.5)
    stack.drain()
    return [d.json for d in receiver.deliveries(f"{hook_type}-{agent_id}")] or [d.json for d in found]


def run(stack: Any, api: Any, claude: fake.FakeAnthropic, agent_id: str, turns: list[dict[str, Any]] | None = None) -> str:  # noqa: F811
    claude.converse(turns or one_turn())
    thread_id = start(api, agent_id, "check the disk")
    stack.drain()
    return thread_id


def paused(stack: Any, api: Any, claude: fake.FakeAnthropic, agent_id: str) -> dict[str, Any]:  # noqa: F811
    """Run the agent (daily limit $0.01) until its run crosses the limit; its spend view."""
    run(stack, api, claude, agent_id, many_turns(40))
    view = api.get(f"/agents/{agent_id}/spend").json()
    assert view["status"] == "paused", view
    return view


def scan_pauses(at: float) -> dict[str, int]:
    """The scan's spend-pause part at ``at`` (its counts by outcome), as the whole scan
    runs it. Not the whole scan: ``at`` is up to a day ahead, where every other test's
    agents on this worker's shared stack are due too (heartbeats, schedules, threads),
    a backlog the drain then works through for minutes in a full run."""
    from wakeful.spend import pauses_due

    return pauses_due.claim_due(at)


def extend_value(post: dict[str, Any], kind: str) -> str:
    """The extend: button's value in a platform message body."""
    if kind == "slack":
        values = [e["value"] for b in post.get("blocks", []) if b.get("type") == "actions" for e in b["elements"]]
    elif kind == "discord":
        values = [c["custom_id"] for row in post.get("components", []) for c in row["components"]]
    else:
        values = [k["callback_data"] for row in post.get("reply_markup", {}).get("inline_keyboard", []) for k in row]
    [value] = [v for v in values if v.startswith("extend:")]
    return value


def wait_posts(stack: Any, platform: Any, pattern: str, count: int = 1) -> list[Any]:
    for _ in range(300):
        stack.drain()
        if len(platform.posts(pattern)) >= count:
            return platform.posts(pattern)
        time.sleep(0.05)
    raise AssertionError(f"{len(platform.posts(pattern))} posts to {pattern}, expected {count}")


def slack_interaction(stack: Any, channel: dict[str, Any], value: str, user: str) -> None:
    raw = slack_press(value, user=user)
    headers = slack_headers(SLACK_SIGNING, raw, content_type="application/x-www-form-urlencoded")
    answer = requests.post(f"{stack.api_url}/channels/{channel['id']}/slack/interactions", data=raw, headers=headers, timeout=30)
    assert answer.status_code == 200, answer.text
    stack.drain()


# -- alerts -----------------------------------------------------------------------------
def test_alert_at_fires_budget_alert_hook_once_per_period_with_its_data(stack, api, receiver, claude: fake.FakeAnthropic):  # noqa: F811
    agent = hooked(api, receiver, budget={"daily_usd": 0.01, "alert_at": 0.3})
    run(stack, api, claude, agent["id"])  # about $0.004: past 30 % of $0.01
    run(stack, api, claude, agent["id"])  # still past it, under the limit: no second alert
    [alert] = settled(stack, receiver, "BUDGET_ALERT", agent["id"], 1)
    data = alert["data"]
    today = time.strftime("%Y-%m-%d", time.gmtime())
    assert (data["scope"], data["limit"], data["period"], data["level"], data["alert_at"], data["on_exceed"]) == ("agent", "daily_usd", today, "alert", 0.3, "pause")
    assert (data["limit_usd"], data["extend_usd"]) == (0.01, 0.01)  # half the limit, rounded up to the cent
    assert 0.003 <= data["spent_usd"] < 0.01
    view = api.get(f"/agents/{agent['id']}/spend").json()
    assert view["status"] == "alerted" and view["today_usd"] < 0.01 and bodies(receiver, "BUDGET_PAUSED", agent["id"]) == []


@pytest.mark.parametrize("kind", ["slack", "discord", "telegram"])
def test_alert_message_to_notify_targets_carries_an_extend_button(stack, api, fakes, claude: fake.FakeAnthropic, kind):  # noqa: F811
    slack, discord, telegram = fakes
    platform, pattern = {"slack": (slack, "chat.postMessage"), "discord": (discord, "/messages"), "telegram": (telegram, "sendMessage")}[kind]
    agent = make_agent(api, budget={"daily_usd": 1000, "alert_at": 0})
    channel = create_channel(api, agent["id"], kind)
    assert api.patch(f"/agents/{agent['id']}", json={"notify": [channel["name"]]}).status_code == 200
    run(stack, api, claude, agent["id"])
    run(stack, api, claude, agent["id"])
    [post] = wait_posts(stack, platform, pattern)
    value = extend_value(post.json, kind)
    assert len(value.encode()) <= 64 and value.split(":")[1].isalnum()
    assert "daily" in json.dumps(post.json) and "$500.00" in json.dumps(post.json)
    delivery = api.get(f"/channels/{channel['id']}/deliveries").json()["items"]
    assert [d["kind"] for d in delivery] == ["budget"]


def test_on_exceed_alert_alerts_at_the_limit_too_and_never_pauses(stack, api, receiver, claude: fake.FakeAnthropic):  # noqa: F811
    agent = hooked(api, receiver, budget={"daily_usd": 0.01, "on_exceed": "alert"})
    run(stack, api, claude, agent["id"], many_turns(16))
    alerts = settled(stack, receiver, "BUDGET_ALERT", agent["id"], 2)
    assert sorted(a["data"]["level"] for a in alerts) == ["alert", "limit"]
    assert bodies(receiver, "BUDGET_PAUSED", agent["id"]) == []
    assert api.get(f"/agents/{agent['id']}/spend").json()["status"] == "alerted"


# -- the pause ----------------------------------------------------------------------------
def test_pause_fires_budget_paused_hook_and_a_notify_message_with_an_extend_button(stack, api, receiver, fakes, claude: fake.FakeAnthropic):  # noqa: F811
    slack = fakes[0]
    agent = hooked(api, receiver, budget={"daily_usd": 0.01})
    channel = create_channel(api, agent["id"], "slack")
    api.patch(f"/agents/{agent['id']}", json={"notify": [channel["name"]]})
    view = paused(stack, api, claude, agent["id"])
    [body] = settled(stack, receiver, "BUDGET_PAUSED", agent["id"], 1)
    data = body["data"]
    midnight = (int(time.time()) // 86400 + 1) * 86400
    assert (data["scope"], data["limit"], data["limit_usd"], data["paused_until"]) == ("agent", "daily_usd", 0.01, midnight)
    assert data["spent_usd"] == pytest.approx(view["today_usd"], abs=1e-6) and data["spent_usd"] >= 0.01
    assert data["extend_usd"] >= 0.01 and data["spent_usd"] - 0.01 + 0.005 <= data["extend_usd"] <= data["spent_usd"] - 0.01 + 0.015
    posts = wait_posts(stack, slack, "chat.postMessage", 2)  # the alert at 80%, then the pause
    texts = [json.dumps(p.json) for p in posts]
    assert any("paused, the daily budget is reached" in t for t in texts) and all(extend_value(p.json, "slack") for p in posts)


def test_a_pause_is_told_once_however_many_calls_it_refuses(stack, api, receiver, claude: fake.FakeAnthropic):  # noqa: F811
    agent = hooked(api, receiver, budget={"daily_usd": 0.01})
    paused(stack, api, claude, agent["id"])
    run(stack, api, claude, agent["id"])
    run(stack, api, claude, agent["id"])
    assert len(settled(stack, receiver, "BUDGET_PAUSED", agent["id"], 1)) == 1


# -- every way a pause ends ---------------------------------------------------------------
def test_resume_api_extends_and_resumes_with_a_budget_resumed_hook(stack, api, receiver, claude: fake.FakeAnthropic):  # noqa: F811
    agent = hooked(api, receiver, budget={"daily_usd": 0.01})
    paused(stack, api, claude, agent["id"])
    assert api.post(f"/agents/{agent['id']}/spend/resume", json={"extend_usd": 5}).status_code == 200
    assert api.post(f"/agents/{agent['id']}/spend/resume", json={"extend_usd": 5}).status_code == 409
    [body] = settled(stack, receiver, "BUDGET_RESUMED", agent["id"], 1)
    assert body["data"] == {"scope": "agent", "reason": "api", "extend_usd": 5.0}


def test_pause_resumes_at_its_periods_end_with_a_budget_resumed_hook(stack, api, receiver, claude: fake.FakeAnthropic):  # noqa: F811
    agent = hooked(api, receiver, budget={"daily_usd": 0.01})
    view = paused(stack, api, claude, agent["id"])
    assert scan_pauses(view["paused_until"] - 60) == {}
    assert api.get(f"/agents/{agent['id']}/spend").json()["status"] == "paused"  # not yet
    assert scan_pauses(view["paused_until"] + 1).get("resumed", 0) >= 1
    assert scan_pauses(view["paused_until"] + 2) == {}  # a second scan finds nothing more to resume
    [body] = settled(stack, receiver, "BUDGET_RESUMED", agent["id"], 1)
    assert body["data"] == {"scope": "agent", "reason": "period_end"}
    from wakeful.spend import repository

    assert repository.get(f"a#{agent['id']}", "pause") is None


def test_a_budget_change_that_lifts_the_limit_resumes_with_reason_budget_changed(stack, api, receiver, claude: fake.FakeAnthropic):  # noqa: F811
    agent = hooked(api, receiver, budget={"daily_usd": 0.01})
    paused(stack, api, claude, agent["id"])
    assert api.patch(f"/agents/{agent['id']}", json={"budget": {"daily_usd": 0.02, "monthly_usd": 0.01}}).status_code == 200
    assert api.get(f"/agents/{agent['id']}/spend").json()["status"] == "paused"  # the month's limit holds it
    assert api.patch(f"/agents/{agent['id']}", json={"budget": {"daily_usd": 50}}).status_code == 200
    assert api.get(f"/agents/{agent['id']}/spend").json()["status"] in ("ok", "alerted")
    [body] = settled(stack, receiver, "BUDGET_RESUMED", agent["id"], 1)
    assert body["data"] == {"scope": "agent", "reason": "budget_changed"}
    assert thread(api, agent["id"], run(stack, api, claude, agent["id"]))["status"] == "complete"


def test_owner_budget_pause_and_resume_reach_every_agent_of_the_owner(stack, api, receiver, claude: fake.FakeAnthropic):  # noqa: F811
    first = hooked(api, receiver)
    second = hooked(api, receiver)
    assert api.put("/budget", json={"daily_usd": 0.01}).status_code == 200
    run(stack, api, claude, first["id"], many_turns(40))
    for agent in (first, second):
        [body] = settled(stack, receiver, "BUDGET_PAUSED", agent["id"], 1)
        assert (body["data"]["scope"], body["data"]["limit"], body["agent"]["id"]) == ("owner", "daily_usd", agent["id"])
    assert api.put("/budget", json={"daily_usd": 100}).status_code == 200
    for agent in (first, second):
        [body] = settled(stack, receiver, "BUDGET_RESUMED", agent["id"], 1)
        assert body["data"] == {"scope": "owner", "reason": "budget_changed"}


# -- the extend: button -------------------------------------------------------------------
def button_channel(api: Any, agent: dict[str, Any]) -> dict[str, Any]:
    """A Slack channel allowing only U0BOB, the agent's notify target."""
    channel = create_channel(api, agent["id"], "slack", allowed_users=["U0BOB"])
    api.patch(f"/agents/{agent['id']}", json={"notify": [channel["name"]]})
    return channel


def pause_value(stack: Any, slack: FakeSlack) -> str:
    posts = wait_posts(stack, slack, "chat.postMessage", 2)
    [pause] = [p for p in posts if "paused, the" in json.dumps(p.json)]
    return extend_value(pause.json, "slack")


def test_extend_press_by_an_allowed_user_raises_that_periods_limit_once_and_resumes(stack, api, receiver, fakes, claude: fake.FakeAnthropic):  # noqa: F811
    slack = fakes[0]
    agent = hooked(api, receiver, budget={"daily_usd": 0.01})
    channel = button_channel(api, agent)
    paused(stack, api, claude, agent["id"])
    value = pause_value(stack, slack)
    [pause] = settled(stack, receiver, "BUDGET_PAUSED", agent["id"], 1)
    amount = pause["data"]["extend_usd"]

    slack_interaction(stack, channel, value, "U0MALLORY")  # not allowed: refused, recorded
    assert api.get(f"/agents/{agent['id']}/spend").json()["status"] == "paused"
    slack_interaction(stack, channel, value, "U0BOB")
    assert api.get(f"/agents/{agent['id']}/spend").json()["status"] != "paused"
    slack_interaction(stack, channel, value, "U0BOB")  # a second press changes nothing

    [resumed] = settled(stack, receiver, "BUDGET_RESUMED", agent["id"], 1)
    assert resumed["data"] == {"scope": "agent", "reason": "button", "extend_usd": amount, "by": f"user U0BOB in slack ({channel['name']})"}
    from wakeful.spend import repository

    day = time.strftime("%Y-%m-%d", time.gmtime())
    assert repository.get(f"a#{agent['id']}", f"x#daily_usd#{day}")["usd_micro"] == round(amount * 1_000_000)
    rows = requests_of(api, channel["id"])
    outcomes = sorted(str(r.get("outcome") or r.get("reason")) for r in rows)
    assert any("not in the channel's allowed_users" in o for o in outcomes)
    assert any(o.endswith("; resumed") for o in outcomes) and any("used already" in o for o in outcomes)


def test_extend_press_on_telegram_and_discord_is_taken_like_slacks(stack, api, fakes, claude: fake.FakeAnthropic):  # noqa: F811
    _, discord, telegram = fakes
    agent = make_agent(api, budget={"daily_usd": 0.01})
    app = DiscordApp()
    tg = create_channel(api, agent["id"], "telegram", allowed_users=["5551"])
    dc = api.post("/channels", json={"kind": "discord", "name": f"dc-{uuid.uuid4().hex[:6]}", "agent_id": agent["id"], "config": config("discord", public_key=app.public_key)}).json()
    api.patch(f"/agents/{agent['id']}", json={"notify": [tg["name"], dc["name"]]})
    paused(stack, api, claude, agent["id"])
    [tg_post] = [p for p in wait_posts(stack, telegram, "sendMessage", 2) if "paused, the" in json.dumps(p.json)]
    [dc_post] = [p for p in wait_posts(stack, discord, "/messages", 2) if "paused, the" in json.dumps(p.json)]
    tg_value, dc_value = extend_value(tg_post.json, "telegram"), extend_value(dc_post.json, "discord")
    assert tg_value == dc_value  # one button: whichever is pressed first extends

    raw = json.dumps(discord_interaction(3, data={"custom_id": dc_value, "component_type": 2})).encode()
    answer = requests.post(f"{stack.api_url}/channels/{dc['id']}/discord", data=raw, headers=app.headers(raw), timeout=30)
    assert answer.status_code == 200 and answer.json() == {"type": 6}
    stack.drain()
    assert api.get(f"/agents/{agent['id']}/spend").json()["status"] != "paused"
    press = telegram_update(int(uuid.uuid4().int % 10**9), callback_query={"id": "cb1", "from": {"id": 5551}, "data": tg_value, "message": {"message_id": 3, "chat": {"id": -1}}})
    raw = json.dumps(press).encode()
    assert requests.post(f"{stack.api_url}/channels/{tg['id']}/telegram", data=raw, headers=telegram_headers(TELEGRAM_SECRET), timeout=30).status_code == 200
    stack.drain()
    [row] = [r for r in requests_of(api, tg["id"]) if r.get("outcome")]
    assert "used already" in row["outcome"]


def test_extend_press_for_a_period_that_is_over_changes_nothing(stack, api, fakes):
    from wakeful.spend import repository

    agent = make_agent(api, budget={"daily_usd": 0.01})
    channel = create_channel(api, agent["id"], "slack")
    ref = uuid.uuid4().hex[:24]
    # A button of yesterday's alert (its record, as the alert kept it).
    yesterday = time.strftime("%Y-%m-%d", time.gmtime(time.time() - 86400))
    repository.put_once(f"o#{api.owner}", f"xb#{ref}", {"target": f"a#{agent['id']}", "limit": "daily_usd", "period": yesterday, "amount_usd": 1.0, "created_at": 1.0})
    slack_interaction(stack, channel, f"extend:{ref}", "U0ALICE")
    [row] = [r for r in requests_of(api, channel["id"]) if r.get("outcome")]
    assert row["outcome"] == f"the period {yesterday} of daily_usd is over: nothing changed"
    assert repository.get(f"a#{agent['id']}", f"x#daily_usd#{yesterday}") is None
    assert repository.get(f"o#{api.owner}", f"xb#{ref}").get("used_at") is None


def test_an_extend_button_of_another_owner_changes_nothing(stack, api, other_api, fakes, claude: fake.FakeAnthropic):  # noqa: F811
    slack = fakes[0]
    agent = make_agent(api, budget={"daily_usd": 0.01})
    mine = create_channel(api, agent["id"], "slack")
    api.patch(f"/agents/{agent['id']}", json={"notify": [mine["name"]]})
    paused(stack, api, claude, agent["id"])
    value = pause_value(stack, slack)
    theirs = create_channel(other_api, other_api.create_agent()["id"], "slack")
    slack_interaction(stack, theirs, value, "U0ALICE")
    [row] = [r for r in requests_of(other_api, theirs["id"]) if r.get("outcome")]
    assert row["outcome"] == "no budget button of yours has this value: nothing changed"
    assert api.get(f"/agents/{agent['id']}/spend").json()["status"] == "paused"
