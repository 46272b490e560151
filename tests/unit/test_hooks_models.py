"""Pure parts of hooks: hook types, retry bounds, backoff and jitter, Retry-After,
delivery ids, and the state machine definition file."""

from __future__ import annotations

import json
import random
from email.utils import formatdate

import pytest
from pydantic import ValidationError

from wakeful import hooks
from wakeful.backoff import parse_retry_after
from wakeful.hooks.payloads import delivery_id_for, next_delay, split_delay
from wakeful.hooks.inputs import HookCreate, RetryConfig
from wakeful.hooks.models import SEED_HOOK_TYPES

URL = "https://hooks.example.com/in"


@pytest.mark.parametrize("hook_type", SEED_HOOK_TYPES)
def test_every_seed_hook_type_is_accepted(hook_type):
    assert HookCreate(hook_type=hook_type, endpoint_url=URL).hook_type == hook_type


@pytest.mark.parametrize("hook_type", ["BEFORE_MY_TOOL", "AFTER_WEBHOOK_HANDLER", "AFTER_TOOL2"])
def test_before_and_after_any_upper_snake_tool_is_accepted(hook_type):
    assert HookCreate(hook_type=hook_type, endpoint_url=URL).hook_type == hook_type


@pytest.mark.parametrize("hook_type", ["ON_START", "before_snip_create", "BEFORE_", "AFTER__X", "BEFORE_my-tool", "ACTION_DONE", ""])
def test_unknown_hook_types_are_refused(hook_type):
    with pytest.raises(ValidationError):
        HookCreate(hook_type=hook_type, endpoint_url=URL)


def test_seed_hook_types_are_the_fifteen_seed_000_names():
    assert len(SEED_HOOK_TYPES) == len(set(SEED_HOOK_TYPES)) == 15
    assert {"BEFORE_SNIP_CREATE", "AFTER_FEED_READ", "ACTION_FAILED", "AFTER_HEARTBEAT"} <= set(SEED_HOOK_TYPES)


def test_retry_config_defaults_follow_the_contract():
    assert RetryConfig().model_dump() == {"max_retries": 3, "timeout_ms": 5000}
    assert HookCreate(hook_type="ACTION_FAILED", endpoint_url=URL).retry_config == RetryConfig()


@pytest.mark.parametrize(
    "config",
    [{"max_retries": -1}, {"max_retries": 11}, {"timeout_ms": 99}, {"timeout_ms": 30001}, {"max_retries": 3, "extra": 1}],
)
def test_retry_config_outside_the_contract_bounds_is_refused(config):
    with pytest.raises(ValidationError):
        RetryConfig.model_validate(config)


@pytest.mark.parametrize("config", [{"max_retries": 0, "timeout_ms": 100}, {"max_retries": 10, "timeout_ms": 30000}])
def test_retry_config_bounds_are_inclusive(config):
    assert RetryConfig.model_validate(config).model_dump() == config


@pytest.mark.parametrize("retry", [1, 2, 3, 5])
def test_backoff_is_base_times_two_to_the_n_minus_one_within_twenty_percent(retry):
    rng = random.Random(retry)
    nominal = 2.0 * 2 ** (retry - 1)
    delays = [next_delay(2.0, retry, rng=rng) for _ in range(500)]
    assert all(0.8 * nominal <= d <= 1.2 * nominal for d in delays)
    # jitter actually spreads the delays over most of the ±20 % band
    assert min(delays) < 0.85 * nominal and max(delays) > 1.15 * nominal


def test_retry_after_longer_than_the_backoff_wins():
    assert next_delay(2.0, 1, retry_after=30, rng=random.Random(0)) == 30
    assert 1.6 <= next_delay(2.0, 1, retry_after=1, rng=random.Random(0)) <= 2.4


def test_a_huge_retry_after_is_capped_at_a_day():
    assert next_delay(2.0, 1, retry_after=10**9) == 24 * 3600


def test_a_delay_splits_into_whole_seconds_and_the_millisecond_carry():
    assert split_delay(2.345) == (2, 345)
    assert split_delay(0.5) == (0, 500)
    assert split_delay(0.9996) == (1, 0)
    assert split_delay(0) == (0, 0)


def test_retry_after_reads_seconds_and_http_dates():
    assert parse_retry_after("7", 1000.0) == 7.0
    assert parse_retry_after(formatdate(1000.0 + 120, usegmt=True), 1000.0) == pytest.approx(120, abs=1)
    assert parse_retry_after(formatdate(500.0, usegmt=True), 1000.0) == 0.0
    assert parse_retry_after("soon", 1000.0) is None
    assert parse_retry_after(None, 1000.0) is None


def test_delivery_ids_are_deterministic_per_hook_and_key_and_fresh_without_a_key():
    assert delivery_id_for("hook_1", "hb_1:after") == delivery_id_for("hook_1", "hb_1:after")
    assert delivery_id_for("hook_1", "hb_1:after") != delivery_id_for("hook_2", "hb_1:after")
    assert delivery_id_for("hook_1", "hb_1:after") != delivery_id_for("hook_1", "hb_2:after")
    assert delivery_id_for("hook_1", None) != delivery_id_for("hook_1", None)


def test_the_definition_substitutes_the_deliver_function_and_every_transition_exists():
    arn = "arn:aws:lambda:us-east-1:123456789012:function:deliver"
    raw = hooks.DEFINITION_PATH.read_text()
    assert "${DeliverFunctionArn}" in raw
    text = hooks.definition(arn)
    assert "${" not in text
    machine = json.loads(text)
    states = machine["States"]
    assert states["Deliver"]["Resource"] == arn
    targets = {machine["StartAt"]}
    for state in states.values():
        targets.update(filter(None, [state.get("Next"), state.get("Default")]))
        targets.update(c["Next"] for c in state.get("Choices", []) + state.get("Catch", []))
    assert targets <= set(states)
    # the per-hook bound is read from the input, not baked in
    assert any("NumericLessThanPath" in json.dumps(c) and "$.max_retries" in json.dumps(c) for c in states["Decide"]["Choices"])
    assert states["Backoff"]["SecondsPath"] == "$.wait_seconds"
