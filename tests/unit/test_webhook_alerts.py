"""Alert notifications as events (the ``alertmanager`` and ``grafana`` providers): the
bearer check and the body's reading, pure functions, no AWS."""

from __future__ import annotations

import pytest

from wakeful.webhooks import alerts, providers

SECRET = "whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LTMy"


def bearer(value: str | None, secrets: list[str] | None = None) -> bool:
    headers = {} if value is None else {"authorization": value}
    return providers.verify("alertmanager", headers, b"{}", secrets or [SECRET], 0).valid


def test_the_bearer_token_must_be_the_whole_header_value():
    assert bearer(f"Bearer {SECRET}")
    assert bearer(f"BEARER {SECRET}")  # the scheme is case-insensitive in HTTP
    assert not bearer(None)
    assert not bearer(SECRET)
    assert not bearer(f"Bearer {SECRET} extra")
    assert not bearer(f"Bearer {SECRET[:-1]}")
    assert not bearer(f"Basic {SECRET}")


def test_either_secret_of_a_rotation_is_accepted():
    assert bearer("Bearer old-token", ["new-token", "old-token"])
    assert bearer("Bearer new-token", ["new-token", "old-token"])


@pytest.mark.parametrize(
    "name, snake",
    [
        ("HostHighCpu", "host_high_cpu"),
        ("HighCPUUsage", "high_cpu_usage"),
        ("High memory usage", "high_memory_usage"),
        ("node-disk-full", "node_disk_full"),
        ("KubePodCrashLooping", "kube_pod_crash_looping"),
        ("", "unnamed"),
        ("!!!", "unnamed"),
    ],
)
def test_alert_names_are_snake_cased(name, snake):
    assert alerts.snake(name) == snake


def test_the_event_map_wins_then_the_event_label_then_the_alert_name():
    metadata = {"event_map": {"HostHighCpu": "cpu_high"}, "event_label": "event"}
    assert alerts.event_type_of("HostHighCpu", {"event": "other"}, "firing", metadata) == "cpu_high"
    assert alerts.event_type_of("NodeDisk", {"event": "disk_high"}, "firing", metadata) == "disk_high"
    assert alerts.event_type_of("NodeDisk", {"event": "not a type"}, "resolved", metadata) == "alert_node_disk_resolved"
    assert alerts.event_type_of("NodeDisk", {}, "firing", None) == "alert_node_disk"


def test_a_long_alert_name_leaves_room_for_resolved():
    kind = alerts.event_type_of("A" * 300, {}, "resolved", None)
    assert kind.endswith("_resolved") and len(kind) <= 100


def test_the_key_is_the_fingerprint_status_and_start_or_a_hash_of_the_labels():
    one = {"status": "firing", "labels": {"alertname": "X", "a": "1"}, "startsAt": "t1"}
    (with_print,) = alerts.parse({"alerts": [{**one, "fingerprint": "f1"}]}, None)
    (first, same, other) = alerts.parse({"alerts": [one, dict(one), {**one, "labels": {"alertname": "X", "a": "2"}}]}, None)
    assert with_print.key == "alert:f1:firing:t1"
    assert first.key == same.key != other.key


def test_labels_reach_the_top_of_the_payload_unless_the_alert_has_that_field():
    (alert,) = alerts.parse(
        {"receiver": "r", "alerts": [{"status": "firing", "labels": {"alertname": "X", "instance": "nas", "status": "odd"}}]}, None
    )
    assert (alert.payload["instance"], alert.payload["status"], alert.payload["receiver"]) == ("nas", "firing", "r")
