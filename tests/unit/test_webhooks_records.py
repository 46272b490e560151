"""Webhook records: a webhook and an inbound request row, each from its DynamoDB item and
back, tolerant of items older versions wrote, and public() byte for byte the view the
API gave when records were dicts (the old functions are kept below as the oracle)."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from wakeful.clock import iso
from wakeful.webhooks.records import Webhook, WebhookRequest

ROOT = Path(__file__).resolve().parents[2]
BASE = "https://api.example.com/prod/"

WEBHOOK_ITEM: dict[str, Any] = {
    "webhook_id": "whk_01J",
    "agent_id": "agt_1",
    "owner": "owner-a",
    "secret_sealed": "sealed-now",
    "provider": "github",
    "is_active": False,
    "allowed_event_types": ["github_push", "github_issues"],
    "rate_limit_per_hour": 250,
    "metadata": {"repo": "acme/api"},
    "previous_secret_sealed": "sealed-before",
    "previous_secret_expires_at": 1767312000.5,
    "secret_rotated_at": 1767225600,
    "created_at": 1767220000.25,
    "updated_at": 1767225600,
}
#: A webhook as the first version wrote it: no provider, is_active or rate limit.
OLD_WEBHOOK_ITEM: dict[str, Any] = {
    "webhook_id": "whk_00A",
    "agent_id": "agt_1",
    "owner": "owner-a",
    "secret_sealed": "sealed",
    "created_at": 1700000000,
}
REQUEST_ITEM: dict[str, Any] = {
    "webhook_id": "whk_01J",
    "request_id": "whr_01J",
    "status": "ACCEPTED",
    "http_status": 202,
    "event_type": "github_push",
    "event_id": "evt_1",
    "seq": 12,
    "signature_valid": True,
    "scheme": "github",
    "delivery_id": "id:abc",
    "source_ip": "192.0.2.7",
    "gateway_request_id": "req-1",
    "body_bytes": 812,
    "agent_id": "agt_1",
    "received_at": 1767220000.5,
    "expires_at": 1769812000,
}
OLD_REQUEST_ITEM: dict[str, Any] = {
    "webhook_id": "whk_unknown",
    "request_id": "whr_00A",
    "status": "REJECTED",
    "http_status": 404,
    "rejection_reason": "unknown or inactive webhook",
    "received_at": 1700000000,
}


# -- the oracle: the public views as they were written for dict items ------------------
def old_public(item: dict[str, Any], base_url: str) -> dict[str, Any]:
    return {
        "id": item["webhook_id"],
        "agent_id": item["agent_id"],
        "url": f"{base_url.rstrip('/')}/webhooks/{item['webhook_id']}",
        "provider": item.get("provider") or "wakeful",
        "is_active": item.get("is_active", True),
        "allowed_event_types": item.get("allowed_event_types"),
        "rate_limit_per_hour": item.get("rate_limit_per_hour", 100),
        "metadata": item.get("metadata"),
        "secret_rotated_at": iso(item.get("secret_rotated_at")),
        "previous_secret_expires_at": iso(item.get("previous_secret_expires_at")),
        "created_at": iso(item.get("created_at")),
        "updated_at": iso(item.get("updated_at")),
    }


def old_public_request(item: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": item["request_id"],
        "webhook_id": item["webhook_id"],
        "status": item["status"],
        "http_status": item.get("http_status"),
        "rejection_reason": item.get("rejection_reason"),
        "event_type": item.get("event_type"),
        "event_id": item.get("event_id"),
        "seq": item.get("seq"),
        "signature_valid": item.get("signature_valid", False),
        "scheme": item.get("scheme"),
        "delivery_id": item.get("delivery_id"),
        "source_ip": item.get("source_ip"),
        "body_bytes": item.get("body_bytes"),
        "received_at": iso(item.get("received_at")),
    }


def _json(view: dict[str, Any]) -> str:
    """The bytes the API sends (wakeful.apikit.common.respond): key order and number types count."""
    return json.dumps(view, default=str)


# -- webhooks --------------------------------------------------------------------------
def test_a_webhook_item_round_trips_through_its_record():
    assert Webhook.from_item(WEBHOOK_ITEM).to_item() == WEBHOOK_ITEM


def test_a_webhooks_allowed_event_types_are_a_tuple_in_the_record_and_a_list_in_the_item():
    webhook = Webhook.from_item(WEBHOOK_ITEM)
    assert webhook.allowed_event_types == ("github_push", "github_issues")
    assert webhook.to_item()["allowed_event_types"] == ["github_push", "github_issues"]


def test_a_webhook_item_without_the_newer_attributes_reads_with_defaults():
    webhook = Webhook.from_item(OLD_WEBHOOK_ITEM)
    assert (webhook.provider, webhook.is_active, webhook.rate_limit_per_hour) == ("wakeful", True, 100)
    assert (webhook.allowed_event_types, webhook.previous_secret_sealed, webhook.updated_at) == (None, None, None)


def test_a_webhook_item_holding_null_for_a_defaulted_attribute_reads_the_default():
    webhook = Webhook.from_item({**WEBHOOK_ITEM, "is_active": None, "rate_limit_per_hour": None})
    assert (webhook.is_active, webhook.rate_limit_per_hour) == (True, 100)


@pytest.mark.parametrize(
    "item",
    [WEBHOOK_ITEM, OLD_WEBHOOK_ITEM, {**WEBHOOK_ITEM, "allowed_event_types": [], "provider": None}],
    ids=["full", "old", "empty-allow-list"],
)
@pytest.mark.parametrize("base_url", [BASE, ""])
def test_a_webhooks_public_view_is_byte_for_byte_the_old_view(item, base_url):
    assert _json(Webhook.from_item(item).public(base_url)) == _json(old_public(item, base_url))


def test_a_webhooks_public_view_never_shows_a_secret():
    text = _json(Webhook.from_item(WEBHOOK_ITEM).public(BASE))
    assert "sealed" not in text


def test_a_webhook_record_cannot_be_changed_in_place():
    webhook = Webhook.from_item(WEBHOOK_ITEM)
    with pytest.raises(dataclasses.FrozenInstanceError):
        webhook.is_active = True  # type: ignore[misc]


# -- request rows ----------------------------------------------------------------------
def test_a_request_row_round_trips_through_its_record():
    assert WebhookRequest.from_item(REQUEST_ITEM).to_item() == REQUEST_ITEM


def test_a_request_row_without_the_newer_attributes_reads_with_defaults():
    request = WebhookRequest.from_item(OLD_REQUEST_ITEM)
    assert (request.signature_valid, request.scheme, request.agent_id, request.expires_at) == (False, None, None, None)


@pytest.mark.parametrize("item", [REQUEST_ITEM, OLD_REQUEST_ITEM], ids=["full", "old"])
def test_a_request_rows_public_view_is_byte_for_byte_the_old_view(item):
    # A row's view is the old view and, after it, what counted items brought: a row
    # counts one request, the last of which came when it did; then what alert
    # notifications brought: how many events a request appended (unknown for these rows).
    old = old_public_request(item)
    expected = {**old, "count": 1, "last_received_at": old["received_at"], "event_count": None}
    assert _json(WebhookRequest.from_item(item).public()) == _json(expected)


def test_a_request_rows_view_says_how_many_events_it_appended():
    item = {**REQUEST_ITEM, "event_count": 4}
    assert WebhookRequest.from_item(item).public()["event_count"] == 4
    assert WebhookRequest.from_item(item).to_item() == item


def test_a_counted_items_view_says_how_many_requests_and_when_the_last_came():
    item = {**REQUEST_ITEM, "count": 37, "last_received_at": 1_700_000_059}
    view = WebhookRequest.from_item(item).public()
    assert (view["count"], view["last_received_at"]) == (37, iso(1_700_000_059))
    assert WebhookRequest.from_item(item).to_item() == item


def test_the_webhook_records_load_without_pydantic():
    code = "import sys; import wakeful.webhooks.records, wakeful.webhooks.repository; print('pydantic' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
