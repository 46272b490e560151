"""One synthesis of the CDK app per test session (it takes ~20 s), offline.

``wakeful:layerDeps=none`` builds the layer from the package alone: nothing is
downloaded and Docker is never used (the layer's local bundling copies files).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

import pytest

os.environ.setdefault("JSII_SILENCE_WARNING_DEPRECATED_NODE_VERSION", "1")
os.environ.setdefault("JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION", "20")


@dataclass
class Synth:
    """What the tests read: the template, cdk-nag's findings, the cloud assembly dir."""

    template: dict[str, Any]
    findings: list[str]
    outdir: Path
    stack: Any
    _lint: list[Any] | None = field(default=None, repr=False)

    def resources(self, type_: str) -> dict[str, dict[str, Any]]:
        return {k: v for k, v in self.template["Resources"].items() if v["Type"] == type_}

    def path_of(self, logical_id: str) -> str:
        return self.template["Resources"][logical_id].get("Metadata", {}).get("aws:cdk:path", "")

    def cfn_lint(self) -> list[Any]:
        """cfn-lint's matches on the template (run once, on demand)."""
        if self._lint is None:
            import json

            from cfnlint.api import ManualArgs, lint

            self._lint = lint(json.dumps(self.template), config=ManualArgs(regions=["us-east-1"]))
        return self._lint


@pytest.fixture(scope="session")
def synth(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Synth]:
    from aws_cdk import App

    from infra.app import build

    outdir = tmp_path_factory.mktemp("cdk.out")
    app, stack = build(App(outdir=str(outdir), context={"wakeful:layerDeps": "none", "aws:cdk:enable-path-metadata": True}))
    assembly = app.synth()
    artifact = assembly.get_stack_artifact(stack.artifact_id)
    findings = [
        f"{message.id}: {message.entry.data}"
        for message in artifact.messages
        if str(message.entry.data).startswith(("AwsSolutions-", "Serverless-"))
        and "INFO" not in str(message.level)
    ]
    yield Synth(template=artifact.template, findings=findings, outdir=outdir, stack=stack)
