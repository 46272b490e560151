"""``make rehearse``: the synthesized stack created in moto's CloudFormation (server
mode), every output there, and a first session run through the deployed functions'
configuration. One run of the rehearsal itself, as a user runs it (about a minute:
its own synthesis, with the scripted model as the default provider, then the stack)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = [pytest.mark.infra, pytest.mark.long(seconds=90)]

ROOT = Path(__file__).resolve().parents[2]
STEPS = ("synth", "moto", "bootstrap", "create stack", "configuration", "key", "agent", "heartbeat", "webhook", "ingest", "thread", "function logs")


def test_the_stack_deploys_in_moto_and_a_first_session_runs_through_its_deployed_functions():
    done = subprocess.run([sys.executable, "-m", "wakeful_dev.rehearsal"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    output = done.stdout + done.stderr
    passed = [step for step in STEPS if f"✓ {step} (" in done.stdout]
    assert passed == list(STEPS), output[-6000:]
    assert done.returncode == 0, output[-6000:]
    assert "rehearsal passed in" in done.stdout
