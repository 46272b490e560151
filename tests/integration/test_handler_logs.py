"""Log lines carry the keys of their own invocation only: no function name, agent,
heartbeat or action id of another handler, or of an earlier invocation."""

from __future__ import annotations

import json
import logging
from typing import Any, Iterator

import pytest

from tests.integration.spine_helpers import register_tool, run_heartbeat, subscribe
from wakeful_dev import lambdas
from wakeful_dev.runtime import scheduled_event

LONG_AGO = 1_000_000.0  # a scan at this time finds nothing due: it only logs


class _Capture(logging.Handler):
    def __init__(self, formatter: logging.Formatter) -> None:
        super().__init__()
        self.setFormatter(formatter)
        self.lines: list[dict[str, Any]] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(json.loads(self.format(record)))


@pytest.fixture()
def log_lines(stack: Any) -> Iterator[list[dict[str, Any]]]:
    """Every line the "wakeful" logger writes during the test, as the handlers format it."""
    lambdas.invoke("heartbeat_scan", scheduled_event(LONG_AGO))  # the shared logger exists
    base = logging.getLogger("wakeful")
    capture = _Capture(base.handlers[0].formatter)
    level = base.level
    base.addHandler(capture)
    base.setLevel(logging.INFO)
    try:
        yield capture.lines
    finally:
        base.removeHandler(capture)
        base.setLevel(level)


def _lines(lines: list[dict[str, Any]], message: str) -> list[dict[str, Any]]:
    return [line for line in lines if line.get("message") == message]


def test_a_handler_running_meanwhile_in_another_thread_keeps_its_own_keys(stack, api, tool_server, log_lines):
    agent = api.create_agent()
    tool = register_tool(api, tool_server, "meanwhile")
    subscribe(api, tool, "HEARTBEAT", agent["id"])

    def scan_meanwhile(request: dict[str, Any]) -> dict[str, Any]:
        # Another function runs (another thread, same process) while this action is in flight.
        lambdas.invoke("heartbeat_scan", scheduled_event(LONG_AGO))
        return {"success": True}

    tool_server.behaviours["meanwhile"] = scan_meanwhile
    hb = run_heartbeat(stack, api, agent["id"])
    [action] = hb["actions"]

    scans = _lines(log_lines, "scan finished")
    assert len(scans) == len(stack.scan_groups()) + 1  # run_heartbeat's tick (one scan per group), and the one during the action
    assert all(line["function_name"] == "heartbeat_scan" for line in scans)
    assert not any({"action_id", "agent_id", "heartbeat_id"} & set(line) for line in scans)
    processed = [line for line in _lines(log_lines, "action processed") if line.get("action_id") == action["id"]]
    assert processed and all(line["function_name"] == "tool_runner" for line in processed)
    api.patch(f"/agents/{agent['id']}", json={"is_active": False})


def test_a_later_invocation_carries_no_ids_of_an_earlier_one(stack, api, log_lines):
    agent = api.create_agent()
    run_heartbeat(stack, api, agent["id"])
    assert any(line.get("agent_id") == agent["id"] for line in _lines(log_lines, "heartbeat advanced"))

    lambdas.invoke("heartbeat_scan", scheduled_event(LONG_AGO))

    last = _lines(log_lines, "scan finished")[-1]
    assert last["function_name"] == "heartbeat_scan"
    assert not {"agent_id", "heartbeat_id", "action_id"} & set(last)
    api.patch(f"/agents/{agent['id']}", json={"is_active": False})
