"""What a run cost, at its end: the stream's end event carries ``metadata.usage`` (the
run's own model calls, summed and priced) and ``wakeful tail`` prints it. Real threads
on the local stack (``wakeful dev``'s runtime), the model being the real anthropic SDK
against the fake Messages API, whose token counts are known."""

from __future__ import annotations

import io
import subprocess
import sys
from typing import Any

import pytest

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.thread_helpers import make_agent, start, thread
from wakeful.llm import pricing
from wakeful_dev.tail import Printer

pytestmark = pytest.mark.e2e

MODEL = "claude-sonnet-4-6"


def priced(usages: list[dict[str, int]]) -> float:
    return sum(
        pricing.cost_usd(MODEL, u["input_tokens"], u["output_tokens"], u.get("cache_read_input_tokens", 0), u.get("cache_creation_input_tokens", 0), provider="anthropic")
        for u in usages
    )


def ends(api: Any, agent_id: str, thread_id: str) -> list[dict[str, Any]]:
    response = api.get(f"/agents/{agent_id}/threads/{thread_id}/stream-events", params={"limit": 1000})
    assert response.status_code == 200, response.text
    return [e for e in response.json()["items"] if e["type"] in ("completed", "error")]


def test_tail_prints_the_runs_cost_from_its_own_model_calls_at_the_run_end(stack: Any, api: Any, claude: fake.FakeAnthropic) -> None:  # noqa: F811
    claude.converse([{"match": "", "turns": [
        {"text": "Looking.", "tool_calls": [{"name": "recall", "input": {"query": "disk"}}]},
        {"tool_calls": [{"name": "complete_task", "input": {"summary": "disk fine"}}]},
    ]}])  # fmt: skip
    agent = make_agent(api)
    thread_id = start(api, agent["id"], "check the disk")
    stack.drain()
    assert thread(api, agent["id"], thread_id)["status"] == "complete" and len(claude.usages) == 2

    (end,) = ends(api, agent["id"], thread_id)
    usage = end["metadata"]["usage"]
    assert usage["calls"] == 2
    assert usage["input_tokens"] == sum(u["input_tokens"] for u in claude.usages)
    assert usage["output_tokens"] == sum(u["output_tokens"] for u in claude.usages)
    assert usage["cache_read_tokens"] == sum(u.get("cache_read_input_tokens", 0) for u in claude.usages)
    assert usage["cache_write_tokens"] == sum(u.get("cache_creation_input_tokens", 0) for u in claude.usages)
    want = priced(claude.usages)
    assert want > 0 and usage["usd"] == pytest.approx(want, abs=2e-6)

    done = subprocess.run(
        [sys.executable, "-m", "wakeful_dev.cli", "tail", "--agent", agent["id"], "--thread", thread_id,
         "--api", stack.api_url, "--key", api.key, "--no-color"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    last = done.stdout.splitlines()[-1]
    assert "✓ run completed — disk fine" in last and last.endswith(f"· ${usage['usd']:.4f} (2 calls)"), last


def test_a_woken_runs_end_counts_only_that_runs_model_calls(stack: Any, api: Any, claude: fake.FakeAnthropic) -> None:  # noqa: F811
    claude.converse([{"match": "", "turns": [
        {"tool_calls": [{"name": "recall", "input": {"query": "downloads"}}]},
        {"tool_calls": [{"name": "schedule_wake", "input": {"delay": "60m", "reason": "check again"}}]},
        {"tool_calls": [{"name": "complete_task", "input": {"summary": "resumed"}}]},
    ]}])  # fmt: skip
    agent = make_agent(api)
    thread_id = start(api, agent["id"], "pause the downloads")
    stack.drain()
    assert thread(api, agent["id"], thread_id)["status"] == "sleeping"
    first_run = list(claude.usages)
    response = api.post(f"/agents/{agent['id']}/threads/{thread_id}/messages", json={"message": "go on"})
    assert response.status_code in (200, 201, 202), response.text
    stack.drain()
    assert thread(api, agent["id"], thread_id)["status"] == "complete"
    second_run = claude.usages[len(first_run):]

    slept, completed = ends(api, agent["id"], thread_id)
    assert slept["metadata"]["status"] == "sleeping" and completed["metadata"]["status"] == "complete"
    assert slept["metadata"]["usage"]["calls"] == 2 and completed["metadata"]["usage"]["calls"] == len(second_run) == 1
    assert completed["metadata"]["usage"]["input_tokens"] == second_run[0]["input_tokens"]
    assert completed["metadata"]["usage"]["usd"] == pytest.approx(priced(second_run), abs=2e-6)


@pytest.mark.parametrize(
    "kind, metadata, content, shown",
    [
        ("completed", {"status": "complete", "usage": {"calls": 3, "usd": 0.00421}}, None, "✓ run completed  · $0.0042 (3 calls)"),
        ("completed", {"status": "sleeping", "wake_at": "2026-01-01T12:00:00.000Z", "usage": {"calls": 1, "usd": 0.0001}}, None, "sleeping until 2026-01-01T12:00:00.000Z  · $0.0001 (1 call)"),
        ("error", {"status": "failed", "usage": {"calls": 0, "usd": 0}}, "budget exceeded", "✗ run failed: budget exceeded  · $0.0000 (0 calls)"),
        ("completed", {"status": "complete"}, None, "✓ run completed"),
    ],
)
def test_the_printer_adds_the_runs_cost_to_its_end_line(kind: str, metadata: dict[str, Any], content: str | None, shown: str) -> None:
    body = {"id": 9, "type": kind, "metadata": {"thread_id": "thr_1", **metadata}}
    if content:
        body["content"] = content
    out = io.StringIO()
    Printer(out=out, color=False, show_thread=False).event(body)
    assert out.getvalue().rstrip("\n").endswith(shown), out.getvalue()


def test_an_escalated_triage_runs_end_counts_the_triage_call_and_the_agents_call(stack: Any, api: Any, claude: fake.FakeAnthropic) -> None:  # noqa: F811
    from tests.integration.schedule_helpers import heartbeat_schedule
    from tests.integration.test_flow_triage import MAIN, TRIAGE, run, with_triage
    from tests.integration.test_schedules_threads import answer

    agent = with_triage(api)
    claude.converse(answer("The disk is 97% full."))
    schedule = heartbeat_schedule(api, agent["id"])
    claude.for_model(TRIAGE, fake.text("The disk might be filling up."))
    result = run(stack, api, agent["id"], schedule["id"])
    assert result["escalated"] is True and len(claude.usages) == 2

    (end,) = ends(api, agent["id"], result["thread_id"])
    usage = end["metadata"]["usage"]
    triage, main = claude.usages
    want = sum(
        pricing.cost_usd(model, u["input_tokens"], u["output_tokens"], u.get("cache_read_input_tokens", 0), u.get("cache_creation_input_tokens", 0), provider="anthropic")
        for model, u in ((TRIAGE, triage), (MAIN, main))
    )
    assert usage["calls"] == 2 and usage["input_tokens"] == triage["input_tokens"] + main["input_tokens"]
    assert usage["usd"] == pytest.approx(want, abs=2e-6)
