"""The Anthropic key on AWS: a Secrets Manager secret the stack creates, whose ARN (never
its value) the functions that call a model get, with read access to it alone."""

from __future__ import annotations

import json
from typing import Any

import pytest

from infra.functions import specs
from tests.infra.test_stack import _functions
from wakeful import constants

pytestmark = pytest.mark.infra


def _secret_id(synth) -> str:
    # The stack's other secret, the cursor key's, has tests of its own (test_cursor_secret.py).
    (secret,) = [k for k in synth.resources("AWS::SecretsManager::Secret") if k.startswith("AnthropicApiKey")]
    return secret


def _role_actions(synth, role_id: str) -> list[tuple[str, Any]]:
    """(action, resource) of every identity statement attached to a role: its inline
    policies and the managed "overflow" policies a large role's statements spill into."""
    found = []
    policies = [*synth.resources("AWS::IAM::Policy").values(), *synth.resources("AWS::IAM::ManagedPolicy").values()]
    for resource in policies:
        props = resource["Properties"]
        if {"Ref": role_id} not in props.get("Roles", []):
            continue
        for statement in props["PolicyDocument"]["Statement"]:
            actions = statement["Action"] if isinstance(statement["Action"], list) else [statement["Action"]]
            resources = statement["Resource"] if isinstance(statement["Resource"], list) else [statement["Resource"]]
            found.extend((a, r) for a in actions for r in resources)
    return found


def test_the_stack_creates_the_secret_with_the_placeholder_and_keeps_it_on_delete(synth) -> None:
    from infra.stack import OUTPUT_ANTHROPIC_SECRET  # imports aws_cdk: only where needed

    secret = synth.template["Resources"][_secret_id(synth)]
    assert secret["Properties"]["SecretString"] == constants.ANTHROPIC_SECRET_PLACEHOLDER
    assert secret["DeletionPolicy"] == "Retain"
    assert synth.template["Outputs"][OUTPUT_ANTHROPIC_SECRET]["Value"] == {"Ref": _secret_id(synth)}


def test_only_the_functions_that_call_a_model_know_the_secret_and_none_holds_a_key(synth) -> None:
    secret = {"Ref": _secret_id(synth)}
    function_specs = specs()
    for name, function in _functions(synth).items():
        env = function["Properties"]["Environment"]["Variables"]
        assert "ANTHROPIC_API_KEY" not in env, name
        if function_specs[name].llm:
            assert env[constants.ENV_ANTHROPIC_SECRET] == secret, name
        else:
            assert constants.ENV_ANTHROPIC_SECRET not in env, name


def test_only_the_functions_that_call_a_model_may_read_the_secret(synth) -> None:
    secret = {"Ref": _secret_id(synth)}
    function_specs = specs()
    readers = set()
    for name, function in _functions(synth).items():
        role_id = function["Properties"]["Role"]["Fn::GetAtt"][0]
        grants = [(a, r) for a, r in _role_actions(synth, role_id) if a.startswith("secretsmanager:") and r == secret]
        if grants:
            readers.add(name)
            assert ("secretsmanager:GetSecretValue", secret) in grants, name
    assert readers == {n for n, s in function_specs.items() if s.llm and n in _functions(synth)}
    assert readers  # some function calls a model


def test_a_secret_named_in_the_context_is_referenced_by_name_and_not_created() -> None:
    from aws_cdk import App, Stack
    from aws_cdk import aws_iam as iam
    from aws_cdk.assertions import Template

    from infra.stack import WakefulStack

    stack = Stack(App(context={"wakeful:anthropicSecretName": "team/anthropic-key"}), "Probe")
    secret, secret_id = WakefulStack._anthropic_secret(stack)  # type: ignore[arg-type]
    assert secret_id == "team/anthropic-key"
    secret.grant_read(iam.Role(stack, "Reader", assumed_by=iam.ServicePrincipal("lambda.amazonaws.com")))
    template = Template.from_stack(stack)
    assert template.find_resources("AWS::SecretsManager::Secret") == {}
    (policy,) = template.find_resources("AWS::IAM::Policy").values()
    (statement,) = policy["Properties"]["PolicyDocument"]["Statement"]
    assert "secretsmanager:GetSecretValue" in statement["Action"]
    assert ":secret:team/anthropic-key-??????" in json.dumps(statement["Resource"])
