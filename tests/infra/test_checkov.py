"""checkov, an outside IaC scanner, on the synthesized template: every check it fails is
a decision written down in ``infra/checkov_skips.py`` (and docs/operations.md), and our
own policies (``infra/checkov_policies/``) hold on every resource they cover.

checkov runs once, offline, from the virtualenv ``make install`` gives it
(``.venv/checkov``, locked in ``requirements/checkov.txt``): it cannot share ``.venv``,
whose boto3, botocore and packaging are newer than the ones it pins.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from infra.checkov_skips import POLICIES_DIR, SKIPS

pytestmark = pytest.mark.infra

ROOT = Path(__file__).resolve().parents[2]
CHECKOV_LOCK = ROOT / "requirements" / "checkov.txt"
#: Where ``make install`` puts checkov; ``WAKEFUL_CHECKOV`` names another executable.
CHECKOV = Path(os.environ.get("WAKEFUL_CHECKOV") or Path(sys.prefix) / "checkov" / "bin" / "checkov")
QUEUE_POLICY = "CKV_WAKEFUL_SQS_1"

#: checkov calls no one: no guideline mapping download (with ``--skip-download``) and no
#: look-up of its latest version on PyPI (done at import unless this is set).
OFFLINE = {"BC_SKIP_MAPPING": "TRUE", "CKV_SKIP_PACKAGE_UPDATE_CHECK": "TRUE"}

TEMPLATE = "Wakeful.template.json"
#: Queues the queue policy must fail (the first two) and pass, scanned in the same run.
QUEUE_CASES = "queue-cases.template.json"
_CASES: dict[str, dict[str, Any]] = {
    "Unstated": {},
    "SseOff": {"SqsManagedSseEnabled": False},
    "SseSqs": {"SqsManagedSseEnabled": True},
    "KmsKey": {"KmsMasterKeyId": "alias/aws/sqs"},
}


@dataclass(frozen=True)
class Result:
    check_id: str
    check_name: str
    resource: str  # "AWS::SQS::Queue.QueuesIngestQueueD6ABE5D4"
    file: str  # the scanned file's name
    passed: bool


@dataclass(frozen=True)
class Report:
    results: list[Result]
    summary: dict[str, Any]

    def of(self, file: str, *, passed: bool) -> list[Result]:
        return [r for r in self.results if r.file == file and r.passed is passed]

    def __repr__(self) -> str:  # a failing test shows the summary, not 400 results
        return f"Report(summary={self.summary})"


def _run_checkov(template: dict[str, Any], workdir: Path) -> dict[str, Any]:
    """checkov's JSON report on the template and the queue cases."""
    if not CHECKOV.is_file():
        pytest.fail(
            f"checkov is not installed at {CHECKOV}: `make install` installs it from "
            f"{CHECKOV_LOCK.relative_to(ROOT)} into a virtualenv of its own"
        )
    workdir.mkdir(parents=True, exist_ok=True)
    (workdir / TEMPLATE).write_text(json.dumps(template))
    cases = {name: {"Type": "AWS::SQS::Queue", "Properties": props} for name, props in _CASES.items()}
    (workdir / QUEUE_CASES).write_text(json.dumps({"AWSTemplateFormatVersion": "2010-09-09", "Resources": cases}))
    env = {**os.environ, **OFFLINE}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # checkov caches its bytecode: ~3 s a run
    command = [
        str(CHECKOV), "--framework", "cloudformation", "--file", TEMPLATE, "--file", QUEUE_CASES,
        "--external-checks-dir", str(POLICIES_DIR), "--skip-download", "--compact", "--output", "json",
    ]  # fmt: skip
    done = subprocess.run(command, cwd=workdir, env=env, capture_output=True, text=True, timeout=600)
    # 0: every check passed, 1: some failed; anything else is checkov failing to run.
    assert done.returncode in (0, 1), f"checkov exited {done.returncode}:\n{done.stderr[-4000:]}"
    output = json.loads(done.stdout)
    (report,) = output if isinstance(output, list) else [output]
    return report


