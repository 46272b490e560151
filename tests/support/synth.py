"""One synthesis of the CDK app per test run, offline, shared by every worker.

A synthesis takes ~15 s of CPU. The template tests (``tests/infra``) read it, and so
does the IAM audit of the integration and end-to-end suites (tests/support/iam_audit.py),
which judges the calls the handlers made against the roles it holds. The first worker
that needs it claims it and synthesizes in a subprocess (its heap never loads aws_cdk);
the audit starts it when the local stack starts, so that it runs beside the tests; every
other worker waits for the result file in the run's common temporary directory.

``wakeful:layerDeps=none`` builds the layer from the package alone: nothing is
downloaded and Docker is never used (the layer's local bundling copies files).

``python -m tests.support.synth DIR`` synthesizes into ``DIR/cdk.out`` and writes the
template and cdk-nag's findings to ``DIR/cdk-synth.json``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import traceback
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
RESULT = "cdk-synth.json"
FAILED = "cdk-synth.failed"
CLAIM = "cdk-synth.claim"
OUTDIR = "cdk.out"
#: How long a worker waits for another's synthesis (a loaded machine takes about a minute).
WAIT_SECONDS = 600.0


#: The deployment the IAM audit judges the suites' calls against: the default one, with
#: the optional model providers enabled and the Bedrock models the suites call in-process
#: granted (a deployment whose agents use Bedrock names its models the same way).
AUDIT_CONTEXT = {
    "wakeful:llmProviders": "bedrock,openai",
    "wakeful:bedrockModels": ",".join(
        (
            "us.anthropic.claude-sonnet-4-5-20250929-v1:0",
            "us.anthropic.claude-haiku-4-5-20251001-v1:0",
            "us.anthropic.claude-opus-4-1-20250805-v1:0",
            "anthropic.claude-sonnet-4-5-20250929-v1:0",
            "anthropic.claude-3-haiku-20240307-v1:0",
        )
    ),
}


def synthesize(outdir: Path) -> dict[str, Any]:
    """The default template and cdk-nag's findings, and the IAM audit's template
    (:data:`AUDIT_CONTEXT`), synthesized in this process."""
    os.environ.setdefault("JSII_SILENCE_WARNING_DEPRECATED_NODE_VERSION", "1")
    os.environ.setdefault("JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION", "20")
    from aws_cdk import App

    from infra.app import build

    base = {"wakeful:layerDeps": "none", "aws:cdk:enable-path-metadata": True}
    app, stack = build(App(outdir=str(outdir), context=base))
    artifact = app.synth().get_stack_artifact(stack.artifact_id)
    findings = [
        f"{message.id}: {message.entry.data}"
        for message in artifact.messages
        if str(message.entry.data).startswith(("AwsSolutions-", "Serverless-")) and "INFO" not in str(message.level)
    ]
    audit_app, audit_stack = build(App(outdir=str(outdir) + "-audit", context={**base, **AUDIT_CONTEXT}))
    audit = audit_app.synth().get_stack_artifact(audit_stack.artifact_id).template
    return {"template": artifact.template, "findings": findings, "audit_template": audit}


class SharedSynthesis:
    """The run's synthesis in ``shared`` (a directory common to the run's workers)."""

    def __init__(self, shared: Path) -> None:
        self.shared = shared
        self.outdir = shared / OUTDIR
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Claim the synthesis and start it in the background, unless a worker has."""
        if self.process is not None:
            return
        self.shared.mkdir(parents=True, exist_ok=True)
        try:
            os.close(os.open(self.shared / CLAIM, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            return
        log = open(self.shared / "cdk-synth.log", "wb")  # noqa: SIM115 - the child writes it
        # Not the local stack's settings (a worker's environment holds them once it runs).
        env = {k: v for k, v in os.environ.items() if not k.startswith(("WAKEFUL_", "AWS_", "MOTO_"))}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.support.synth", str(self.shared)], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT
        )
        log.close()

    def result(self) -> dict[str, Any]:
        """``{"template", "findings"}``, once the synthesis is done."""
        self.start()
        result, failed = self.shared / RESULT, self.shared / FAILED
        deadline = time.monotonic() + WAIT_SECONDS
        while not result.exists():
            if failed.exists():
                raise RuntimeError(f"the CDK synthesis failed:\n{failed.read_text()[-4000:]}")
            if self.process is not None and self.process.poll() is not None and not result.exists():
                log = (self.shared / "cdk-synth.log").read_text(errors="replace")
                raise RuntimeError(f"the CDK synthesis exited with {self.process.returncode}:\n{log[-4000:]}")
            if time.monotonic() > deadline:
                raise TimeoutError(f"no CDK synthesis in {self.shared} after {WAIT_SECONDS:.0f} s")
            time.sleep(0.2)
        return json.loads(result.read_text())

    def template(self) -> dict[str, Any]:
        return self.result()["template"]

    def audit_template(self) -> dict[str, Any]:
        """The template the IAM audit judges against (:data:`AUDIT_CONTEXT`)."""
        return self.result()["audit_template"]


def shared_directory(tmp_path_factory: Any, worker_id: str) -> Path:
    """The run's directory common to its workers (its own one without xdist)."""
    if worker_id == "master":
        return Path(tmp_path_factory.getbasetemp()) / "synth"
    return Path(tmp_path_factory.getbasetemp()).parent


def main(shared: Path) -> int:
    try:
        done = synthesize(shared / OUTDIR)
    except BaseException:  # noqa: BLE001 - every failure is reported to the waiting workers
        (shared / FAILED).write_text(traceback.format_exc())
        raise
    partial = shared / f"{RESULT}.partial"
    partial.write_text(json.dumps(done))
    os.replace(partial, shared / RESULT)
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
