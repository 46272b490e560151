"""Model providers on AWS are deploy settings: the default stack grants no Bedrock access
and creates no OpenAI-compatible key; with ``wakeful:llmProviders=bedrock,openai`` the
functions that call a model (and only they) may invoke the configured Bedrock models
and read the OpenAI-compatible key's secret, and cdk-nag finds nothing."""

from __future__ import annotations

from typing import Any

import pytest

from infra.functions import specs
from tests.infra.test_anthropic_secret import _role_actions
from tests.infra.test_stack import _functions
from wakeful import constants

pytestmark = pytest.mark.infra
PROFILE = "us.anthropic.claude-sonnet-4-5-20250929-v1:0"
MODEL = "anthropic.claude-3-haiku-20240307-v1:0"


@pytest.fixture(scope="module")
def enabled(tmp_path_factory: pytest.TempPathFactory) -> Any:
    from aws_cdk import App

    from infra.app import build
    from tests.infra.conftest import Synth

    outdir = tmp_path_factory.mktemp("cdk.out.llm")
    context = {
        "wakeful:layerDeps": "none",
        "aws:cdk:enable-path-metadata": True,
        "wakeful:llmProviders": "bedrock,openai",
        "wakeful:llmProvider": "bedrock",
        "wakeful:bedrockModels": f"{PROFILE},{MODEL}",
    }
    app, stack = build(App(outdir=str(outdir), context=context))
    artifact = app.synth().get_stack_artifact(stack.artifact_id)
    findings = [
        f"{m.id}: {m.entry.data}" for m in artifact.messages
        if str(m.entry.data).startswith(("AwsSolutions-", "Serverless-")) and "INFO" not in str(m.level)
    ]  # fmt: skip
    return Synth(template=artifact.template, findings=findings, outdir=outdir)


def _bedrock_grants(synth: Any) -> dict[str, list[Any]]:
    out = {}
    for name, function in _functions(synth).items():
        role_id = function["Properties"]["Role"]["Fn::GetAtt"][0]
        out[name] = [(a, r) for a, r in _role_actions(synth, role_id) if a.startswith("bedrock:")]
    return out


def test_the_default_stack_grants_no_bedrock_access_and_has_no_openai_secret(synth) -> None:
    assert all(grants == [] for grants in _bedrock_grants(synth).values())
    assert all(constants.ENV_OPENAI_SECRET not in f["Properties"]["Environment"]["Variables"] for f in _functions(synth).values())


def test_with_bedrock_enabled_only_the_model_callers_may_invoke_the_configured_models(enabled) -> None:
    function_specs = specs()
    grants = _bedrock_grants(enabled)
    callers = {n for n, g in grants.items() if g}
    assert callers == {n for n in grants if function_specs[n].llm} and callers
    for name in callers:
        actions = {a for a, _ in grants[name]}
        assert actions == {"bedrock:InvokeModel", "bedrock:InvokeModelWithResponseStream"}
        resources = [str(r) for _, r in grants[name]]
        assert any(f"inference-profile/{PROFILE}" in r for r in resources)
        assert any(":bedrock:*::foundation-model/anthropic.claude-sonnet-4-5-20250929-v1:0" in r for r in resources)
        assert any(f"::foundation-model/{MODEL}" in r and ":bedrock:*:" not in r for r in resources)
        assert all("*" not in r.replace(":bedrock:*::", "") for r in resources), resources
        env = _functions(enabled)[name]["Properties"]["Environment"]["Variables"]
        assert env[constants.ENV_LLM_PROVIDER] == "bedrock" and env[constants.ENV_BEDROCK_MODEL] == PROFILE


def test_with_openai_enabled_the_model_callers_read_its_secret_which_holds_a_placeholder(enabled) -> None:
    from infra.stack import OUTPUT_OPENAI_SECRET

    secrets = {k: v for k, v in enabled.resources("AWS::SecretsManager::Secret").items() if "OpenAI" in k}
    ((secret_id, secret),) = secrets.items()
    assert secret["Properties"]["SecretString"] == constants.OPENAI_SECRET_PLACEHOLDER
    assert enabled.template["Outputs"][OUTPUT_OPENAI_SECRET]["Value"] == {"Ref": secret_id}
    function_specs = specs()
    for name, function in _functions(enabled).items():
        env = function["Properties"]["Environment"]["Variables"]
        assert (env.get(constants.ENV_OPENAI_SECRET) == {"Ref": secret_id}) == bool(function_specs[name].llm), name


def test_cdk_nag_finds_nothing_with_every_provider_enabled(enabled) -> None:
    assert enabled.findings == []


@pytest.mark.parametrize("context", [{"llmProviders": "bedrock,vertex"}, {"llmProvider": "gemini"}])
def test_an_unknown_provider_is_refused_at_synth(context) -> None:
    from aws_cdk import App

    from infra.settings import DeploySettings

    with pytest.raises(ValueError):
        DeploySettings.from_context(App(context={f"wakeful:{k}": v for k, v in context.items()}))
