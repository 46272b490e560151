"""Pure logic of the spine: filters, ids, signatures, cursors, URL safety, serialisation."""

from __future__ import annotations

import base64
import time
from decimal import Decimal

import pytest

from wakeful import ddb, ids, net, pagination, signing
from wakeful.exceptions import BadRequestError
from wakeful.subscriptions.models import passes
from wakeful.tools.base import upper_snake


@pytest.mark.parametrize(
    ("config", "priority", "payload", "expected"),
    [
        (None, 9, {}, True),
        ({"min_priority": 7}, 3, {}, True),  # 1 is the most urgent: 3 passes "at most 7"
        ({"min_priority": 7}, 7, {}, True),
        ({"min_priority": 7}, 8, {}, False),
        ({"topics": ["AI"]}, 5, {"topics": ["AI", "chips"]}, True),
        ({"topics": ["AI"]}, 5, {"topics": ["sports"]}, False),
        ({"topics": ["AI"]}, 5, {}, False),
        ({"topics": ["AI"]}, 5, {"topics": "AI"}, False),
        ({"min_priority": 2, "topics": ["AI"]}, 3, {"topics": ["AI"]}, False),
    ],
)
def test_filter_config(config, priority, payload, expected):
    assert passes(config, priority, payload) is expected


def test_action_ids_are_deterministic_per_event_and_subscription():
    assert ids.action_id("agt_1", 5, "sub_1") == ids.action_id("agt_1", 5, "sub_1")
    assert ids.action_id("agt_1", 5, "sub_1") != ids.action_id("agt_1", 6, "sub_1")
    assert ids.action_id("agt_1", 5, "sub_1") != ids.action_id("agt_1", 5, "sub_2")


def test_new_ids_sort_by_time():
    earlier, later = ids.new_id("hb", 1000.0), ids.new_id("hb", 1000.5)
    assert earlier < later and len(earlier) == len("hb_") + 26


def test_standard_webhook_signatures_verify_with_the_reference_library():
    from standardwebhooks.webhooks import Webhook

    secret = signing.new_secret()
    assert len(base64.b64decode(secret[len("whsec_"):])) >= 24
    body = b'{"b": 1,  "a": [2]}'
    now = int(time.time())
    headers = signing.headers(secret, "msg_1", now, body)
    assert Webhook(secret).verify(body, headers) == {"b": 1, "a": [2]}
    assert signing.verify_standard(secret, "msg_1", str(now), body, headers["webhook-signature"])
    assert not signing.verify_standard(secret, "msg_1", str(now), body + b" ", headers["webhook-signature"])
    assert not signing.verify_standard(signing.new_secret(), "msg_1", str(now), body, headers["webhook-signature"])


@pytest.mark.parametrize(
    "url",
    ["http://127.0.0.1/x", "https://127.0.0.1/x", "https://169.254.169.254/latest", "https://10.0.0.1/", "https://[::1]/", "ftp://example.com/"],
)
def test_private_and_odd_urls_are_refused_outside_dev_mode(url):
    with pytest.raises(net.UnsafeUrlError):
        net.check_url(url, dev_mode=False)


def test_dev_mode_allows_loopback_only():
    net.check_url("http://127.0.0.1:8080/tool", dev_mode=True)
    with pytest.raises(net.UnsafeUrlError):
        net.check_url("http://10.1.2.3/tool", dev_mode=True)


def test_public_https_urls_pass():
    net.check_url("https://8.8.8.8/hook", dev_mode=False)


def test_dynamodb_serialisation_round_trips_plain_values():
    item = {"s": "x", "i": 3, "f": 0.25, "b": True, "n": None, "m": {"l": [1, "two", {"x": 1.5}]}, "d": Decimal("4")}
    raw = ddb.serialize(item)
    assert "n" not in raw and raw["f"] == {"N": "0.25"}
    back = ddb.deserialize(raw)
    assert back == {"s": "x", "i": 3, "f": 0.25, "b": True, "m": {"l": [1, "two", {"x": 1.5}]}, "d": 4}
    with pytest.raises(ValueError):
        ddb.value(float("nan"))


def test_hook_names_of_tools_are_upper_snake_case():
    assert upper_snake("SnipCreate") == "SNIP_CREATE"
    assert upper_snake("my-tool") == "MY_TOOL"
    assert upper_snake("HTTPFetcher2") == "HTTPFETCHER2"
