"""One synthesis of the CDK app per test run (it takes ~20 s), offline
(tests/support/synth.py)."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("JSII_SILENCE_WARNING_DEPRECATED_NODE_VERSION", "1")
os.environ.setdefault("JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION", "20")


@dataclass
class Synth:
    """What the tests read: the template, cdk-nag's findings, the cloud assembly dir."""

    template: dict[str, Any]
    findings: list[str]
    outdir: Path
    _lint: list[Any] | None = field(default=None, repr=False)

    def resources(self, type_: str) -> dict[str, dict[str, Any]]:
        return {k: v for k, v in self.template["Resources"].items() if v["Type"] == type_}

    def path_of(self, logical_id: str) -> str:
        return self.template["Resources"][logical_id].get("Metadata", {}).get("aws:cdk:path", "")

    def cfn_lint(self) -> list[Any]:
        """cfn-lint's matches on the template (run once, on demand)."""
        if self._lint is None:
            from cfnlint.api import ManualArgs, lint

            self._lint = lint(json.dumps(self.template), config=ManualArgs(regions=["us-east-1"]))
        return self._lint


#: A deployment with every optional setting that adds to the functions' environment: the
#: model providers (Bedrock's default model chosen by region), the platforms' proxies,
#: retention; and the archive's own settings.
EVERY_OPTION = {
    "wakeful:retentionDays": "90",
    "wakeful:archiveColdDays": "120",
    "wakeful:archiveStorageClass": "deep_archive",
    "wakeful:llmProviders": "bedrock,openai",
    "wakeful:llmProvider": "bedrock",
    "wakeful:slackApiUrl": "https://slack-proxy.platforms.example.com/api",
    "wakeful:discordApiUrl": "https://discord-proxy.platforms.example.com/api/v10",
    "wakeful:telegramApiUrl": "https://telegram-proxy.platforms.example.com",
}


def _synthesize(outdir: Path, context: dict[str, Any] | None = None) -> tuple[dict[str, Any], list[str]]:
    from aws_cdk import App

    from infra.app import build

    context = {"wakeful:layerDeps": "none", "aws:cdk:enable-path-metadata": True, **(context or {})}
    app, stack = build(App(outdir=str(outdir), context=context))
    artifact = app.synth().get_stack_artifact(stack.artifact_id)
    findings = [
        f"{message.id}: {message.entry.data}"
        for message in artifact.messages
        if str(message.entry.data).startswith(("AwsSolutions-", "Serverless-"))
        and "INFO" not in str(message.level)
    ]
    return artifact.template, findings


@pytest.fixture(scope="session")
def synth(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Synth:
    """The run's one synthesis (tests/support/synth.py): under xdist the workers share
    it, with the IAM audit of the integration suites too (a synthesis costs about 15 s
    of CPU)."""
    from tests.support.synth import SharedSynthesis, shared_directory

    synthesis = SharedSynthesis(shared_directory(tmp_path_factory, worker_id))
    done = synthesis.result()
    return Synth(template=done["template"], findings=done["findings"], outdir=synthesis.outdir)


@pytest.fixture(scope="session")
def every_option(tmp_path_factory: pytest.TempPathFactory) -> Synth:
    """The stack synthesized with :data:`EVERY_OPTION` (and no region: CloudFormation's
    conditions choose Bedrock's default model)."""
    outdir = tmp_path_factory.mktemp("cdk.out.every-option")
    template, findings = _synthesize(outdir, EVERY_OPTION)
    return Synth(template=template, findings=findings, outdir=outdir)
