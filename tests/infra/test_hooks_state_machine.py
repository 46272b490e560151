"""The deliver-hook state machine in the synthesized template is the definition that
``wakeful dev`` runs in moto (tests/integration/test_hooks_delivery.py checks that
moto holds exactly :func:`wakeful.hooks.definition`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from wakeful import hooks

pytestmark = pytest.mark.infra

ARN = "arn:aws:lambda:us-east-1:123456789012:function:wakeful-deliver-hook"


@pytest.fixture(scope="module")
def synthesized(synth: Any) -> tuple[Path, dict[str, Any]]:
    """(cloud assembly directory, Wakeful stack template): the session's one offline
    synthesis (tests/infra/conftest.py), so that the infra tests synthesize once."""
    return synth.outdir, synth.template


def _state_machine(template: dict[str, Any]) -> dict[str, Any]:
    machines = [r for r in template["Resources"].values() if r["Type"] == "AWS::StepFunctions::StateMachine"]
    assert len(machines) == 1, "expected exactly one state machine (deliver-hook)"
    return machines[0]["Properties"]


def _deployed_definition(directory: Path, props: dict[str, Any]) -> str:
    if "DefinitionString" in props:  # inlined
        return props["DefinitionString"]
    # DefinitionBody.fromFile stages the file as an asset that CloudFormation reads from S3
    return (directory / f"asset.{props['DefinitionS3Location']['Key']}").read_text()


def test_the_template_deploys_the_definition_file_that_wakeful_dev_runs(synthesized):
    directory, template = synthesized
    props = _state_machine(template)

    deployed = _deployed_definition(directory, props)
    # CloudFormation substitutes DefinitionSubstitutions into ${...}; do the same here.
    assert json.loads(deployed.replace("${DeliverFunctionArn}", ARN)) == json.loads(hooks.definition(ARN))
    assert props["StateMachineType"] == "STANDARD"


def test_the_placeholder_is_the_deliver_hook_function(synthesized):
    directory, template = synthesized
    substitutions = _state_machine(template)["DefinitionSubstitutions"]

    assert set(substitutions) == {hooks.DELIVER_FUNCTION_ARN}
    logical_id, attribute = substitutions[hooks.DELIVER_FUNCTION_ARN]["Fn::GetAtt"]
    function = template["Resources"][logical_id]["Properties"]
    assert attribute == "Arn" and template["Resources"][logical_id]["Type"] == "AWS::Lambda::Function"
    # its code asset is functions/deliver_hook
    staged = directory / f"asset.{function['Code']['S3Key'].removesuffix('.zip')}"
    repository = Path(hooks.__file__).resolve().parents[3]
    assert (staged / "handler.py").read_text() == (repository / "functions" / "deliver_hook" / "handler.py").read_text()
    assert function["Handler"] == "handler.handler"
