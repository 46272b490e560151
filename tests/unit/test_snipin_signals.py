"""What WebhookHandler reads of an external event: SnipIn's own shape as it is, a
webhook provider's body as the news it carries, and nothing from a body about nothing."""

from __future__ import annotations

from wakeful.snipin import context, signals


def test_an_event_in_snipins_shape_is_read_as_it_is():
    payload = {"source": "zapier", "trigger": "new_issue", "data": {"title": "Bug"}}
    assert signals.signal_of("EXTERNAL_TRIGGER", payload) == payload
    assert signals.signal_of("WEBHOOK_TRIGGER", {"issue": 1}) == {"source": "external", "trigger": "WEBHOOK_TRIGGER", "data": {"issue": 1}}


def test_a_github_release_is_read_as_its_repository_name_tag_and_notes():
    payload = {
        "action": "published",
        "release": {"tag_name": "v2.0.0", "name": "", "html_url": "https://github.com/o/r/releases/tag/v2.0.0", "body": "Notes.", "draft": False},
        "repository": {"full_name": "o/r"},
        "sender": {"login": "maya"},
    }
    assert signals.signal_of("github_release", payload) == {
        "source": "github",
        "trigger": "release published",
        "data": {"title": "v2.0.0", "repository": "o/r", "action": "published", "url": "https://github.com/o/r/releases/tag/v2.0.0",
                 "tag": "v2.0.0", "text": "Notes.", "by": "maya", "draft": False},
    }


def test_a_github_push_is_read_as_its_head_commits_first_line():
    payload = {"head_commit": {"message": "Fix the harness\n\nLonger text.", "url": "https://github.com/o/r/commit/1"}, "repository": {"full_name": "o/r"}}
    assert signals.signal_of("github_push", payload)["data"]["title"] == "Fix the harness"  # type: ignore[index]


def test_a_github_ping_and_a_body_about_nothing_are_no_signal():
    assert signals.signal_of("github_ping", {"zen": "Design for failure.", "hook_id": 1}) is None
    assert signals.signal_of("stripe_balance_available", {"type": "balance.available"}) is None
    assert signals.signal_of("alert_watchdog", {"status": "firing"}) is None


def test_an_alert_and_a_stripe_event_are_read_as_what_they_are_about():
    alert = {"alertname": "HostHighCpu", "status": "firing", "annotations": {"summary": "CPU above 90 %"}, "labels": {"instance": "nas:9100"}}
    assert signals.signal_of("alert_host_high_cpu", alert)["data"]["title"] == "CPU above 90 %"  # type: ignore[index]
    stripe = {"type": "invoice.paid", "data": {"object": {"id": "in_1", "object": "invoice", "amount": 500, "currency": "eur"}}}
    assert signals.signal_of("stripe_invoice_paid", stripe)["data"]["title"] == "invoice.paid: in_1"  # type: ignore[index]


def test_snipins_context_names_exactly_its_built_in_tools():
    from wakeful.snipin import tools

    assert context.TOOLS == {t.name for t in (tools.FeedReader, tools.SnipCreate, tools.SnipComment, tools.SnipShare, tools.SnipLike, tools.WebhookHandler)}
