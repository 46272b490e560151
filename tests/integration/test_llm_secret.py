"""The Anthropic key read at run time from a Secrets Manager secret (moto), through
Powertools parameters: cached for its max age, a rotated key used without a redeploy,
a 401 dropping the cached key, the stack's placeholder refused with a clear message."""

from __future__ import annotations

import uuid
from typing import Any, Iterator

import pytest
from pydantic import BaseModel

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from wakeful import aws, constants
from wakeful.llm import credentials, settings
from wakeful.llm.client import LLMSession
from wakeful.llm.exceptions import LLMConfigurationError, LLMProviderError
from wakeful.llm.models import LLMRequest, ResponseSpec
from wakeful_dev import provision


class Verdict(BaseModel):
    ok: bool


SPEC = ResponseSpec("verdict", "Decide.", {"type": "object", "properties": {"ok": {"type": "boolean"}}, "required": ["ok"]}, Verdict)


@pytest.fixture()
def secret(claude: fake.FakeAnthropic, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A fresh secret holding a key, configured as the key's source (no env key)."""
    name = f"wakeful/test-anthropic-{uuid.uuid4().hex[:8]}"
    provision.create_anthropic_secret("sk-ant-from-secret-1", name)
    monkeypatch.setenv(constants.ENV_ANTHROPIC_SECRET, name)
    monkeypatch.delenv("ANTHROPIC_API_KEY")
    credentials.forget()
    settings.reset()
    yield name
    credentials.forget()
    monkeypatch.undo()
    settings.reset()


def _rotate(name: str, value: str) -> None:
    aws.client("secretsmanager").put_secret_value(SecretId=name, SecretString=value)


def _ask(claude: fake.FakeAnthropic) -> str:
    """One model call; the key the fake API received."""
    claude.push(fake.tool_use({"ok": True}))
    session = LLMSession({"agent_id": ""}, tool="Test", action_id="")
    session.ask(LLMRequest(task="Decide.", data={}, response=SPEC, agent={}), "decide")
    sent = claude.headers[-1]
    return sent.get("x-api-key") or sent.get("authorization", "").removeprefix("Bearer ")


def test_the_provider_is_anthropic_when_a_key_secret_is_configured(secret: str) -> None:
    chosen = settings.get_settings()
    assert chosen.provider == "anthropic" and secret in chosen.provider_reason


def test_a_model_call_sends_the_key_read_from_the_secret(claude: fake.FakeAnthropic, secret: str) -> None:
    assert _ask(claude) == "sk-ant-from-secret-1"


def test_the_key_is_cached_for_its_max_age(secret: str) -> None:
    assert credentials.api_key() == "sk-ant-from-secret-1"
    _rotate(secret, "sk-ant-from-secret-2")
    assert credentials.api_key() == "sk-ant-from-secret-1"  # within the default 300 s


def test_a_rotated_key_is_used_once_the_cached_value_expires(
    claude: fake.FakeAnthropic, secret: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(constants.ENV_ANTHROPIC_SECRET_MAX_AGE, "0")
    settings.reset()
    assert _ask(claude) == "sk-ant-from-secret-1"
    _rotate(secret, "sk-ant-from-secret-2")
    assert _ask(claude) == "sk-ant-from-secret-2"


def test_a_401_drops_the_cached_key_so_the_next_call_reads_the_rotated_one(claude: fake.FakeAnthropic, secret: str) -> None:
    assert _ask(claude) == "sk-ant-from-secret-1"
    _rotate(secret, "sk-ant-from-secret-2")
    claude.push(fake.error(401, "authentication_error", "invalid x-api-key"))
    with pytest.raises(LLMProviderError, match="401"):
        session = LLMSession({"agent_id": ""}, tool="Test", action_id="")
        session.ask(LLMRequest(task="Decide.", data={}, response=SPEC, agent={}), "decide")
    assert _ask(claude) == "sk-ant-from-secret-2"


def test_the_stacks_placeholder_value_is_refused_with_the_command_to_put_the_key(secret: str) -> None:
    _rotate(secret, constants.ANTHROPIC_SECRET_PLACEHOLDER)
    with pytest.raises(LLMConfigurationError, match="put-secret-value"):
        credentials.api_key(force_fetch=True)


def test_an_unknown_secret_is_a_configuration_error_naming_it(secret: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(constants.ENV_ANTHROPIC_SECRET, "wakeful/no-such-secret")
    settings.reset()
    with pytest.raises(LLMConfigurationError, match="wakeful/no-such-secret"):
        credentials.api_key()


def test_without_a_secret_the_environment_key_is_used(claude: fake.FakeAnthropic) -> None:
    assert credentials.secret_id() is None
    assert _ask(claude) == "sk-ant-test-fake"


def test_wakeful_dev_puts_anthropic_api_key_in_a_secret_the_functions_then_read(stack: Any) -> None:
    environ = {"ANTHROPIC_API_KEY": "sk-ant-dev-1"}
    name = provision.anthropic_key_to_secret(environ)
    assert name == constants.DEV_ANTHROPIC_SECRET_NAME == environ[constants.ENV_ANTHROPIC_SECRET]
    assert aws.client("secretsmanager").get_secret_value(SecretId=name)["SecretString"] == "sk-ant-dev-1"
    assert settings.settings_from_env(environ).provider_reason.endswith(f"Secrets Manager ({name})")
    environ = {"ANTHROPIC_API_KEY": "sk-ant-dev-2"}
    provision.anthropic_key_to_secret(environ)  # a reused emulator: the secret gets the new value
    assert aws.client("secretsmanager").get_secret_value(SecretId=name)["SecretString"] == "sk-ant-dev-2"


def test_wakeful_dev_makes_no_secret_without_a_key(stack: Any) -> None:
    environ: dict[str, str] = {}
    assert provision.anthropic_key_to_secret(environ) is None and environ == {}