@pytest.fixture(scope="module")
def checkov(synth, tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Report:
    """One checkov run over the synthesized template and the queue cases; under xdist the
    first worker to take the lock runs it and the others read its report."""
    if worker_id == "master":
        report = _run_checkov(synth.template, tmp_path_factory.mktemp("checkov"))
    else:
        shared = tmp_path_factory.getbasetemp().parent  # one per run, common to its workers
        saved = shared / "checkov-report.json"
        with open(shared / "checkov.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not saved.exists():
                saved.write_text(json.dumps(_run_checkov(synth.template, shared / "checkov")))
        report = json.loads(saved.read_text())
    results = [
        Result(r["check_id"], r["check_name"], r["resource"], Path(r["file_abs_path"]).name, passed)
        for key, passed in (("passed_checks", True), ("failed_checks", False))
        for r in report["results"][key]
    ]
    return Report(results=results, summary=report["summary"])


def test_checkov_scans_every_resource_of_the_template(checkov, synth):
    assert checkov.summary["parsing_errors"] == 0
    assert checkov.summary["resource_count"] == len(synth.template["Resources"]) + len(_CASES)


def test_checkov_fails_no_check_outside_the_skip_list(checkov):
    unexpected = sorted(
        f"{r.check_id} on {r.resource}: {r.check_name}" for r in checkov.of(TEMPLATE, passed=False) if r.check_id not in SKIPS
    )
    assert not unexpected, "checkov failed these; fix them in infra/, or skip the check with a reason in " + (
        "infra/checkov_skips.py:\n" + "\n".join(unexpected)
    )


def test_every_skipped_check_still_fails_somewhere(checkov):
    failing = {r.check_id for r in checkov.of(TEMPLATE, passed=False)}
    stale = sorted(f"{check}: {reason}" for check, reason in SKIPS.items() if check not in failing)
    assert not stale, "these skipped checks pass now; drop them from infra/checkov_skips.py and docs/operations.md:\n" + (
        "\n".join(stale)
    )


def test_every_queue_states_its_encryption_at_rest(checkov, synth):
    queues = {f"AWS::SQS::Queue.{logical_id}" for logical_id in synth.resources("AWS::SQS::Queue")}
    assert len(queues) >= 13  # the work queues and their DLQs, and the scan DLQ
    passed = {r.resource for r in checkov.of(TEMPLATE, passed=True) if r.check_id == QUEUE_POLICY}
    failed = {r.resource for r in checkov.of(TEMPLATE, passed=False) if r.check_id == QUEUE_POLICY}
    assert (passed, failed) == (queues, set())


def test_the_queue_policy_fails_a_queue_that_does_not_state_its_encryption(checkov):
    def verdicts(passed: bool) -> set[str]:
        return {r.resource.split(".")[-1] for r in checkov.of(QUEUE_CASES, passed=passed) if r.check_id == QUEUE_POLICY}

    assert verdicts(False) == {"Unstated", "SseOff"}
    assert verdicts(True) == {"SseSqs", "KmsKey"}


def test_checkov_is_the_locked_version(checkov):
    (pinned,) = re.findall(r"^checkov==(\S+)", CHECKOV_LOCK.read_text(), flags=re.MULTILINE)
    assert checkov.summary["checkov_version"] == pinned, "run `make install` to install the locked checkov"


def test_every_skip_is_explained_in_the_operations_doc():
    doc = (ROOT / "docs" / "operations.md").read_text()
    assert [check for check in SKIPS if f"`{check}`" not in doc] == []
    assert f"`{QUEUE_POLICY}`" in doc


def test_the_checkov_lock_pins_every_package_with_a_hash():
    lines = CHECKOV_LOCK.read_text().splitlines()
    pins = [(i, line) for i, line in enumerate(lines) if re.match(r"^[A-Za-z0-9._-]+==", line)]
    assert any(line.startswith("checkov==") for _, line in pins)
    assert [line for i, line in pins if "--hash=sha256:" not in lines[i + 1]] == []
