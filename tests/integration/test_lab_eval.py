"""``wakeful eval``: the example eval file passes against the scripted model, a case
that must fail fails (a false silence), and the last line is ``N passed, N failed``."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.thread_helpers import make_agent
from wakeful_dev import cli
from wakeful_dev.eval import run

pytestmark = pytest.mark.long(seconds=60)

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def scripted(claude: fake.FakeAnthropic) -> None:
    claude.converse(json.loads((EXAMPLES / "heartbeat-eval.script.json").read_text()))


def test_eval_example_passes_and_exits_0(stack, api, claude: fake.FakeAnthropic, capsys):
    scripted(claude)
    agent = make_agent(api)

    status = cli.main(["eval", str(EXAMPLES / "heartbeat-eval.yaml"), "--api", stack.api_url, "--key", api.key, "--agent", agent["id"]])

    lines = capsys.readouterr().out.strip().splitlines()
    assert status == 0, lines
    assert sum(line.startswith("✓ ") for line in lines) == 6
    assert lines[-2].startswith("false silences: 0 · false alarms: 0 · cost: $")
    assert lines[-1] == "6 passed, 0 failed"


def test_eval_counts_a_false_silence_fails_and_exits_1(stack, api, claude: fake.FakeAnthropic, tmp_path):
    scripted(claude)
    agent = make_agent(api)
    case = {"name": "a quiet answer where a finding was due", "prompt": "Check the homelab", "heartbeat_checklist": ["disk"], "expect": {"outcome": "finding"}}
    path = tmp_path / "eval.json"
    path.write_text(json.dumps({"agent_id": agent["id"], "cases": [case]}))
    out = io.StringIO()

    status = run(str(path), stack.api_url, api.key, out=out)

    lines = out.getvalue().strip().splitlines()
    assert status == 1
    assert lines[0] == "✗ a quiet answer where a finding was due  expected finding, got heartbeat_ok (false silence)"
    assert lines[-2].startswith("false silences: 1 · false alarms: 0")
    assert lines[-1] == "0 passed, 1 failed"


@pytest.mark.parametrize("text", ["not json", json.dumps({"cases": []}), json.dumps({"agent_id": "a", "cases": [{"name": "x", "oops": 1}]})])
def test_eval_of_a_malformed_file_exits_2_without_a_summary(tmp_path, text: str, capsys: Any):
    path = tmp_path / "eval.json"
    path.write_text(text)

    status = run(str(path), "http://127.0.0.1:9", "key")

    captured = capsys.readouterr()
    assert status == 2 and captured.out == "" and captured.err.startswith("error: ")
