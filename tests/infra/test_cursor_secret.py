"""List cursors on AWS are signed with a key the stack generates for the deployment: a
Secrets Manager secret whose ARN (never its value) only the functions that list get,
with read access to it alone. No key is derived from names an attacker can learn."""

from __future__ import annotations

from typing import Any

import pytest

from infra.functions import specs
from tests.infra.test_stack import _as_list, _functions, _role_policies
from wakeful import constants

pytestmark = pytest.mark.infra


def _readable_secrets(synth: Any, role_id: str) -> list[Any]:
    """The resources of every GetSecretValue a role's policies (overflow ones included) allow."""
    found = []
    for policy in _role_policies(synth).values():
        if {"Ref": role_id} in policy["Properties"]["Roles"]:
            for statement in policy["Properties"]["PolicyDocument"]["Statement"]:
                if "secretsmanager:GetSecretValue" in _as_list(statement["Action"]):
                    found.extend(_as_list(statement["Resource"]))
    return found


def _cursor_secret(synth: Any) -> str:
    (secret,) = [k for k in synth.resources("AWS::SecretsManager::Secret") if k.startswith("CursorKey")]
    return secret


def test_the_cursor_key_is_a_random_string_secrets_manager_generates_at_deploy_time(synth) -> None:
    properties = synth.template["Resources"][_cursor_secret(synth)]["Properties"]
    assert "SecretString" not in properties  # nothing in the template
    assert properties["GenerateSecretString"]["PasswordLength"] >= 32


def test_only_the_functions_that_list_know_the_cursor_secret_and_none_holds_a_key(synth) -> None:
    secret = {"Ref": _cursor_secret(synth)}
    function_specs = specs()
    listers = set()
    for name, function in _functions(synth).items():
        env = function["Properties"]["Environment"]["Variables"]
        assert constants.ENV_CURSOR_KEY not in env, name
        if constants.ENV_CURSOR_SECRET in env:
            assert env[constants.ENV_CURSOR_SECRET] == secret, name
            listers.add(name)
    assert listers == {n for n, s in function_specs.items() if s.cursors} == {"api"}


def test_each_function_may_read_only_the_secrets_its_spec_needs(every_option) -> None:
    secrets = {k: {"Ref": k} for k in every_option.resources("AWS::SecretsManager::Secret")}
    by_purpose = {prefix: next(ref for k, ref in secrets.items() if k.startswith(prefix)) for prefix in ("CursorKey", "AnthropicApiKey", "OpenAIApiKey")}
    function_specs = specs()
    for name, function in _functions(every_option).items():
        spec = function_specs[name]
        role_id = function["Properties"]["Role"]["Fn::GetAtt"][0]
        readable = _readable_secrets(every_option, role_id)
        expected = ([by_purpose["CursorKey"]] if spec.cursors else []) + (
            [by_purpose["AnthropicApiKey"], by_purpose["OpenAIApiKey"]] if spec.llm else []
        )
        assert sorted(map(str, readable)) == sorted(map(str, expected)), name
