"""The ingest functions stay small: neither the webhook_ingest nor the SQS
ingest handler, with everything it loads at its first call, imports the management API
(the resolver, every route module), the model client or anthropic. Checked in a fresh
interpreter. (Every handler loads every capability's manifest, the llm's among them:
data, which the assembly installs.)"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROBE = """
import json, sys
import {modules}
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in ("wakeful", "anthropic", "aws_lambda_powertools"))))
"""


@pytest.mark.parametrize(
    "modules",
    ["functions.webhook_ingest.handler, wakeful.webhooks.receive", "functions.ingest.handler, wakeful.ingest.sqs"],
)
def test_ingest_handlers_import_neither_the_management_api_nor_anthropic(modules: str) -> None:
    done = subprocess.run([sys.executable, "-c", PROBE.format(modules=modules)], cwd=ROOT, capture_output=True, text=True, check=True)
    loaded = json.loads(done.stdout)
    assert any(m.startswith("wakeful.events") for m in loaded)  # the probe saw the domain load
    # The llm manifest, and the slot it fills with the model providers' entries and the spend
    # guard's gate (data: no client, no provider module).
    manifests = {"wakeful.llm", "wakeful.llm.manifest", "wakeful.llm.slots"}
    forbidden = [m for m in loaded if m == "anthropic" or m.startswith(("anthropic.", "wakeful.api", "wakeful.llm", "aws_lambda_powertools.event_handler", "aws_lambda_powertools.utilities.batch")) and m not in manifests]
    assert forbidden == []
