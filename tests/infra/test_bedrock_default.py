"""Bedrock's default model follows the deployment's region: the default model's
cross-region inference profile of the region's geography (``us.``, ``eu.``, ``jp.``,
``au.``, ``us-gov.``), or its ``global.`` profile where the geography has none (the
default model has no ``apac.`` profile). A template synthesized without a region
chooses as CloudFormation deploys it; ``-c wakeful:bedrockModels`` still overrides
(tests/infra/test_llm_providers_infra.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from infra.functions import specs
from infra.settings import BEDROCK_DEFAULT_BASE_MODEL, bedrock_default_model
from tests.infra.lambda_env import ACCOUNT, Resolver, world
from tests.infra.test_stack import _as_list, _functions, _role_policies
from wakeful import constants
from wakeful.llm.settings import DEFAULT_MODELS

pytestmark = pytest.mark.infra

#: A region of each family -> the profile prefix of its default model.
FAMILIES = {
    "us-east-1": "us",
    "us-west-2": "us",
    "eu-west-1": "eu",
    "eu-central-1": "eu",
    "ap-northeast-1": "jp",
    "ap-southeast-2": "au",
    "ap-south-1": "global",  # Asia Pacific outside Japan and Australia: no apac. profile for it
    "ap-southeast-1": "global",
    "ca-central-1": "global",
    "sa-east-1": "global",
    "us-gov-west-1": "us-gov",
}


def _invocable(synth: Any, name: str) -> list[Any]:
    """The resources a function's role may call bedrock:InvokeModel on."""
    role_id = _functions(synth)[name]["Properties"]["Role"]["Fn::GetAtt"][0]
    found = []
    for policy in _role_policies(synth).values():
        if {"Ref": role_id} in policy["Properties"]["Roles"]:
            for statement in policy["Properties"]["PolicyDocument"]["Statement"]:
                if "bedrock:InvokeModel" in _as_list(statement["Action"]):
                    found.extend(_as_list(statement["Resource"]))
    return found


@pytest.mark.parametrize(("region", "prefix"), FAMILIES.items())
def test_the_default_model_is_the_inference_profile_of_the_regions_geography_or_the_global_one(region: str, prefix: str) -> None:
    assert bedrock_default_model(region) == f"{prefix}.{BEDROCK_DEFAULT_BASE_MODEL}"


@pytest.mark.parametrize(("region", "prefix"), FAMILIES.items())
def test_a_template_without_a_region_gives_the_model_callers_the_profile_of_the_region_it_deploys_to(every_option, region: str, prefix: str) -> None:
    resolver = Resolver(every_option.template, world(region))
    expected = f"{prefix}.{BEDROCK_DEFAULT_BASE_MODEL}"
    callers = [n for n, s in specs().items() if s.llm]
    assert callers
    for name in callers:
        variables = _functions(every_option)[name]["Properties"]["Environment"]["Variables"]
        assert resolver.value(variables[constants.ENV_BEDROCK_MODEL]) == expected, name
        invocable = {resolver.value(r) for r in _invocable(every_option, name)}
        partition = world(region).partition
        assert f"arn:{partition}:bedrock:{region}:{ACCOUNT}:inference-profile/{expected}" in invocable, name
        assert f"arn:{partition}:bedrock:*::foundation-model/{BEDROCK_DEFAULT_BASE_MODEL}" in invocable, name


def test_a_stack_synthesized_for_a_region_names_its_profile_in_the_template(tmp_path) -> None:
    from aws_cdk import App, Environment
    from aws_cdk.assertions import Template

    from infra.settings import STACK_NAME
    from infra.stack import WakefulStack

    context = {"wakeful:layerDeps": "none", "wakeful:llmProviders": "bedrock"}
    stack = WakefulStack(App(outdir=str(tmp_path), context=context), STACK_NAME, env=Environment(account="123456789012", region="eu-west-1"))
    template = Template.from_stack(stack).to_json()
    profile = f"eu.{BEDROCK_DEFAULT_BASE_MODEL}"
    models = {
        r["Properties"]["Environment"]["Variables"].get(constants.ENV_BEDROCK_MODEL)
        for r in template["Resources"].values()
        if r["Type"] == "AWS::Lambda::Function" and "Environment" in r["Properties"]
    }
    assert models == {None, profile}
    assert not template.get("Conditions")  # chosen at synthesis, not by CloudFormation
    assert f":bedrock:eu-west-1:123456789012:inference-profile/{profile}" in json.dumps(template)  # after the partition


def test_the_runtime_default_names_the_same_model_as_the_stacks() -> None:
    assert DEFAULT_MODELS["bedrock"].split(".", 1)[1] == BEDROCK_DEFAULT_BASE_MODEL
